import fs from 'fs-extra';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeCatalogue, zlib } from '../support/catalogue.js';
import { BIN, ROOT, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

const good = { info: {}, ports: [zlib, { name: 'curl', portdir: 'net/curl', version: '8.9.1', depends_lib: ['port:zlib'] }] };

test('build writes the site, exits 0 and prints one summary line', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good, builds: '{"build_id":3,"files":["/opt/local/lib/libz.dylib"]}\n' });
    const run = await runCli(['build', '--base-url', 'https://ports.example.org/'], { cwd: dir });
    assert.is(run.code, 0, run.stderr);
    assert.match(run.stdout, /^built 2 ports, 1 page of 1 build \(1 path\): \d+ files \(all new\), [\d.]+ MB in [\d.]+ s; 0 errors, 0 warnings\n$/);
    const tree = readTree(path.join(dir, 'dist'));
    assert.is(
      tree.get('api/v1/files/page-1.json')?.toString(),
      '{"count":1,"next":null,"previous":null,"results":[{"build_id":3,"files":[{"file":"/opt/local/lib/libz.dylib"}]}]}',
    );
    assert.is(tree.get('api/v1/root.json')?.toString(), '{"ports":"https://ports.example.org/api/v1/ports/","category":"https://ports.example.org/api/v1/category/","files":"https://ports.example.org/api/v1/files/","maintainer":"https://ports.example.org/api/v1/maintainer/"}');
    assert.ok(tree.has('api/v1/ports/curl/index.json'));
  });
});

test('a broken catalogue: exit 1, located messages, no stack trace, previous output untouched, no staging left', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    assert.is((await runCli(['build'], { cwd: dir })).code, 0);
    const before = readTree(path.join(dir, 'dist'));
    writeCatalogue(path.join(dir, 'catalogue'), {
      portindex: { ports: [{ ...zlib, epoch: 'one' }, { ...zlib, name: 'ZLIB' }] },
      builds: '{"build_id":1,"files":[]}\n{"build_id":1,"files":[]}\n',
    });
    const run = await runCli(['build'], { cwd: dir });
    assert.is(run.code, 1);
    assert.match(run.stderr, /catalogue\/portindex\.json: ports\[0\]\.epoch \(port zlib\): error: expected a string of digits/);
    assert.match(run.stderr, /catalogue\/portindex\.json: ports\[1\]\.name \(port ZLIB\): error: .*ports\[0\]/);
    assert.match(run.stderr, /catalogue\/builds\.ndjson:2: error: expected a unique build_id, found 1 again \(first on line 1\)/);
    assert.match(run.stderr, /build failed: 3 errors, 0 warnings; nothing written/);
    assert.not.match(run.stderr, /\n\s+at /);
    assert.equal(readTree(path.join(dir, 'dist')), before);
    // Only ports-gen's own state may stand beside dist/ (.dist.ports-gen/), no staging tree.
    assert.equal(readdirSync(dir).filter((entry) => entry !== '.dist.ports-gen').sort(), ['catalogue', 'dist']);
  });
});

test('a builds.ndjson that cannot be read (a directory) is a located problem, for build and validate alike, not a crash', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good, builds: '{"build_id":1,"files":[]}\n' });
    assert.is((await runCli(['build'], { cwd: dir })).code, 0);
    const before = readTree(path.join(dir, 'dist'));
    fs.removeSync(path.join(dir, 'catalogue', 'builds.ndjson'));
    mkdirSync(path.join(dir, 'catalogue', 'builds.ndjson'));
    for (const command of ['build', 'validate']) {
      const run = await runCli([command], { cwd: dir });
      assert.is(run.code, 1, run.stderr);
      assert.match(run.stderr, /^catalogue\/builds\.ndjson: error: the file cannot be read \(EISDIR\) \[unreadable-file\]$/m);
      assert.not.match(run.stderr, /internal error|\n\s+at /);
    }
    assert.equal(readTree(path.join(dir, 'dist')), before);
  });
});

test('--json prints the problems as a JSON array on stdout', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [{ ...zlib, depends_run: ['port:ghost'] }] } });
    const run = await runCli(['validate', '--json'], { cwd: dir });
    assert.is(run.code, 0);
    assert.equal(JSON.parse(run.stdout), [
      {
        code: 'unresolved-dependency',
        file: 'catalogue/portindex.json',
        location: { path: 'ports[0].depends_run[0]' },
        message: '"port:ghost" names no port in the catalogue; it is left out of "dependencies"',
        severity: 'warning',
        port: 'zlib',
      },
    ]);
    const strict = await runCli(['validate', '--json', '--strict'], { cwd: dir });
    assert.is(strict.code, 1);
    assert.is(JSON.parse(strict.stdout)[0].severity, 'error');
  });
});

test('more than 50 problems: the first 50 and the total', async () => {
  await withTempDir(async (dir) => {
    const lines = Array.from({ length: 120 }, (_, i) => `{"build_id":${-i},"files":[]}`).join('\n');
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good, builds: lines });
    const run = await runCli(['validate'], { cwd: dir });
    assert.is(run.code, 1);
    assert.is(run.stderr.split('\n').filter((l) => l.includes(': error: ')).length, 50);
    assert.match(run.stderr, /\.\.\. and 70 more errors \(120 in all\)/);
  });
});

test('usage errors exit 2 without touching anything', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    for (const args of [
      ['build', '--page-size', '0'],
      ['build', '--page-size', '1001'],
      ['build', '--page-size', 'ten'],
      ['build', '--base-url', 'ports.example.org'],
      ['build', '--base-url', 'ftp://ports.example.org'],
      ['build', '--no-such-option'],
      ['frobnicate'],
    ]) {
      const run = await runCli(args, { cwd: dir });
      assert.is(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    }
    assert.equal(readdirSync(dir), ['catalogue']);
  });
});

test('a reader that closes the pipe early (`| head`): no stack trace, and the exit code is still the command\'s', async () => {
  await withTempDir(async (dir) => {
    const ports = Array.from({ length: 3000 }, (_, i) => ({ name: `p${i}`, portdir: `devel/p${i}`, version: '1' }));
    writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ ports }));
    writeFileSync(path.join(dir, 'none.json'), JSON.stringify({ ports: [] }));
    for (const [args, code] of [[['import', 'index.json', '--json'], 0], [['import', 'none.json', '--json'], 1], [['import', 'missing.json', '--json'], 2]] as const) {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy(); // closed before the command prints a line: its writes meet a closed pipe
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exit = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.is(exit, code, stderr);
      assert.not.match(stderr, /EPIPE|at .*\.js:\d+/);
    }
  });
});

test('with --json, a usage error is also one JSON object on stdout', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    for (const [args, message] of [
      [['build', '--json', '--page-size', '0'], /^--page-size must be from 1 to 1000, got 0$/],
      [['build', '--json', '--no-such-option'], /^unknown option '--no-such-option'/],
    ] as const) {
      const run = await runCli(args, { cwd: dir });
      assert.is(run.code, 2, args.join(' '));
      const parsed = JSON.parse(run.stdout) as { error: { code: string; message: string } };
      assert.is(parsed.error.code, 'usage');
      assert.match(parsed.error.message, message);
    }
  });
});

test('a catalogue without builds.ndjson builds with a warning that names the path; an empty file or --no-builds says no builds without one', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good, builds: null });
    const missing = await runCli(['build', '--json'], { cwd: dir });
    assert.is(missing.code, 0, missing.stderr);
    assert.equal(
      (JSON.parse(missing.stdout) as Array<{ code: string; file: string; severity: string }>).map(({ code, file, severity }) => ({ code, file, severity })),
      [{ code: 'no-builds-file', file: path.join('catalogue', 'builds.ndjson'), severity: 'warning' }],
    );
    assert.is((await runCli(['build', '--strict', '--quiet'], { cwd: dir })).code, 1, '--strict: a warning is an error');
    const quiet = await runCli(['build', '--json', '--no-builds', '--strict'], { cwd: dir });
    assert.is(quiet.code, 0, '--no-builds: no builds on purpose, no warning');
    assert.is(quiet.stdout, '[]\n');
    assert.is((await runCli(['validate', '--no-builds', '--strict'], { cwd: dir })).code, 0);
    writeFileSync(path.join(dir, 'catalogue', 'builds.ndjson'), '');
    const empty = await runCli(['build', '--json'], { cwd: dir });
    assert.is(empty.stdout, '[]\n');
    const both = await runCli(['build', '--no-builds'], { cwd: dir });
    assert.is(both.code, 2);
    assert.is(both.stderr, `ports-gen: --no-builds says the catalogue has no builds, but ${path.join('catalogue', 'builds.ndjson')} is there: remove the file or the option\n`);
  });
});

test('a catalogue directory that is not there: one line with a hint, exit 2, for build and validate', async () => {
  await withTempDir(async (dir) => {
    for (const command of ['build', 'validate']) {
      const run = await runCli([command, '--catalogue', 'catalog'], { cwd: dir });
      assert.is(run.code, 2, command);
      assert.is(run.stderr, 'ports-gen: there is no catalogue directory catalog: give --catalogue <dir>, the directory that holds portindex.json (and builds.ndjson)\n');
    }
    assert.equal(readdirSync(dir), []);
  });
});

test('an invalid $URL is said to come from $URL', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    const run = await runCli(['build'], { cwd: dir, env: { URL: 'deploy.example.net' } });
    assert.is(run.code, 2);
    assert.is(run.stderr, 'ports-gen: the base URL must be an absolute http(s) URL, got "deploy.example.net" from $URL (give --base-url to override it)\n');
  });
});

test('serve on a port in use, or an address the host does not have: one line with a hint, exit 2', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    assert.is((await runCli(['build', '--quiet'], { cwd: dir })).code, 0);
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const port = (busy.address() as { port: number }).port;
      const inUse = await runCli(['serve', '--port', String(port)], { cwd: dir });
      assert.is(inUse.code, 2);
      assert.is(inUse.stderr, `ports-gen: 127.0.0.1:${port} is in use by another program: give another --port (0 picks a free one)\n`);
    } finally {
      busy.close();
    }
    // 192.0.2.0/24 is for documentation (RFC 5737): no host has it.
    const absent = await runCli(['serve', '--host', '192.0.2.1', '--port', '0'], { cwd: dir });
    assert.is(absent.code, 2);
    assert.is(absent.stderr, 'ports-gen: 192.0.2.1 is not an address of this host: give another --host (127.0.0.1, or 0.0.0.0 for every address)\n');
  });
});

/** What `serve` prints on stdout as it starts, up to its last line (that Ctrl-C stops it); the server is stopped then. */
async function serveStart(dir: string, args: string[]): Promise<string[]> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        // Its last line at start.
        if (out.includes('Ctrl-C stops it.\n')) resolve();
      });
      child.on('exit', () => reject(new Error(`serve exited: ${out}`)));
    });
  } finally {
    child.kill('SIGTERM');
  }
  return out.split('\n').filter((line) => line !== '' && line !== 'Ctrl-C stops it.');
}

test("serve says when the pages' links point at another server than itself", async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    assert.is((await runCli(['build', '--quiet'], { cwd: dir })).code, 0);
    const [serving, note] = await serveStart(dir, ['--port', '0']);
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(serving!)![0];
    assert.is(serving, `Serving dist: the API at ${url}api/v1/, its browser at ${url}`);
    assert.is(note, `Note: the pages' links point at http://127.0.0.1:8080 (the build's base URL), not at this server; build with --base-url ${url.slice(0, -1)} to follow them here`);
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as { port: number }).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    assert.is((await runCli(['build', '--quiet', '--base-url', `http://127.0.0.1:${port}`], { cwd: dir })).code, 0);
    assert.equal((await serveStart(dir, ['--port', String(port)])).length, 1, 'no note when they point at it');
  });
});

test('the defaults agree: a build without a base URL links to where serve listens by default', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(8080, '127.0.0.1', resolve)).catch(() => undefined);
    const listening = free.listening;
    await new Promise<void>((resolve) => (listening ? free.close(() => resolve()) : resolve()));
    assert.is((await runCli(['build', '--quiet'], { cwd: dir })).code, 0);
    if (listening) assert.equal(await serveStart(dir, []), ['Serving dist: the API at http://127.0.0.1:8080/api/v1/, its browser at http://127.0.0.1:8080/'], 'no note with the defaults');
    const root = JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/root.json'), 'utf8')) as { ports: string };
    assert.is(root.ports, 'http://127.0.0.1:8080/api/v1/ports/');
  });
});

test('a build in CI without a base URL warns that its links point at the local server', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    const inCi = await runCli(['build', '--quiet'], { cwd: dir, env: { CI: 'true' } });
    assert.is(inCi.code, 0);
    assert.match(inCi.stderr, /^ports-gen: warning: no --base-url and no \$URL, so the pages link to http:\/\/127\.0\.0\.1:8080, which a published site cannot use; give --base-url <its public URL>\n$/);
    for (const env of [{ CI: 'true', URL: 'https://ports.example.org' }, { CI: '' }]) assert.is((await runCli(['build', '--quiet'], { cwd: dir, env })).stderr, '', JSON.stringify(env));
    assert.is((await runCli(['build', '--quiet', '--base-url', 'https://ports.example.org'], { cwd: dir, env: { CI: 'true' } })).stderr, '');
  });
});

test('the base URL comes from --base-url, else $URL, else http://127.0.0.1:8080', async () => {
  await withTempDir(async (dir) => {
    const builds = Array.from({ length: 3 }, (_, i) => `{"build_id":${i + 1},"files":[]}`).join('\n');
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good, builds });
    const next = () => JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/files/page-1.json'), 'utf8')).next;
    await runCli(['build', '--page-size', '1'], { cwd: dir });
    assert.is(next(), 'http://127.0.0.1:8080/api/v1/files/?page=2');
    await runCli(['build', '--page-size', '1'], { cwd: dir, env: { URL: 'https://deploy.example.net' } });
    assert.is(next(), 'https://deploy.example.net/api/v1/files/?page=2');
    await runCli(['build', '--page-size', '1', '--base-url', 'https://a.example.org/mirror/'], { cwd: dir, env: { URL: 'https://b.example.org' } });
    assert.is(next(), 'https://a.example.org/mirror/api/v1/files/?page=2');
  });
});

test('refuses an --out that is the catalogue, holds it, is /, or is a foreign non-empty directory', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    mkdirSync(path.join(dir, 'precious'));
    writeFileSync(path.join(dir, 'precious', 'thesis.tex'), 'do not delete');
    for (const out of ['catalogue', '.', '/', 'precious']) {
      const run = await runCli(['build', '--out', out], { cwd: dir });
      assert.is(run.code, 2, out);
      assert.match(run.stderr, /refusing/);
    }
    assert.is(readFileSync(path.join(dir, 'precious', 'thesis.tex'), 'utf8'), 'do not delete');
    assert.ok(fs.existsSync(path.join(dir, 'catalogue', 'portindex.json')));
    mkdirSync(path.join(dir, 'empty'));
    assert.is((await runCli(['build', '--out', 'empty'], { cwd: dir })).code, 0);
  });
});

test('an --out whose directories are not there yet: they are made, as mkdir -p makes them (a link to nowhere on the way is refused: hostile-paths)', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    for (const out of ['www/ports/dist', path.join(dir, 'srv', 'ports', 'dist')]) {
      const run = await runCli(['build', '--quiet', '--out', out], { cwd: dir });
      assert.is(run.code, 0, `${out}: ${run.stderr}`);
      assert.match(readFileSync(path.resolve(dir, out, 'api/v1/ports/zlib/index.json'), 'utf8'), '"name":"zlib"');
    }
    assert.equal(readdirSync(dir).sort(), ['catalogue', 'srv', 'www']);
  });
});

test('the docs run the program one way, `npx ports-gen`, as a project that installed the package runs it', () => {
  for (const doc of ['README.md', 'docs/deploy.md', 'docs/hosting.md', 'docs/api.md', 'docs/catalogue-format.md']) {
    const blocks = [...readFileSync(path.join(ROOT, doc), 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const bare = blocks.flatMap((block) => block.split('\n')).filter((line) => /(?<![\w/.-]|npx )ports-gen(?= )/.test(line));
    assert.equal(bare, [], doc);
  }
});

test('a rebuild replaces the whole tree: a port removed from the catalogue is gone; the replaced tree is kept, ignored by git', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    await runCli(['build'], { cwd: dir });
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [zlib] } });
    assert.is((await runCli(['build'], { cwd: dir })).code, 0);
    assert.not.ok(fs.existsSync(path.join(dir, 'dist/api/v1/ports/curl')));
    assert.equal(readdirSync(dir).sort(), ['.dist.ports-gen', 'catalogue', 'dist']);
    assert.ok(fs.existsSync(path.join(dir, '.dist.ports-gen/spare/api/v1/ports/curl/index.json')));
    assert.match(readFileSync(path.join(dir, '.dist.ports-gen/.gitignore'), 'utf8'), /^\*$/m);
  });
});

test('dist is a link to the published tree; --no-link (netlify.toml\'s build command) makes it a plain directory, and back', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: good });
    assert.is((await runCli(['build', '--quiet'], { cwd: dir })).code, 0);
    assert.match(fs.readlinkSync(path.join(dir, 'dist')), /^\.dist\.ports-gen\/live-[0-9a-f]+$/);
    const site = readTree(path.join(dir, 'dist'));
    const netlifyCommand = /command = "npm run site -- (.*)"/.exec(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8'))![1]!.split(' ');
    assert.equal(netlifyCommand, ['--no-link']);
    assert.is((await runCli(['build', '--quiet', ...netlifyCommand], { cwd: dir })).code, 0);
    assert.ok(fs.lstatSync(path.join(dir, 'dist')).isDirectory());
    assert.equal(readTree(path.join(dir, 'dist')), site);
    assert.is((await runCli(['build', '--quiet'], { cwd: dir })).code, 0);
    assert.ok(fs.lstatSync(path.join(dir, 'dist')).isSymbolicLink());
    assert.equal(readTree(path.join(dir, 'dist')), site);
  });
});

test.run();
