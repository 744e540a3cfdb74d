import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/**
 * End to end: the real CLI binary builds each fixture catalogue, and the api/ tree it writes
 * must be exactly the expected/ tree written by hand from the contract (docs/api.md): the same
 * files, byte for byte, in each part of the API the fixture covers (a directory or file directly
 * under api/v1/ that its expected/ tree has: `ports`, `files`, `pages`, `root.json` ...).
 */
const partOf = (file: string) => file.split('/').slice(0, 3).join('/');
for (const name of readdirSync(FIXTURES).sort()) {
  const fixture = path.join(FIXTURES, name);
  if (!existsSync(path.join(fixture, 'options.json'))) continue;
  test(`fixture ${name}`, async () => {
    const options = JSON.parse(readFileSync(path.join(fixture, 'options.json'), 'utf8')) as { baseUrl: string; pageSize: number };
    await withTempDir(async (dir) => {
      const run = await runCli(
        ['build', '--catalogue', path.join(fixture, 'catalogue'), '--out', 'site', '--base-url', options.baseUrl, '--page-size', String(options.pageSize), '--json'],
        { cwd: dir },
      );
      assert.is(run.code, 0, run.stderr);
      const expected = readTree(path.join(fixture, 'expected'));
      const covered = new Set([...expected.keys()].map(partOf));
      const actual = new Map([...readTree(path.join(dir, 'site'))].filter(([file]) => covered.has(partOf(file))));
      assert.equal([...actual.keys()].sort(), [...expected.keys()].sort(), 'the same files');
      for (const [file, bytes] of expected) assert.fixture(actual.get(file)!.toString('utf8'), bytes.toString('utf8'), file);
      for (const [file, bytes] of expected) assert.ok(actual.get(file)!.equals(bytes), `${file}: byte-identical`);

      const warningsFile = path.join(fixture, 'expected-warnings.json');
      const expectedWarnings = existsSync(warningsFile) ? (JSON.parse(readFileSync(warningsFile, 'utf8')) as Array<{ code: string; location: unknown }>) : [];
      const warnings = (JSON.parse(run.stdout) as Array<{ code: string; location: unknown }>).map(({ code, location }) => ({ code, location }));
      assert.equal(warnings, expectedWarnings.map(({ code, location }) => ({ code, location })));
    });
  });
}

test.run();
