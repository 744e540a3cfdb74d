/**
 * Queries over real HTTP on a built site: `ports-gen serve` answering ~1,000 mixed queries one
 * after another (the latency of each, its median and 99th percentile, and the serving process's
 * resident memory), and Netlify's local emulation with the function: its first query (cold) and
 * the ones after, then the function as packed for it: cold instances, each in a new thread, and
 * one instance called in this process.
 *
 *   node build/scripts/bench-serve-queries.js <built site> [queries] [seed] [--netlify [--noop]]
 *
 * Build a site first, e.g. `npm run synth -- --ports 40000 --out /dev/shm/q/cat` then
 * `ports-gen build --catalogue /dev/shm/q/cat --out /dev/shm/q/site --no-link`. With
 * `--netlify` the site is moved into the emulation's project (build it again afterwards), and
 * `--noop` puts a function that answers `ok` at once in place of ours: what the emulation
 * itself costs a call, with the same rules and queries.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { NETLIFY_FUNCTION } from '../src/hosts/netlify/netlify.js';
import { readQueryIndex } from '../src/routes/query/read-query-index.js';
import { PORTS_ROUTE, MAINTAINERS_ROUTE } from '../src/routes/route-table.js';
import { QUERY_INDEX } from '../src/routes/site-files.js';
import { startNetlify } from '../test/support/netlify.js';
import { mixedQueries } from './query-mix.js';
import { Rng } from './synth/rng.js';

const args = process.argv.slice(2);
const netlify = args.includes('--netlify');
const noop = args.includes('--noop');
const [site, queries = '1000', seed = '1'] = args.filter((arg) => !arg.startsWith('--'));
if (!site || (noop && !netlify)) {
  console.error('usage: bench-serve-queries <built site> [queries] [seed] [--netlify [--noop]]');
  process.exit(2);
}

const read = readQueryIndex(readFileSync(path.join(site, QUERY_INDEX), 'utf8'));
if (!read.ok) throw new Error(`${QUERY_INDEX}: ${read.where}: ${read.message}`);
const targets = mixedQueries(read.index, Number(queries), new Rng(Number(seed))).map(({ route, query }) => {
  if (route.kind === 'port') return `${PORTS_ROUTE.path}${encodeURIComponent(route.name)}/?${query}`;
  return `${route.kind === 'maintainers' ? MAINTAINERS_ROUTE.path : PORTS_ROUTE.path}?${query}`;
});

/** The CLI as users run it. */
const BIN = new URL('../../bin/ports-gen.js', import.meta.url).pathname;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, read whole: its time in milliseconds and its status. */
function get(base: string, target: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(new URL(target, base), { agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (list: readonly number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50).toFixed(2)} ms, p90 ${percentile(sorted, 90).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`;
};

async function run(base: string, label: string): Promise<void> {
  const statuses = new Map<number, number>();
  const times: number[] = [];
  for (const target of targets) {
    const { ms, status } = await get(base, target);
    times.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  console.log(`${label}: ${times.length} queries, ${summary(times)}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
}

/** The function as Netlify's bundler packed it for the emulation, with the site's files it holds. */
function packedFunction(project: string): string {
  return path.join(project, '.netlify', 'functions-serve', NETLIFY_FUNCTION, 'netlify', 'functions', `${NETLIFY_FUNCTION}.mjs`);
}

/**
 * One instance of the function as Netlify's bundler packed it (the emulation's build), called in
 * this process as a warm instance on Netlify is: its first call reads the bundle, the later ones
 * reuse what it read. The emulation cannot show that: it runs every call in a new worker.
 */
async function runInstance(project: string, base: string): Promise<void> {
  const { default: handle } = (await import(pathToFileURL(packedFunction(project)).href)) as { default: (request: Request) => Promise<Response> };
  const times: number[] = [];
  for (const target of targets) {
    const started = performance.now();
    await (await handle(new Request(new URL(target, base)))).arrayBuffer();
    times.push(performance.now() - started);
  }
  console.log(`netlify function, one instance: first query ${times[0]!.toFixed(0)} ms, the ${times.length - 1} after: ${summary(times.slice(1))}`);
}

/**
 * Cold instances of the packed function: each in a new thread, as Netlify starts one, its module
 * imported and its first query answered (what a cold start costs the function itself, without
 * the emulation's own rebuild and worker around it).
 */
async function runColdInstances(project: string, base: string, count = 12): Promise<void> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.packed)
      .then(({ default: handle }) => handle(new Request(workerData.url)))
      .then((response) => response.arrayBuffer())
      .then(() => parentPort.postMessage('answered'));`;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const worker = new Worker(source, { eval: true, workerData: { packed: pathToFileURL(packedFunction(project)).href, url: new URL(targets[i % targets.length]!, base).href } });
    await once(worker, 'message');
    times.push(performance.now() - started);
    await worker.terminate();
  }
  console.log(`netlify function, ${count} cold instances (a new thread each, its first query): ${summary(times)}`);
}

/** A function of the same name as ours that answers at once: the emulation's own cost of a call. */
function noopFunction(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'noop-function-'));
  writeFileSync(path.join(dir, `${NETLIFY_FUNCTION}.mjs`), "export default async () => new Response('ok');\n");
  return dir;
}

if (netlify) {
  const project = path.join(path.dirname(path.resolve(site)), 'netlify-project');
  const functions = noop ? noopFunction() : undefined;
  const emulation = await startNetlify(project, path.resolve(site), ...(functions ? [functions] : []));
  try {
    // The emulation reads the site's rules at its first request: a file's, apart from the function's first.
    const rulesRead = await get(emulation.url, 'api/v1/');
    console.log(`netlify: first request (the rules read) ${rulesRead.ms.toFixed(0)} ms, status ${rulesRead.status}`);
    const first = await get(emulation.url, targets[0]!);
    console.log(`netlify: first query (cold function) ${first.ms.toFixed(0)} ms, status ${first.status}`);
    await run(emulation.url, noop ? 'netlify, a function that does nothing' : 'netlify');
    if (!noop) await runColdInstances(project, emulation.url);
    if (!noop) await runInstance(project, emulation.url);
  } finally {
    await emulation.close();
    if (functions) rmSync(functions, { recursive: true, force: true });
  }
} else {
  // `ports-gen serve` as users run it, a process of its own: its peak resident memory is its own.
  const child = spawn(process.execPath, [BIN, 'serve', '--dir', site, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let said = '';
      child.stdout.on('data', (data: Buffer) => {
        said += data.toString('utf8');
        const found = /http:\/\/[^\s]+/.exec(said);
        if (found) resolve(found[0].replace(/\/?$/, '/'));
      });
      child.once('exit', () => reject(new Error(`serve ended: ${said}`)));
    });
    const first = await get(url, targets[0]!);
    console.log(`serve: first query (the index read) ${first.ms.toFixed(0)} ms, status ${first.status}`);
    await run(url, 'serve');
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    console.log(`serve: peak resident memory ${/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ? (Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1000).toFixed(0) : '?'} MB`);
  } finally {
    child.kill('SIGTERM');
  }
}
agent.destroy();
