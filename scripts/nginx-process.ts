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
export async function freePort(): Promise<number> {
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

/** The http context's directives that keep what nginx writes (its temporary files) in `dir`, and no access log. */
export function httpPathsIn(dir: string): string[] {
  return ['  access_log off;', ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${path.join(dir, name)};`)];
}

/**
 * nginx.conf for nginx in the foreground, everything it writes in `dir`, and `include` (a file,
 * or a pattern of files as Debian's `conf.d/*.conf`) in its http context. `reloads`: with a
 * master process, as nginx runs on a host, which `nginx -s reload` gives a new configuration
 * (nginx alone, without one, answers HTTP/0.9 garbage after a reload).
 */
export function nginxMainConf(dir: string, include: string, reloads = false): string {
  return [
    'daemon off;',
    `master_process ${reloads ? 'on' : 'off'};`,
    // Its worker reads the site as this process may (root's would otherwise be nobody, kept out of a temporary directory).
    ...(reloads ? ['worker_processes 1;', ...(process.getuid?.() === 0 ? ['user root;'] : [])] : []),
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events {}',
    'http {',
    ...httpPathsIn(dir),
    // nginx closes a kept-alive connection after 1,000 requests by default; the load test's
    // client (autocannon) then gives every later answer on that connection to the request
    // before it, and a fast run counted every answer past the 1,000th of each as wrong.
    '  keepalive_requests 1000000;',
    `  include ${include};`,
    '}',
    '',
  ].join('\n');
}

/**
 * `dir`/nginx.conf: nginx in the foreground, everything it writes in `dir`, and `site` (what
 * `ports-gen nginx` printed) in its http context.
 */
function writeNginxConf(dir: string, site: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'site.conf'), site);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxMainConf(dir, path.join(dir, 'site.conf')));
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
  return runNginx(bin, dir, writeNginxConf(dir, await config(`127.0.0.1:${port}`)), port);
}

/** Real nginx in the foreground on the configuration `conf` (see nginxMainConf), once it accepts connections on `port`. */
export async function runNginx(bin: string, dir: string, conf: string, port: number): Promise<Running> {
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
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
