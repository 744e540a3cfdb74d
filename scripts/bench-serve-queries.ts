/**
 * Queries over real HTTP on a built site: `ports-gen serve` answering ~1,000 mixed queries one
 * after another (the latency of each, its median and 99th percentile, and the serving process's
 * resident memory), and Netlify's local emulation with the function: its first query (cold) and
 * the ones after.
 *
 *   node build/scripts/bench-serve-queries.js <built site> [queries] [seed] [--netlify]
 *
 * Build a site first, e.g. `npm run synth -- --ports 40000 --out /dev/shm/q/cat` then
 * `ports-gen build --catalogue /dev/shm/q/cat --out /dev/shm/q/site --no-link`. With
 * `--netlify` the site is moved into the emulation's project (build it again afterwards).
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { serveSite } from '../src/hosts/serve/server.js';
import { readQueryIndex } from '../src/routes/query/read-query-index.js';
import { PORTS_ROUTE, MAINTAINERS_ROUTE } from '../src/routes/route-table.js';
import { QUERY_INDEX } from '../src/routes/site-files.js';
import { startNetlify } from '../test/support/netlify.js';
import { mixedQueries } from './query-mix.js';
import { Rng } from './synth/rng.js';

const args = process.argv.slice(2);
const netlify = args.includes('--netlify');
const [site, queries = '1000', seed = '1'] = args.filter((arg) => arg !== '--netlify');
if (!site) {
  console.error('usage: bench-serve-queries <built site> [queries] [seed] [--netlify]');
  process.exit(2);
}

const read = readQueryIndex(readFileSync(path.join(site, QUERY_INDEX), 'utf8'));
if (!read.ok) throw new Error(`${QUERY_INDEX}: ${read.where}: ${read.message}`);
const targets = mixedQueries(read.index, Number(queries), new Rng(Number(seed))).map(({ route, query }) => {
  if (route.kind === 'port') return `${PORTS_ROUTE.path}${encodeURIComponent(route.name)}/?${query}`;
  return `${route.kind === 'maintainers' ? MAINTAINERS_ROUTE.path : PORTS_ROUTE.path}?${query}`;
});

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
  let rss = process.memoryUsage().rss;
  for (const target of targets) {
    const { ms, status } = await get(base, target);
    times.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    rss = Math.max(rss, process.memoryUsage().rss);
  }
  console.log(`${label}: ${times.length} queries, ${summary(times)}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  if (!netlify) console.log(`${label}: resident memory at most ${(rss / 1e6).toFixed(0)} MB (serve and this client, one process)`);
}

if (netlify) {
  const project = path.join(path.dirname(path.resolve(site)), 'netlify-project');
  const emulation = await startNetlify(project, path.resolve(site));
  try {
    const first = await get(emulation.url, targets[0]!);
    console.log(`netlify: first query (cold function) ${first.ms.toFixed(0)} ms, status ${first.status}`);
    await run(emulation.url, 'netlify');
  } finally {
    await emulation.close();
  }
} else {
  const served = await serveSite({ dir: site, port: 0, host: '127.0.0.1' });
  try {
    const first = await get(served.url, targets[0]!);
    console.log(`serve: first query (the index read) ${first.ms.toFixed(0)} ms, status ${first.status}`);
    await run(served.url, 'serve');
  } finally {
    await served.close();
  }
}
agent.destroy();
