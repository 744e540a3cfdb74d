import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findNginx, freePort, httpPathsIn, nginxMainConf, runNginx } from '../../scripts/nginx-process.js';
import { httpRequest } from '../support/http.js';
import { FIXTURES, ROOT, withTempDir } from '../support/paths.js';
import { commands, projectIn, shellBlock, startServe } from '../support/documented.js';
import { runCli } from '../support/run-cli.js';

/**
 * The cron job of docs/deploy.md for an nginx host, run as it is written, against real nginx,
 * after the README's nginx install of the same site: in a temporary directory that stands for
 * the places the doc calls the user's (`/srv/ports`, `/var/www/ports`, `/etc/nginx`, whose
 * `nginx.conf` includes `conf.d/*.conf` as Debian's does), with the PortIndex on a local server
 * and nginx on a free loopback port instead of 80. `nginx` on the PATH is the real one, with
 * what nginx itself writes (its pid, logs, temporary files) kept in the temporary directory.
 */
const execFileAsync = promisify(execFile);
const HISTORY = path.join(FIXTURES, 'import-history');

/** The script's commands with its own variables (`site=...`) put in, as the shell reads them. */
function expanded(script: string): string[] {
  const values = new Map([...script.matchAll(/^(\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
  return commands(script).map((line) => line.replace(/"?\$(\w+)([^"\s]*)"?/g, (all, name: string, rest: string) => (values.has(name) ? `${values.get(name)}${rest}` : all)));
}

/** `npx ports-gen <command> <options> [> file]` among `lines`: its options, word by word, and the file it writes. */
function portsGen(lines: readonly string[], command: string): { words: string[]; into: string | undefined } {
  const [run, into] = portsGenLine(lines, command).split(/\s+>\s+/);
  return { words: run!.split(/\s+/).slice(3), into };
}

const README = shellBlock('README.md', '### nginx');
const CRON = shellBlock('docs/deploy.md', '## A cron job for an nginx host');

test("the cron job writes the README's file, with the README's options, for the README's site", () => {
  const install = commands(README);
  const job = expanded(CRON);
  const installed = portsGen(install, 'nginx');
  const made = portsGen(job, 'nginx');
  assert.equal(made.words, installed.words, 'the same `ports-gen nginx` options (--dir, --listen, --server-name)');
  assert.is(made.into, `${installed.into}.new`, 'written beside the file it replaces');
  assert.ok(job.includes(`mv ${made.into} ${installed.into}`), 'which it replaces: one file');
  const built = portsGen(install, 'build').words;
  const updated = portsGen(job, 'update').words;
  for (const [i, word] of built.entries()) {
    if (!word.startsWith('--')) continue;
    const value = built[i + 1]?.startsWith('--') === false ? built[i + 1] : undefined;
    assert.ok(updated.some((w, j) => w === word && (value === undefined || updated[j + 1] === value)), `the README's build option ${word} ${value ?? ''}`);
  }
  const checked = job.findIndex((line) => line.startsWith('nginx -t'));
  assert.ok(checked >= 0 && checked < job.findIndex((line) => line.startsWith('mv ')), 'nginx checks the new file before it replaces the old one');
});

const bin = findNginx();
const real = bin ? test : test.skip;
if (!bin && process.env.CI) test('nginx is installed', () => assert.unreachable('nginx is missing: .ci/run installs nginx-light'));

/**
 * `nginx` for the commands: the real one on the configuration that stands for /etc/nginx's, or,
 * given one with -c (the job's check), on that one with nginx's own paths moved into `dir` as
 * nginxMainConf moves them. REFUSE_FOR_TEST makes `nginx -t` fail, as on a file nginx refuses.
 */
function nginxOnPath(dir: string, main: string): string {
  const wrapper = path.join(dir, 'bin', 'nginx');
  mkdirSync(path.dirname(wrapper), { recursive: true });
  const own = path.join(dir, 'nginx');
  writeFileSync(
    wrapper,
    `#!${process.execPath}
const { spawnSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const args = process.argv.slice(2);
if (process.env.REFUSE_FOR_TEST && args.includes('-t')) {
  console.error('nginx: [emerg] refused for the test');
  process.exit(1);
}
let conf = ${JSON.stringify(main)};
const at = args.indexOf('-c');
if (at >= 0) {
  conf = args[at + 1] + '.here';
  const paths = ${JSON.stringify(httpPathsIn(own).join('\n'))};
  writeFileSync(conf, ${JSON.stringify(`pid ${path.join(own, 'check.pid')};\n`)} + readFileSync(args[at + 1], 'utf8').replace('http {', 'http {\\n' + paths + '\\n'));
  args.splice(at, 2);
}
const run = spawnSync(${JSON.stringify(bin)}, ['-p', ${JSON.stringify(own)}, '-c', conf, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
`,
  );
  chmodSync(wrapper, 0o755);
  return path.dirname(wrapper);
}

/** Another port added to a native PortIndex: the names nginx's configuration maps change. */
function withAnotherPort(index: Buffer): Buffer {
  const line = 'description {Added by the test} name another portdir devel/another version 1.0';
  return Buffer.concat([index, Buffer.from(`another ${Buffer.byteLength(line) + 1}\n${line}\n`)]);
}

real("the cron job, run as written after the README's install: nginx keeps one file, its listen address, and a file nginx refuses never replaces the one it serves", async () => {
  await withTempDir(async (dir) => {
    let index: Buffer = readFileSync(path.join(HISTORY, 'PortIndex-1'));
    const server = createServer((_, res) => res.writeHead(200).end(index));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = await freePort();
    const url = /^npx ports-gen update (\S+)/m.exec(CRON)![1]!;
    // The user's places, as the doc names them, in the temporary directory; the listen address one this test may take.
    const here = (text: string) =>
      text
        .replaceAll('/srv/ports', path.join(dir, 'srv/ports'))
        .replaceAll('/var/www/ports', path.join(dir, 'var/www/ports'))
        .replaceAll('/etc/nginx', path.join(dir, 'etc/nginx'))
        .replaceAll(url, `http://127.0.0.1:${(server.address() as AddressInfo).port}/PortIndex`)
        .replaceAll('--listen 80 ', `--listen 127.0.0.1:${port} `);

    const work = path.join(dir, 'srv/ports');
    const confD = path.join(dir, 'etc/nginx/conf.d');
    mkdirSync(work, { recursive: true });
    mkdirSync(confD, { recursive: true });
    projectIn(work);
    const main = path.join(dir, 'etc/nginx/nginx.conf');
    mkdirSync(path.join(dir, 'nginx'));
    writeFileSync(main, nginxMainConf(path.join(dir, 'nginx'), path.join(confD, '*.conf'), true));
    const env = { ...process.env, PATH: `${nginxOnPath(dir, main)}:${process.env.PATH}`, URL: '', CI: '' };
    const sh = (script: string, extra: NodeJS.ProcessEnv = {}) => execFileAsync('sh', ['-e', '-c', script], { cwd: work, env: { ...env, ...extra } });

    let nginx: Awaited<ReturnType<typeof runNginx>> | undefined;
    try {
      // The README's install, on a catalogue imported from the PortIndex; nginx started once its file is there.
      cpSync(path.join(HISTORY, 'PortIndex-1'), path.join(work, 'PortIndex'));
      assert.is((await runCli(['import', 'PortIndex'], { cwd: work })).code, 0);
      const install = commands(here(README));
      const reload = install.findIndex((line) => line.startsWith('nginx '));
      for (const line of install.slice(0, reload)) await sh(line);
      nginx = await runNginx(bin!, path.join(dir, 'nginx'), main, port);
      for (const line of install.slice(reload)) await sh(line);
      const zlib = async () => JSON.parse((await httpRequest(nginx!.url, 'GET', '/api/v1/ports/ZLIB/')).body.toString('utf8')) as { version: string };
      assert.is((await zlib()).version, '1.3');
      const installed = readFileSync(path.join(confD, 'ports-gen.conf'), 'utf8');

      const job = path.join(work, 'update.sh');
      writeFileSync(job, here(CRON));
      const cron = (extra: NodeJS.ProcessEnv = {}) => execFileAsync('sh', [job], { cwd: '/', env: { ...env, ...extra } });
      const { stderr: unchanged } = await cron();
      assert.is(unchanged, '', 'the same index: nothing said, nothing to reload');
      assert.equal(readdirSync(confD), ['ports-gen.conf']);
      assert.is(readFileSync(path.join(confD, 'ports-gen.conf'), 'utf8'), installed);

      // A new index: its new port is found in any letter case once nginx has the new file.
      index = readFileSync(path.join(HISTORY, 'PortIndex-2'));
      await cron();
      assert.equal(readdirSync(confD), ['ports-gen.conf'], 'one file: nginx includes no second configuration');
      assert.match(readFileSync(path.join(confD, 'ports-gen.conf'), 'utf8'), '"newport" "newport";');
      await answered(nginx.url, '/api/v1/ports/NEWPORT/');
      assert.is((await zlib()).version, '1.3.1', 'the new site, on the address the README installed');

      // A file nginx refuses: the job fails, and nginx keeps the file it serves.
      index = withAnotherPort(readFileSync(path.join(HISTORY, 'PortIndex-2')));
      const served = readFileSync(path.join(confD, 'ports-gen.conf'), 'utf8');
      const refused = await cron({ REFUSE_FOR_TEST: '1' }).then(
        () => undefined,
        (error: Error & { code: number; stderr: string }) => error,
      );
      assert.ok(refused, 'the job fails');
      assert.match(refused.stderr, 'refused for the test');
      assert.is(readFileSync(path.join(confD, 'ports-gen.conf'), 'utf8'), served, 'the file nginx reads is the one it had');
      assert.is((await httpRequest(nginx.url, 'GET', '/api/v1/ports/NEWPORT/')).status, 200, 'and nginx serves on');
      // The next run makes the file again, and nginx takes it.
      await cron();
      assert.equal(readdirSync(confD), ['ports-gen.conf']);
      await answered(nginx.url, '/api/v1/ports/ANOTHER/');
    } finally {
      await nginx?.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

real("docs/hosting.md's nginx with --upstream, run as written: a query nginx cannot answer from a file is answered by serve", async () => {
  await withTempDir(async (dir) => {
    const [upstreamPort, port] = [await freePort(), await freePort()];
    const here = (text: string) =>
      text
        .replaceAll('/var/www/ports', path.join(dir, 'var/www/ports'))
        .replaceAll('/etc/nginx', path.join(dir, 'etc/nginx'))
        .replaceAll('8081', String(upstreamPort))
        .replaceAll('--listen 80 ', `--listen 127.0.0.1:${port} `);
    const work = path.join(dir, 'srv');
    const confD = path.join(dir, 'etc/nginx/conf.d');
    mkdirSync(work, { recursive: true });
    mkdirSync(confD, { recursive: true });
    mkdirSync(path.join(dir, 'nginx'));
    projectIn(work);
    cpSync(path.join(ROOT, 'catalogue'), path.join(work, 'catalogue'), { recursive: true });
    const main = path.join(dir, 'etc/nginx/nginx.conf');
    writeFileSync(main, nginxMainConf(path.join(dir, 'nginx'), path.join(confD, '*.conf'), true));
    const env = { ...process.env, PATH: `${nginxOnPath(dir, main)}:${process.env.PATH}`, URL: '', CI: '' };
    const sh = (line: string) => execFileAsync('sh', ['-e', '-c', line], { cwd: work, env });
    // The README's build of the site nginx serves, then the doc's three lines.
    await sh(here(portsGenLine(commands(README), 'build')));
    const [serve, config, reload] = commands(here(shellBlock('docs/hosting.md', '**nginx with `--upstream`.** nginx computes nothing: it passes the requests a file cannot')));
    let nginx: Awaited<ReturnType<typeof runNginx>> | undefined;
    const stop = await startServe(serve!, work, env);
    try {
      await sh(config!);
      nginx = await runNginx(bin!, path.join(dir, 'nginx'), main, port);
      await sh(reload!);
      const answer = await httpRequest(nginx.url, 'GET', '/api/v1/ports/?search=zlib');
      assert.is(answer.status, 200);
      assert.is(JSON.parse(answer.body.toString('utf8')).count, 1, 'the search, not the whole list');
    } finally {
      await nginx?.close();
      await stop();
    }
  });
});

/** The line of `lines` that runs `npx ports-gen <command>`. */
function portsGenLine(lines: readonly string[], command: string): string {
  const line = lines.find((l) => l.startsWith(`npx ports-gen ${command} `));
  assert.ok(line, `npx ports-gen ${command}`);
  return line;
}

/** Waits for nginx's reload (a signal it acts on in its own time) to answer `target` with 200. */
async function answered(url: string, target: string): Promise<void> {
  for (let tries = 0; (await httpRequest(url, 'GET', target)).status !== 200; tries++) {
    assert.ok(tries < 200, `${target} answered after the reload`);
    await sleep(25);
  }
}

test.run();
