import { execFile } from 'node:child_process';
import { cpSync, copyFileSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from '../../scripts/nginx-process.js';
import { commandOnPath, commands, projectIn, shellBlock, startServe } from '../support/documented.js';
import { FIXTURES, ROOT, withTempDir } from '../support/paths.js';

/**
 * The README's command sequences, run as written: its quick start in a copy of this clone, the
 * rest in a project that installed the package, with the world outside put in reach: a mirror's
 * URL answered by a local server, `rsync` a command that copies a real PortIndex, `signify`
 * OpenBSD's (Debian names it signify-openbsd), serve's port a free one. The nginx blocks are run
 * against real nginx by nginx-cron.test.
 */
const execFileAsync = promisify(execFile);
const REAL = path.join(FIXTURES, 'portindex-real');

async function sh(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return execFileAsync('sh', ['-e', '-c', line], { cwd, env });
}

function environment(dir: string): NodeJS.ProcessEnv {
  const rsync = commandOnPath(
    dir,
    'rsync',
    `// rsync <module path> <dir>: the file the module path names, a real PortIndex here.
const { copyFileSync } = require('node:fs');
const [from, to] = process.argv.slice(2);
copyFileSync(${JSON.stringify(path.join(REAL, 'dcreager__ports.PortIndex'))}, require('node:path').join(to, from.split('/').pop()));
`,
  );
  commandOnPath(dir, 'signify', `require('node:child_process').execFileSync('signify-openbsd', process.argv.slice(2), { stdio: 'inherit' });\n`);
  return { ...process.env, PATH: `${rsync}:${process.env.PATH}`, URL: '', CI: '' };
}

/** The repository as a fresh clone has it (what git tracks, by its top-level names), in `dir`, with this one's installed packages. */
function cloneOf(dir: string): void {
  const tracked = ['.ci', 'LICENSE', 'README.md', 'bin', 'catalogue', 'docs', 'examples', 'netlify', 'netlify.toml', 'package-lock.json', 'package.json', 'scripts', 'src', 'test', 'tsconfig.json'];
  for (const name of tracked) cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
}

test("the README's quick start, in a clone with its packages installed: npm run site builds the sample into dist/", async () => {
  await withTempDir(async (dir) => {
    const env = environment(dir);
    const clone = path.join(dir, 'clone');
    mkdirSync(clone);
    cloneOf(clone);
    const [install] = commands(shellBlock('README.md', '## Quick start'));
    assert.is(install, 'npm ci && npm run site', 'installs, compiles, builds the sample');
    // npm ci is what CI runs first (.ci/run); here the packages are this checkout's.
    const { stdout } = await sh(install!.replace('npm ci && ', ''), clone, env);
    assert.match(stdout, /^built 58 ports, /m);
    assert.match(readFileSync(path.join(clone, 'dist/api/v1/ports/zlib/index.json'), 'utf8'), '"name":"zlib"');
  });
});

test("the README's look at the sample: serve, and curl the port and a search", async () => {
  await withTempDir(async (dir) => {
    const env = environment(dir);
    projectIn(dir);
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    await sh('npx ports-gen build --quiet', dir, env);
    const port = await freePort();
    const stop = await startServe(`npx ports-gen serve --port ${port}`, dir, env);
    try {
      const lines = commands(shellBlock('README.md', 'To look at the result, run `npx ports-gen serve` and, in another shell:'));
      assert.is(lines.length, 2);
      const answers = [];
      for (const line of lines) answers.push((await sh(line.replace('127.0.0.1:8080', `127.0.0.1:${port}`), dir, env)).stdout);
      assert.match(answers[0]!, /^HTTP\/1\.1 200 OK\r\n/);
      assert.match(answers[0]!, '\r\n\r\n{"name":"zlib","portdir":"archivers/zlib"');
      // The search as the live service answers it (see the queries-sample fixture): the sample is that catalogue.
      const expected = (JSON.parse(readFileSync(path.join(FIXTURES, 'queries-sample/expected.json'), 'utf8')) as Array<{ path: string; body: string }>).find((row) => row.path === '/api/v1/ports/?search=zlib')!;
      assert.is(answers[1]!.split('\r\n\r\n')[1], expected.body);
    } finally {
      await stop();
    }
  });
});

test("the README's real data: rsync a PortIndex and import it; update from a mirror's PortIndex.json", async () => {
  await withTempDir(async (dir) => {
    const env = environment(dir);
    projectIn(dir);
    const imported = commands(shellBlock('README.md', '### `ports-gen import`'));
    for (const line of imported) await sh(line, dir, env);
    const names = (JSON.parse(readFileSync(path.join(dir, 'catalogue/portindex.json'), 'utf8')) as { ports: Array<{ name: string }> }).ports.map((port) => port.name);
    assert.ok(names.length > 1, 'every port of the real file');

    const server = createServer((_, res) => res.writeHead(200).end(readFileSync(path.join(REAL, 'SpectrumIM__ports.PortIndex.json'))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const [update] = commands(shellBlock('README.md', '### `ports-gen update`'));
      const url = /^npx ports-gen update (\S+)/.exec(update!)![1]!;
      const { stderr } = await sh(update!.replace(url, `http://127.0.0.1:${(server.address() as AddressInfo).port}/PortIndex.json`), dir, env);
      assert.not.match(stderr, 'no-builds-file', '--no-builds: the files list is empty on purpose, without a warning');
      const mirrored = (JSON.parse(readFileSync(path.join(REAL, 'SpectrumIM__ports.PortIndex.json'), 'utf8')) as { ports: Array<{ name: string }> }).ports.map((port) => port.name);
      const published = (JSON.parse(readFileSync(path.join(dir, 'dist/dump/ports.json'), 'utf8')) as Array<{ name: string }>).map((port) => port.name);
      // The ports the first import had and the mirror has not stay, retired (see docs/catalogue-format.md).
      for (const name of mirrored) assert.ok(published.includes(name), `${name}: the site has the mirror's ports`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

test("the README's signing: keygen, a signed build, and a reader's check with either tool", async () => {
  await withTempDir(async (dir) => {
    const env = environment(dir);
    const project = path.join(dir, 'project');
    const reader = path.join(dir, 'reader');
    mkdirSync(project);
    mkdirSync(reader);
    projectIn(project);
    projectIn(reader);
    cpSync(path.join(ROOT, 'catalogue'), path.join(project, 'catalogue'), { recursive: true });
    const lines = commands(shellBlock('README.md', 'Sign them so that readers can check where they came from, with OpenBSD\'s signify formats:'));
    const readerAt = lines.findIndex((line) => line.includes(' verify '));
    for (const line of lines.slice(0, readerAt)) await sh(line, project, env);
    // The reader has the published key and fetched the dump with its signature.
    copyFileSync(path.join(project, 'keys/ports.pub'), path.join(reader, 'ports.pub'));
    for (const file of ['ports.json', 'ports.json.sig']) copyFileSync(path.join(project, 'dist/dump', file), path.join(reader, file));
    for (const line of lines.slice(readerAt)) await sh(line, reader, env);
    // And a dump that is not the one signed fails both.
    copyFileSync(path.join(project, 'dist/dump/versions.json'), path.join(reader, 'ports.json'));
    for (const line of lines.slice(readerAt)) await sh(line, reader, env).then(() => assert.unreachable(line), (error: Error) => assert.instance(error, Error));
  });
});

test.run();
