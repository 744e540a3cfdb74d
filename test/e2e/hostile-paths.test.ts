import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, withTempDir } from '../support/paths.js';

/**
 * Paths that no build or import can use (in /proc, under a link to nowhere, a directory that is
 * not there) and sources without an end: each is one line and exit 2 (or a located problem,
 * exit 1), at once. Each command runs with a bound on its time: one that spins is killed, and
 * the test fails with what it printed.
 */
const BOUND_MS = 60_000;

function run(args: string[], cwd: string, stdin: 'ignore' | number = 'ignore') {
  const child = spawnSync(process.execPath, [BIN, ...args], { cwd, stdio: [stdin, 'pipe', 'pipe'], encoding: 'utf8', timeout: BOUND_MS, env: { ...process.env, URL: '', CI: '' } });
  assert.is(child.signal, null, `${args.join(' ')} was still running after ${BOUND_MS / 1000} s: ${child.stderr}`);
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** One line on stderr, `ports-gen: ...`, and no stack trace. */
function oneLine(stderr: string, expected: RegExp): void {
  assert.is(stderr.split('\n').filter((line) => line !== '').length, 1, stderr);
  assert.match(stderr, expected);
  assert.not.match(stderr, /\n\s+at /);
}

test('build --out and import --catalogue in /proc, or under a link to nowhere: exit 2 at once, one line naming the path and the cause', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'PortIndex.json'), JSON.stringify({ ports: [{ name: 'zlib', portdir: 'archivers/zlib', version: '1.3' }] }));
    assert.is(run(['import', 'PortIndex.json'], dir).code, 0);
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'dangling'));
    const cases: Array<[string[], RegExp]> = [
      [['build', '--out', '/proc/x/y'], /^ports-gen: cannot write the site: the file system of \/proc makes no new directories \(ENOENT\); choose another --out; the build failed: nothing was published, the previous site is untouched\n$/],
      [['build', '--out', '/proc/x'], /^ports-gen: cannot write the site: the file system of \/proc makes no new directories \(ENOENT\); choose another --out; the build failed: nothing was published, the previous site is untouched\n$/],
      [['build', '--out', 'dangling/site'], /^ports-gen: cannot write the site: its directory \/.*\/dangling does not exist \(or is a link to nowhere\)/],
      [['import', 'PortIndex.json', '--catalogue', '/proc/cat'], /^ports-gen: cannot make the catalogue \/proc\/cat: the file system of \/proc makes no new directories \(ENOENT\); choose another --catalogue; the import failed: nothing was written, the catalogue is untouched\n$/],
      [['import', 'PortIndex.json', '--catalogue', '/nonexistent/x'], /^ports-gen: cannot make the catalogue \/nonexistent\/x: its directory \/nonexistent does not exist \(or is a link to nowhere\); make it first, or choose another --catalogue\n$/],
      [['import', 'PortIndex.json', '--catalogue', 'dangling/cat'], /^ports-gen: cannot make the catalogue \/.*\/dangling\/cat: its directory \/.*\/dangling does not exist/],
      [['import', 'PortIndex.json', '--catalogue', 'dangling'], /^ports-gen: the catalogue \/.*\/dangling is not a directory \(or is a link to nowhere\)/],
      [['build', '--catalogue', 'dangling/cat'], /^ports-gen: .*dangling\/cat/],
    ];
    for (const [args, expected] of cases) {
      const result = run(args, dir);
      assert.is(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      oneLine(result.stderr, expected);
    }
    assert.not.ok(existsSync('/nonexistent'), 'no directory made on the way');
    assert.equal(readdirSync(dir).sort(), ['PortIndex.json', 'catalogue', 'dangling']);
  });
});

test('import -: standard input past the size limit (a pipe from /dev/zero) is refused, exit 1, nothing written; a file past it too, unread', async () => {
  await withTempDir(async (dir) => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const result = run(['import', '-', '--json'], dir, zero);
      assert.is(result.code, 1, result.stderr);
      assert.equal(JSON.parse(result.stdout), [{ code: 'too-large', file: '<stdin>', location: {}, message: "expected a PortIndex of at most 256 MiB (MacPorts' own is some 40 MB), found more: this is no PortIndex", severity: 'error' }]);
    } finally {
      closeSync(zero);
    }
    writeFileSync(path.join(dir, 'huge'), '');
    truncateSync(path.join(dir, 'huge'), (256 << 20) + 1);
    const file = run(['import', 'huge', '--json'], dir);
    assert.is(file.code, 1);
    assert.equal((JSON.parse(file.stdout) as Array<{ code: string; file: string }>).map((p) => [p.code, p.file]), [['too-large', 'huge']]);
    assert.not.ok(existsSync(path.join(dir, 'catalogue')));
  });
});

test('import: a killed import\'s temporary file is removed by the next import; a running process\'s is left alone', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'PortIndex.json'), JSON.stringify({ ports: [{ name: 'zlib', portdir: 'archivers/zlib', version: '1.3' }] }));
    mkdirSync(path.join(dir, 'catalogue'));
    // A process id no process has (past the kernel's largest), and this test's own (running).
    writeFileSync(path.join(dir, 'catalogue', 'portindex.json.4194305.tmp'), 'half a catalogue');
    writeFileSync(path.join(dir, 'catalogue', `portindex.json.${process.pid}.tmp`), 'another import, writing');
    writeFileSync(path.join(dir, 'catalogue', 'notes.tmp'), 'the user\'s');
    assert.is(run(['import', 'PortIndex.json'], dir).code, 0);
    assert.equal(readdirSync(path.join(dir, 'catalogue')).sort(), ['changes.ndjson', 'notes.tmp', `portindex.json.${process.pid}.tmp`, 'portindex.json'].sort());
  });
});

test.run();
