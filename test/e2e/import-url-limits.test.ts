import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateKeyPair } from '../../src/sign/signify.js';
import { withServer } from '../support/http.js';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/**
 * `ports-gen import <url>` against loopback servers that misbehave on purpose: one that drips
 * its body, redirects out of http(s), a 304 to a request that asked nothing of the kind, one
 * that stalls while the user stops the import. Each is refused in one line naming the URL (exit
 * 2), or stopped (128 + the signal), never a bug's exit 70; the catalogue stays as it was.
 */
const INDEX = readFileSync(path.join(FIXTURES, 'import-history', 'PortIndex-1'));
/** No retries and short waits; no netrc of the machine's user. */
const FAST = { PORTS_GEN_HTTP_TIMEOUT_MS: '5000', PORTS_GEN_HTTP_RETRIES: '0', PORTS_GEN_HTTP_BACKOFF_MS: '10', NETRC: '/dev/null' };
const FAILED = '; the import failed: nothing was written, the catalogue is untouched\n';

const run = (dir: string, args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { cwd: dir, env: { ...FAST, ...env } });

/** A catalogue imported from a file, and a public key for --pub (no signature of it is good). */
async function startCatalogue(dir: string): Promise<Map<string, Buffer>> {
  cpSync(path.join(FIXTURES, 'import-history', 'PortIndex-1'), path.join(dir, 'PortIndex'));
  writeFileSync(path.join(dir, 'k.pub'), generateKeyPair().publicFile);
  assert.is((await run(dir, ['import', 'PortIndex'])).code, 0);
  return readTree(path.join(dir, 'catalogue'));
}

/** A body of `length` bytes sent a byte every 20 ms: seconds in all, never idle long enough for the timeout. */
function drip(res: ServerResponse, length: number): void {
  res.writeHead(200, { 'Content-Length': length });
  let sent = 0;
  const timer = setInterval(() => {
    res.write('x');
    if (++sent === length) res.end();
  }, 20);
  res.on('close', () => clearInterval(timer));
}

test('a server that drips its body: stopped at the deadline, for the source and for --sig <url>, exit 2, the catalogue as it was', async () => {
  await withTempDir(async (dir) => {
    const before = await startCatalogue(dir);
    await withServer(
      (req, res) => {
        if (req.url === '/PortIndex') return res.writeHead(200).end(INDEX);
        drip(res, 200); // four seconds
      },
      async (base) => {
        const deadline = { PORTS_GEN_HTTP_DEADLINE_MS: '400' };
        const source = await run(dir, ['import', `${base}/drip`], deadline);
        assert.equal([source.code, source.stderr], [2, `ports-gen: ${base}/drip: not downloaded within the deadline of 0.4 s (PORTS_GEN_HTTP_DEADLINE_MS sets it)${FAILED}`]);
        const signature = await run(dir, ['import', `${base}/PortIndex`, '--sig', `${base}/drip.sig`, '--pub', 'k.pub'], deadline);
        assert.equal([signature.code, signature.stderr], [2, `ports-gen: ${base}/drip.sig: not downloaded within the deadline of 0.4 s (PORTS_GEN_HTTP_DEADLINE_MS sets it)${FAILED}`]);
        const bad = await run(dir, ['import', `${base}/drip`], { PORTS_GEN_HTTP_DEADLINE_MS: 'soon' });
        assert.equal([bad.code, bad.stderr], [2, 'ports-gen: PORTS_GEN_HTTP_DEADLINE_MS must be a whole number, got "soon"\n']);
      },
    );
    assert.equal(readTree(path.join(dir, 'catalogue')), before);
  });
});

test('redirects to file:, ftp:, data:, gopher:, an unparsable Location, --sig to file:: exit 2, one line naming the URL', async () => {
  await withTempDir(async (dir) => {
    const before = await startCatalogue(dir);
    writeFileSync(path.join(dir, 'PortIndex.sig'), 'untrusted comment: a local file the server must not make us read\n');
    const sig = `file://${path.join(dir, 'PortIndex.sig')}`;
    const locations: Record<string, string> = {
      '/file': 'file:///etc/passwd',
      '/ftp': 'ftp://127.0.0.1/PortIndex',
      '/data': 'data:,zlib',
      '/gopher': 'gopher://127.0.0.1:70/1',
      '/unparsable': 'http://[127.0.0.1/PortIndex',
      '/sig': sig,
    };
    await withServer(
      (req, res) => res.writeHead(302, { Location: locations[req.url!] ?? '/file' }).end(),
      async (base) => {
        const cases: Array<[string[], string]> = [
          [['import', `${base}/file`], `${base}/file: redirected to file:///etc/passwd, which is not an http(s) URL`],
          [['import', `${base}/ftp`], `${base}/ftp: redirected to ftp://127.0.0.1/PortIndex, which is not an http(s) URL`],
          [['import', `${base}/data`], `${base}/data: redirected to data:,zlib, which is not an http(s) URL`],
          [['import', `${base}/gopher`], `${base}/gopher: redirected to gopher://127.0.0.1:70/1, which is not an http(s) URL`],
          [['import', `${base}/unparsable`], `${base}/unparsable: redirected to a Location that is not a URL`],
          [['import', 'PortIndex', '--sig', `${base}/sig`, '--pub', 'k.pub'], `${base}/sig: redirected to ${sig}, which is not an http(s) URL`],
        ];
        for (const [args, said] of cases) {
          const refused = await run(dir, args);
          assert.equal([refused.code, refused.stderr], [2, `ports-gen: ${said}${FAILED}`], args.join(' '));
        }
      },
    );
    assert.equal(readTree(path.join(dir, 'catalogue')), before);
  });
});

test('a 304 to a request without validators (a first import): exit 2, no catalogue made; import and update alike', async () => {
  await withTempDir(async (dir) => {
    const asked: Array<string | undefined> = [];
    await withServer(
      (req, res) => {
        asked.push(req.headers['if-none-match'] ?? req.headers['if-modified-since']);
        res.writeHead(304).end();
      },
      async (base) => {
        const said = `ports-gen: ${base}/PortIndex: the server answered 304 Not Modified to a request that had no validators (no If-None-Match, no If-Modified-Since): nothing to import`;
        const imported = await run(dir, ['import', `${base}/PortIndex`]);
        assert.equal([imported.code, imported.stdout, imported.stderr], [2, '', `${said}${FAILED}`]);
        const json = await run(dir, ['import', `${base}/PortIndex`, '--json']);
        assert.is(json.code, 2);
        assert.match((JSON.parse(json.stdout) as { error: { message: string } }).error.message, said.slice('ports-gen: '.length));
        const updated = await run(dir, ['update', `${base}/PortIndex`]);
        assert.is(updated.code, 2, updated.stderr);
        assert.match(updated.stderr, said);
      },
    );
    assert.equal(asked, [undefined, undefined, undefined]);
    assert.not.ok(existsSync(path.join(dir, 'catalogue')), 'no catalogue made');
    assert.not.ok(existsSync(path.join(dir, 'dist')), 'no site built');
  });
});

test('SIGINT or SIGTERM while the server stalls mid-body (the source, or --sig <url>): one line, exit 130 or 143, the catalogue as it was', async () => {
  await withTempDir(async (dir) => {
    const before = await startCatalogue(dir);
    let requested = () => {};
    await withServer(
      (req, res) => {
        if (req.url === '/PortIndex') return res.writeHead(200).end(INDEX);
        // Headers and a first part, then nothing: the download waits for the rest.
        res.writeHead(200, { 'Content-Length': INDEX.length }).write(INDEX.subarray(0, 100));
        requested();
      },
      async (base) => {
        const cases: Array<[NodeJS.Signals, string[], number]> = [
          ['SIGINT', ['import', `${base}/stall`], 130],
          ['SIGTERM', ['import', `${base}/stall`], 143],
          ['SIGINT', ['import', `${base}/PortIndex`, '--sig', `${base}/stall.sig`, '--pub', 'k.pub'], 130],
          ['SIGTERM', ['update', `${base}/stall`], 143],
        ];
        for (const [signal, args, code] of cases) {
          const spawned: ChildProcess[] = [];
          // The CLI handles signals before it sends its request: once the server has it, the signal is the CLI's to handle.
          const seen = new Promise<void>((resolve) => (requested = () => resolve()));
          const ran = runCli(args, { cwd: dir, env: FAST, started: (child) => spawned.push(child), killAfterMs: 20_000 });
          await seen;
          spawned[0]!.kill(signal);
          const stopped = await ran;
          const untouched = args[0] === 'update' ? 'nothing was published, the previous site is untouched' : 'nothing was written, the catalogue is untouched';
          assert.equal([stopped.code, stopped.stdout, stopped.stderr], [code, '', `ports-gen: ${args[0]} interrupted (${signal}): ${untouched}\n`], args.join(' '));
          assert.equal(readTree(path.join(dir, 'catalogue')), before);
        }
      },
    );
  });
});

test.run();
