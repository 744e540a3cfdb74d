/**
 * Real nginx for the tests and the load test: found, and started in the foreground on a free
 * loopback port with everything it writes in one directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A running server: where it answers, and how to stop it. */
export interface Running {
  url: string;
  close: () => Promise<void>;
}

/** Where Debian puts nginx; also found on the PATH. */
const CANDIDATES = ['/usr/sbin/nginx', 'nginx'];

/** The nginx binary, or undefined when there is none (the suite then says so, loudly). */
export function findNginx(): string | undefined {
  return CANDIDATES.find((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0);
}

/** A free loopback port, as the kernel picks one. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * `dir`/nginx.conf: nginx in the foreground, everything it writes in `dir`, and `site` (what
 * `ports-gen nginx` printed) in its http context.
 */
function writeNginxConf(dir: string, site: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = (name: string) => `  ${name}_temp_path ${path.join(dir, name)};`;
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'master_process off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events {}',
      'http {',
      '  access_log off;',
      // nginx closes a kept-alive connection after 1,000 requests by default; the load test's
      // client (autocannon) then gives every later answer on that connection to the request
      // before it, and a fast run counted every answer past the 1,000th of each as wrong.
      '  keepalive_requests 1000000;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return conf;
}

/** `nginx -t` of `site` in the http context: its exit status and all it printed. */
export function testNginxConfig(bin: string, dir: string, site: string): { status: number | null; output: string } {
  const conf = writeNginxConf(dir, site);
  const run = spawnSync(bin, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * Real nginx in the foreground, with everything it writes (pid, error log, temporary files) in
 * `dir`, including `config(listen)`: the http-context configuration `ports-gen nginx` printed
 * for that listen address.
 */
export async function startNginx(bin: string, dir: string, config: (listen: string) => Promise<string>): Promise<Running> {
  const port = await freePort();
  writeNginxConf(dir, await config(`127.0.0.1:${port}`));
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let tries = 0; !(await accepting(port)); tries++) {
    if (child.exitCode !== null || tries > 100) {
      child.kill('SIGKILL');
      let log = '';
      try {
        log = readFileSync(path.join(dir, 'error.log'), 'utf8');
      } catch {
        // none written
      }
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
