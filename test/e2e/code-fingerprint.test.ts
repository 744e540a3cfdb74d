import { cpSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fingerprintOf } from '../../src/core/code-fingerprint.js';
import { ROOT, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/**
 * A copy of the bundled program with one change to how a port file is rendered, as a developer
 * would make it, with no version or format number raised: `"portdir":` gets a space after it.
 */
function patchedProgram(dir: string): string {
  const bundle = path.join(dir, 'bundle');
  cpSync(path.join(ROOT, 'build', 'bundle'), bundle, { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')); // commander, outside the bundle
  cpSync(path.join(ROOT, 'package.json'), path.join(dir, '..', 'package.json')); // the version, two levels above
  let patched = 0;
  for (const file of readdirSync(bundle).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(path.join(bundle, file), 'utf8');
    const next = text.replaceAll('","portdir":${', '","portdir": ${');
    if (next !== text) patched++;
    writeFileSync(path.join(bundle, file), next);
  }
  assert.is(patched, 1, 'the renderer is in one file of the bundle');
  const bin = path.join(dir, 'ports-gen.mjs');
  writeFileSync(bin, `import { main } from './bundle/cli.js';\nmain(process.argv).then((code) => { process.exitCode = code; });\n`);
  return bin;
}

test('a renderer change without any version bump is rewritten on the next build', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    const first = await runCli(['build', '--quiet'], { cwd: dir });
    assert.is(first.code, 0, first.stderr);
    const bin = patchedProgram(path.join(dir, 'program'));
    assert.is.not(fingerprintOf(path.join(dir, 'program', 'bundle')), fingerprintOf(path.join(ROOT, 'build', 'bundle')));
    const second = await runCli(['build'], { cwd: dir, bin });
    assert.is(second.code, 0, second.stderr);
    const zlib = readFileSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json'), 'utf8');
    assert.ok(zlib.startsWith('{"name":"zlib","portdir": "archivers/zlib"'), zlib.slice(0, 60));
    // Every port file has the new bytes, and so has each page of the ports list (58 ports, 50 a
    // page), the dump of every port and its ports' lengths; nothing else changed.
    const files = readTree(path.join(dir, 'dist')).size - 1; // the marker is not counted
    assert.match(second.stdout, new RegExp(`: ${files} files \\(${58 + 2 + 1 + 1} changed, 0 removed since the site it replaced\\)`));
  });
});

test('the fingerprint covers every script below the program, by name and content', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'a.js'), 'one');
    const before = fingerprintOf(dir);
    writeFileSync(path.join(dir, 'a.js'), 'two');
    assert.is.not(fingerprintOf(dir), before);
    writeFileSync(path.join(dir, 'a.js'), 'one');
    assert.is(fingerprintOf(dir), before);
    writeFileSync(path.join(dir, 'notes.txt'), 'not code');
    assert.is(fingerprintOf(dir), before);
  });
});

test.run();
