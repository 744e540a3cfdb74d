/**
 * The query engine alone on a catalogue's query index: its size (raw and gzipped), the time to
 * read it, and each of ~1,000 mixed queries (one- and two-word searches, each filter,
 * `ordering=name`, the maintainer list), deterministic for one seed.
 *
 *   node build/scripts/bench-query.js <catalogue dir> [queries] [seed]
 *
 * Build a big catalogue first with `npm run synth -- --ports 40000 --out /dev/shm/...`.
 */
import { gzipSync } from 'node:zlib';
import { ProblemLog } from '../src/core/problems/problem-log.js';
import { locateCatalogue } from '../src/build/catalogue-files.js';
import { preparePorts } from '../src/build/prepare-ports.js';
import { bodyOf } from '../src/render/query-body.js';
import { listingFiles } from '../src/render/listing-files.js';
import { queryIndexBody, queryIndexInput } from '../src/render/query-index.js';
import { decideQuery } from '../src/routes/query/decide-query.js';
import { readQueryIndex } from '../src/routes/query/read-query-index.js';
import { mixedQueries } from './query-mix.js';
import { Rng } from './synth/rng.js';

const [catalogue, queries = '1000', seed = '1'] = process.argv.slice(2);
if (!catalogue) {
  console.error('usage: bench-query <catalogue dir> [queries] [seed]');
  process.exit(2);
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const BASE_URL = 'https://ports.example.org';

function indexText(): string {
  const log = new ProblemLog();
  const prepared = preparePorts(locateCatalogue(process.cwd(), catalogue!), log, false);
  if (!prepared) throw new Error(`the catalogue does not build: ${log.kept[0]?.message}`);
  const { list } = prepared;
  const listings = listingFiles(list.categoryListings(), list.maintainerListings(), BASE_URL, 50);
  const started = performance.now();
  const body = queryIndexBody(queryIndexInput(list, listings.listed, BASE_URL, 50));
  console.log(`made: ${ms(performance.now() - started)}`);
  return body;
}


const text = indexText();
const bytes = Buffer.byteLength(text);
console.log(`index: ${(bytes / 1e6).toFixed(2)} MB raw, ${(gzipSync(text).length / 1e6).toFixed(2)} MB gzipped (level 6), ${(gzipSync(text, { level: 9 }).length / 1e6).toFixed(2)} MB (level 9)`);
let started = performance.now();
const read = readQueryIndex(text);
if (!read.ok) throw new Error(`${read.where}: ${read.message}`);
const { index } = read;
console.log(`read: ${ms(performance.now() - started)} for ${index.ports.names.length} ports, ${index.maintainers.names.length} maintainers, ${index.strings.length} strings`);

const rng = new Rng(Number(seed));
const mixed = mixedQueries(index, Number(queries), rng);
// A first pass to warm the engine's code, as a server's first requests do.
for (const { route, query } of mixed) decideQuery(index, route, query);
// Wall time, and CPU time (the process's, in microseconds): on a shared machine the wall time
// of a query holds whatever ran in its stead.
const times: number[] = [];
const cpuTimes: number[] = [];
const byKind = new Map<string, number[]>();
for (const { kind, route, query } of mixed) {
  const cpu = process.cpuUsage();
  started = performance.now();
  const decision = decideQuery(index, route, query);
  if (decision.kind === 'maintainers' || decision.kind === 'error') bodyOf(index, decision, []);
  const took = performance.now() - started;
  const used = process.cpuUsage(cpu);
  times.push(took);
  cpuTimes.push((used.user + used.system) / 1000);
  byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
}
const summary = (list: readonly number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `median ${ms(percentile(sorted, 50))}, p90 ${ms(percentile(sorted, 90))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)}`;
};
console.log(`${times.length} queries, wall: ${summary(times)}`);
console.log(`${times.length} queries, CPU:  ${summary(cpuTimes)}`);
for (const [kind, list] of byKind) console.log(`  ${kind.padEnd(22)} wall ${summary(list)}`);
