import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/** Everyday mistakes on import and build: one line that says what to do, not a problem of an index. */

test('import: a source that is missing, a directory or not a regular file exits 2 with one line naming its absolute path and the cause', async () => {
  await withTempDir(async (dir) => {
    mkdirSync(path.join(dir, 'ports'));
    const cases: Array<[string, RegExp]> = [
      ['PortIndx', new RegExp(`^ports-gen: the source ${path.join(dir, 'PortIndx')} does not exist: give the path of a PortIndex \\(or - for standard input\\)\\n$`)],
      ['missing/PortIndex', /^ports-gen: the source \/.*\/missing\/PortIndex does not exist: /],
      ['../..', new RegExp(`^ports-gen: the source ${path.resolve(dir, '../..')} is a directory: give the PortIndex file in it\\n$`)],
      ['ports', /^ports-gen: the source \/.*\/ports is a directory: /],
      ['/dev/zero', /^ports-gen: the source \/dev\/zero is not a regular file: give a PortIndex file \(or - to read standard input\)\n$/],
    ];
    for (const [source, expected] of cases) {
      const run = await runCli(['import', source], { cwd: dir });
      assert.is(run.code, 2, source);
      assert.match(run.stderr, expected, source);
      const json = await runCli(['import', source, '--json'], { cwd: dir });
      assert.is((JSON.parse(json.stdout) as { error: { code: string } }).error.code, 'usage', source);
    }
  });
});

test('build: a catalogue directory without portindex.json says how to make one', async () => {
  await withTempDir(async (dir) => {
    mkdirSync(path.join(dir, 'catalogue'));
    writeFileSync(path.join(dir, 'catalogue', 'builds.ndjson'), '');
    const run = await runCli(['build'], { cwd: dir });
    assert.is(run.code, 1);
    assert.match(run.stderr, /^catalogue\/portindex\.json: error: the file does not exist: make it from MacPorts' PortIndex \(or its JSON\) with `ports-gen import <PortIndex> --catalogue <dir>` \[unreadable-file\]$/m);
  });
});

test.run();
