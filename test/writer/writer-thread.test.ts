import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

test('a writer started early and never taken holds nothing open: the process ends with its own code', () => {
  const entry = pathToFileURL(path.join(ROOT, 'build', 'bundle', 'writer-thread.js')).href;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', `import { startWriterEarly } from '${entry}'; startWriterEarly(); process.exitCode = 3;`], { timeout: 20_000 });
  assert.is(run.signal, null, 'not stopped by the timeout');
  assert.is(run.status, 3);
  assert.is(run.stderr.toString(), '');
});

test('`ports-gen build --help` starts the writer early and ends at once, with the help', async () => {
  await withTempDir(async (dir) => {
    const run = await runCli(['build', '--help'], { cwd: dir });
    assert.is(run.code, 0);
    assert.match(run.stdout, /--catalogue <dir>/);
  });
});

test.run();
