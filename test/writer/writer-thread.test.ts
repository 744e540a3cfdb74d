import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { silentProgress } from '../../src/core/progress.js';
import { startWriterEarly, takeWriter } from '../../src/writer/thread/writer-thread.js';
import { FIXTURES, ROOT, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

test('a build takes the writer started early; the next one starts its own', async () => {
  startWriterEarly();
  startWriterEarly(); // once only
  // Thread ids are given in order: the one started early has a smaller id than this one.
  const between = new Worker('', { eval: true });
  const early = takeWriter();
  const later = takeWriter();
  try {
    assert.ok(early.threadId < between.threadId, 'the first taken is the one started early');
    assert.ok(later.threadId > between.threadId, 'the next is started when taken');
  } finally {
    await Promise.all([early.terminate(), later.terminate(), between.terminate()]);
  }
});

test('a build whose writer was started early writes its site', async () => {
  await withTempDir(async (dir) => {
    startWriterEarly();
    const out = path.join(dir, 'out');
    const result = await buildSite({ cwd: dir, catalogue: path.join(FIXTURES, 'basic', 'catalogue'), out, baseUrl: 'https://ports.example.org', pageSize: 2, strict: false, progress: silentProgress });
    assert.ok(result.ok);
    assert.ok(existsSync(path.join(out, 'api', 'v1', 'ports', 'zlib', 'index.json')));
  });
});

/** The basic fixture built into `dir/out`, or a copy of it with `builds` for its builds.ndjson. */
async function buildBasic(dir: string, builds?: string) {
  const catalogue = path.join(dir, 'catalogue');
  cpSync(path.join(FIXTURES, 'basic', 'catalogue'), catalogue, { recursive: true });
  if (builds !== undefined) writeFileSync(path.join(catalogue, 'builds.ndjson'), builds);
  return buildSite({ cwd: dir, catalogue, out: path.join(dir, 'out'), baseUrl: 'https://ports.example.org', pageSize: 2, strict: false, progress: silentProgress });
}

/** Whether the writer a build would take now is one started before `between`: kept, not new. */
async function keptWriterWaits(): Promise<boolean> {
  const between = new Worker('', { eval: true });
  const taken = takeWriter();
  try {
    return taken.threadId < between.threadId;
  } finally {
    await Promise.all([taken.terminate(), between.terminate()]);
  }
}

test('a build that finished hands its writer back, and the next build in the process takes it', async () => {
  await withTempDir(async (dir) => {
    assert.ok((await buildBasic(dir)).ok);
    assert.ok(await keptWriterWaits(), 'the writer is kept');
    // The next one takes it and writes its site with it, the previous build's session let go.
    assert.ok((await buildBasic(path.join(dir, 'again'))).ok);
    assert.ok(existsSync(path.join(dir, 'again', 'out', 'api', 'v1', 'ports', 'zlib', 'index.json')));
  });
});

test('a build that failed stops its writer: the next build starts its own', async () => {
  await withTempDir(async (dir) => {
    assert.ok((await buildBasic(path.join(dir, 'first'))).ok);
    const failed = await buildBasic(path.join(dir, 'second'), '{"build_id": "x"}\n');
    assert.not.ok(failed.ok);
    assert.not.ok(await keptWriterWaits(), 'no writer is kept');
  });
});

test('a process that built a site ends with its own code: the writer it keeps holds nothing open', async () => {
  await withTempDir(async (dir) => {
    const bundle = (name: string) => pathToFileURL(path.join(ROOT, 'build', 'bundle', name)).href;
    const catalogue = path.join(FIXTURES, 'basic', 'catalogue');
    const script = `import { buildSite } from '${bundle('build.js')}';
const result = await buildSite({ cwd: ${JSON.stringify(dir)}, catalogue: ${JSON.stringify(catalogue)}, out: 'out', baseUrl: 'https://ports.example.org', pageSize: 2, strict: false });
process.exitCode = result.ok ? 3 : 4;`;
    const run = runScript(dir, script);
    assert.is(run.signal, null, 'not stopped by the timeout');
    assert.is(run.status, 3, run.stderr.toString());
  });
});

test('a writer kept untaken holds nothing open: the process ends with its own code', async () => {
  await withTempDir(async (dir) => {
    const entry = pathToFileURL(path.join(ROOT, 'build', 'bundle', 'writer-thread.js')).href;
    // Kept once it runs (handed back as a finished build's is), so that a thread that failed to start proves nothing.
    const script = `import { once } from 'node:events';
import { handBack, startWriterEarly, takeWriter } from '${entry}';
startWriterEarly();
const worker = takeWriter();
await once(worker, 'online');
handBack(worker);
process.exitCode = 3;`;
    const run = runScript(dir, script);
    assert.is(run.signal, null, 'not stopped by the timeout');
    assert.is(run.status, 3);
    assert.is(run.stderr.toString(), '');
  });
});

/** `code` run as a module file of its own in `dir`: a thread started by a process run with `-e` is given that code as its own options, and fails. */
function runScript(dir: string, code: string) {
  writeFileSync(path.join(dir, 'script.mjs'), code);
  return spawnSync(process.execPath, ['script.mjs'], { cwd: dir, timeout: 30_000 });
}

test('`ports-gen build --help` starts the writer early and ends at once, with the help', async () => {
  await withTempDir(async (dir) => {
    const run = await runCli(['build', '--help'], { cwd: dir });
    assert.is(run.code, 0);
    assert.match(run.stdout, /--catalogue <dir>/);
  });
});

test.run();
