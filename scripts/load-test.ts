/**
 * `npm run test:load`: a bounded load test on loopback. Builds the sample catalogue, starts
 * `ports-gen serve`, nginx configured by `ports-gen nginx` (when nginx is installed, as CI
 * installs it) and a plain static server (sirv) on the same dist/, and drives each with 200
 * concurrent connections for 10 s. Every answer of `serve` and nginx is checked (status and
 * body); neither may fail a request or answer wrongly, and `serve` must show no memory growth across the run: the
 * memory that survives a full collection (scripts/memory-probe.ts, preloaded into `serve`) is
 * compared after a warm-up run and after the measured one.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSite } from '../src/build/build.js';
import { renderNginxConfig } from '../src/hosts/nginx/nginx.js';
import { readSiteIndex } from '../src/hosts/serve/site-index.js';
import type { SurvivingMemory } from './memory-probe.js';
import { findNginx, startNginx, type Running } from './nginx-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONNECTIONS = 200;
const SECONDS = 10;
/**
 * Live memory (heap and external, after a full collection) may differ by a few hundred KB
 * between two equal runs (code compiled late, pools sized anew); a leak of 100 bytes a
 * request, over the ~25,000 requests of a run, is more than this.
 */
const GROWTH_LIMIT_MB = 2;
const PROBE = path.join(ROOT, 'build/scripts/memory-probe.js');

interface Target {
  path: string;
  staticPath: string;
  status: number;
  body: string;
}

function start(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const url = /http:\/\/[\d.]+:\d+\//.exec(out)?.[0];
      if (url) resolve({ child, url });
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${out}`)));
  });
}

/** What survives a full collection in a server started with the memory probe. */
function measure(child: ChildProcess): Promise<SurvivingMemory> {
  return new Promise((resolve, reject) => {
    child.once('message', (answer) => resolve(answer as SurvivingMemory));
    child.send('measure', (error) => error && reject(error));
  });
}

const mb = (bytes: number) => bytes / 2 ** 20;
const liveMB = (memory: SurvivingMemory) => mb(memory.heapUsed + memory.external);

function targets(site: string): Target[] {
  const list: Target[] = [];
  for (const name of readdirSync(path.join(site, 'api/v1/ports'))) {
    const file = `api/v1/ports/${name}/index.json`;
    const body = readFileSync(path.join(site, file), 'utf8');
    list.push({ path: `/api/v1/ports/${encodeURIComponent(name)}/`, staticPath: `/${file.split('/').map(encodeURIComponent).join('/')}`, status: 200, body });
  }
  for (const page of readdirSync(path.join(site, 'api/v1/files'))) {
    const n = /page-(\d+)\.json/.exec(page)![1];
    const body = readFileSync(path.join(site, 'api/v1/files', page), 'utf8');
    list.push({ path: `/api/v1/files/?page=${n}`, staticPath: `/api/v1/files/${page}`, status: 200, body });
  }
  list.push({ path: '/api/v1/ports/no-such-port/', staticPath: '/api/v1/ports/no-such-port/index.json', status: 404, body: '{"detail":"No Port matches the given query."}' });
  list.push({ path: '/api/v1/files/?page=9999', staticPath: '/api/v1/files/page-9999.json', status: 404, body: '{"detail":"Invalid page."}' });
  return list;
}

async function drive(url: string, paths: string[], check?: (i: number, status: number, body: string) => void) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: paths.map((p, i) => ({
      method: 'GET',
      path: p,
      ...(check ? { onResponse: (status: number, body: string) => check(i, status, body) } : {}),
    })),
  });
}

const work = mkdtempSync(path.join(tmpdir(), 'ports-gen-load-'));
const servers: ChildProcess[] = [];
let nginx: Running | undefined;
let failed = false;
try {
  const built = await buildSite({ cwd: work, catalogue: path.join(ROOT, 'catalogue'), out: 'dist', baseUrl: 'http://127.0.0.1:8080', pageSize: 50, strict: false });
  if (!built.ok) throw new Error('the sample catalogue did not build');
  const site = path.join(work, 'dist');
  const list = targets(site);

  const serve = await start(['--expose-gc', '--import', pathToFileURL(PROBE).href, path.join(ROOT, 'bin/ports-gen.js'), 'serve', '--dir', site, '--port', '0']);
  servers.push(serve.child);
  const plain = await start([path.join(ROOT, 'build/scripts/static-server.js'), site]);
  servers.push(plain.child);

  /** Counts the answers that are not the expected status and body of their target. */
  const checker = () => {
    const counted = {
      wrong: 0,
      check: (i: number, status: number, body: string) => {
        const t = list[i % list.length]!;
        if (status !== t.status || body !== t.body) counted.wrong++;
      },
    };
    return counted;
  };
  const servedAnswers = checker();

  // Warm up at full concurrency first, so the comparison is of two equal runs: a leak grows
  // between them, buffers sized for 200 connections do not.
  await autocannon({ url: serve.url, connections: CONNECTIONS, duration: SECONDS, requests: list.map((t) => ({ method: 'GET', path: t.path })) });
  const before = await measure(serve.child);
  const served = await drive(serve.url, list.map((t) => t.path), servedAnswers.check);
  const after = await measure(serve.child);
  const growth = liveMB(after) - liveMB(before);
  const staticRun = await drive(plain.url, list.map((t) => t.staticPath));
  const nginxBin = findNginx();
  const nginxAnswers = checker();
  let nginxRun: Awaited<ReturnType<typeof drive>> | undefined;
  if (nginxBin) {
    const index = readSiteIndex(site);
    nginx = await startNginx(nginxBin, path.join(work, 'nginx'), async (listen) =>
      renderNginxConfig({ root: site, listen, serverName: '_', ports: index.names.ports.values(), pages: index.pages }),
    );
    nginxRun = await drive(nginx.url, list.map((t) => t.path), nginxAnswers.check);
  }

  const row = (label: string, value: string) => console.log(`  ${label.padEnd(36)} ${value}`);
  console.log(`\nload: ${CONNECTIONS} connections for ${SECONDS} s on loopback, ${list.length} distinct URLs (2 of them 404s)`);
  const figures = (title: string, run: Awaited<ReturnType<typeof drive>>, wrong?: number) => {
    console.log(title);
    row('requests per second (mean)', run.requests.average.toFixed(0));
    row('requests', `${run.requests.total}`);
    row('latency p50 / p99', `${run.latency.p50} ms / ${run.latency.p99} ms`);
    row('errors / timeouts', `${run.errors} / ${run.timeouts}`);
    if (wrong !== undefined) row('wrong answers (status or body)', `${wrong}`);
  };
  figures('ports-gen serve', served, servedAnswers.wrong);
  row('live memory after warm-up / the run', `${liveMB(before).toFixed(1)} MB / ${liveMB(after).toFixed(1)} MB (heap and external, collected)`);
  row('RSS after warm-up / after the run', `${mb(before.rss).toFixed(0)} MB / ${mb(after.rss).toFixed(0)} MB`);
  if (nginxRun) {
    figures('nginx, configured by ports-gen nginx', nginxRun, nginxAnswers.wrong);
  } else {
    console.log(`nginx: not installed, not measured${process.env.CI ? '' : ' (apt-get install -y nginx-light)'}`);
  }
  figures('plain static server (sirv), same files', staticRun);

  const problems: string[] = [];
  if (served.errors > 0 || served.timeouts > 0) problems.push(`${served.errors} errors, ${served.timeouts} timeouts`);
  if (servedAnswers.wrong > 0) problems.push(`${servedAnswers.wrong} wrong answers`);
  if (served.requests.total === 0) problems.push('no request was answered');
  for (const [when, memory] of [['after the warm-up', before], ['after the run', after]] as const) {
    if (memory.busy.length > 0) problems.push(`${memory.busy.length} sockets or file reads still in flight ${when} (${[...new Set(memory.busy)].join(', ')})`);
  }
  if (growth > GROWTH_LIMIT_MB) problems.push(`live memory grew by ${growth.toFixed(1)} MB`);
  if (nginxRun && (nginxRun.errors > 0 || nginxRun.timeouts > 0)) problems.push(`nginx: ${nginxRun.errors} errors, ${nginxRun.timeouts} timeouts`);
  if (nginxRun && nginxAnswers.wrong > 0) problems.push(`nginx: ${nginxAnswers.wrong} wrong answers`);
  if (!nginxRun && process.env.CI) problems.push('nginx is not installed (.ci/run installs it)');
  failed = problems.length > 0;
  console.log(failed ? `\nload test failed: ${problems.join('; ')}` : '\nload test passed');
  console.log(`${failed ? 0 : 1} passed, ${failed ? 1 : 0} failed`);
} finally {
  await nginx?.close();
  await Promise.all(servers.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))));
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
