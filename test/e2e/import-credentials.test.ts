import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withServer } from '../support/http.js';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli, type CliRun } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/**
 * Credentials of a source URL (`http://user:password@host/PortIndex`, or a netrc file's) log in
 * to the server that asked for them, and to no other; they are never printed (summary, progress,
 * problems, errors, `--json`) nor written (`catalogue/source.json` is committed by the example
 * workflow). A server on loopback that wants HTTP Basic authentication stands for a private mirror.
 */
const INDEX = readFileSync(path.join(FIXTURES, 'import-history', 'PortIndex-1'));
const SECRET = 's3cret';
const BASIC = `Basic ${Buffer.from(`user:${SECRET}`).toString('base64')}`;
/** Short waits; progress as lines; no netrc of the machine's user (a test names its own). */
const ENV = { PORTS_GEN_HTTP_TIMEOUT_MS: '300', PORTS_GEN_HTTP_RETRIES: '1', PORTS_GEN_HTTP_BACKOFF_MS: '10', PORTS_GEN_TEST_PHASES: '1', NETRC: '/dev/null' };

const withCredentials = (base: string, password = SECRET) => base.replace('http://', `http://user:${password}@`);
const run = (dir: string, args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { cwd: dir, env: { ...ENV, ...env } });

/** Neither the password nor the header made of it in anything the run printed. */
function assertHidden(ran: CliRun, what: string): void {
  for (const [stream, text] of [['stdout', ran.stdout], ['stderr', ran.stderr]]) {
    assert.not.ok(text!.includes(SECRET) || text!.includes(BASIC.slice(6)), `${what}: the password on ${stream}:\n${text}`);
  }
}

/** Nor in any file under `dir`. */
function assertHiddenOnDisk(dir: string): void {
  for (const [name, bytes] of readTree(dir)) assert.not.ok(bytes.includes(SECRET), `the password in ${name}`);
}

/** A server that answers `/PortIndex` (with an ETag, and 304 to it) only to `user:s3cret`, as `others` says otherwise. */
function privateMirror(seen: Array<string | undefined>, others: (req: IncomingMessage, res: ServerResponse) => boolean = () => false) {
  return (req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.headers.authorization);
    if (req.headers.authorization !== BASIC) return res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="ports"' }).end();
    if (others(req, res)) return;
    if (req.url !== '/PortIndex') return res.writeHead(404).end();
    if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
    res.writeHead(200, { ETag: '"v1"', 'Content-Length': INDEX.length }).end(INDEX);
  };
}

test('credentials in the URL log in; the summary, progress, --json, update and source.json show the URL without them', async () => {
  await withTempDir(async (dir) => {
    const seen: Array<string | undefined> = [];
    await withServer(privateMirror(seen), async (base) => {
      const url = `${withCredentials(base)}/PortIndex`;
      const first = await run(dir, ['import', url, '--date', '2026-11-01']);
      assert.is(first.code, 0, first.stderr);
      assertHidden(first, 'import');
      assert.match(first.stdout, `imported ${base}/PortIndex: `);
      assert.match(first.stderr, `phase: downloading ${base}/PortIndex\n`);
      assert.equal(JSON.parse(readFileSync(path.join(dir, 'catalogue', 'source.json'), 'utf8')), { url: `${base}/PortIndex`, etag: '"v1"' });
      // source.json is matched without the credentials: the next import asks with its ETag.
      const again = await run(dir, ['import', url, '--json']);
      assert.equal([again.code, again.stdout], [0, '{"notModified":true,"written":false}\n']);
      assertHidden(again, 'import --json');
      const text = await run(dir, ['import', url]);
      assert.equal([text.code, text.stdout], [0, `${base}/PortIndex: not modified since the last import (HTTP 304): nothing written\n`]);
      const updated = await run(dir, ['update', url]);
      assert.is(updated.code, 0, updated.stderr);
      assertHidden(updated, 'update');
      assert.match(updated.stdout, `${base}/PortIndex: not modified`);
      const json = await run(dir, ['update', url, '--json']);
      assert.is(json.code, 0, json.stderr);
      assertHidden(json, 'update --json');
      const refused = await run(dir, ['import', `${withCredentials(base, 'n0tit')}/PortIndex`]);
      assert.is(refused.code, 2);
      assert.match(refused.stderr, `ports-gen: ${base}/PortIndex: HTTP 401 Unauthorized (the server refused the credentials for 127.0.0.1)`);
      assert.not.match(refused.stderr, 'n0tit');
      const anonymous = await run(dir, ['import', `${base}/PortIndex`]);
      assert.match(anonymous.stderr, `ports-gen: ${base}/PortIndex: HTTP 401 Unauthorized (no credentials for 127.0.0.1 in the URL or in /dev/null)`);
    });
    assert.equal(seen.slice(0, 5), [BASIC, BASIC, BASIC, BASIC, BASIC], 'every request logged in');
    assertHiddenOnDisk(dir);
  });
});

test('failures name the URL without its credentials: an HTTP error, a 5xx, no answer, a cut body, redirects, a bad URL; in text and --json', async () => {
  await withTempDir(async (dir) => {
    const seen: Array<string | undefined> = [];
    await withServer(
      privateMirror(seen, (req, res) => {
        const at = `http://user:${SECRET}@${req.headers.host}`;
        if (req.url === '/broken') res.writeHead(500).end();
        else if (req.url === '/cut') {
          res.writeHead(200, { 'Content-Length': INDEX.length }).write(INDEX.subarray(0, 100));
          setImmediate(() => res.destroy());
        } else if (req.url === '/loop') res.writeHead(302, { Location: `${at}/loop` }).end();
        else if (req.url === '/away') res.writeHead(302, { Location: `http://other:${SECRET}@${req.headers.host}/gone` }).end();
        else if (req.url === '/elsewhere') res.writeHead(302, { Location: `ftp://user:${SECRET}@${req.headers.host}/PortIndex` }).end();
        else if (req.url !== '/silent') return false; // never answers
        return true;
      }),
      async (base) => {
        const cases: Array<[string, string]> = [
          ['/gone?token=s3cret&arch=arm', `${base}/gone?token=***&arch=***: HTTP 404 Not Found`],
          ['/broken', `${base}/broken: HTTP 500 Internal Server Error (tried 2 times)`],
          ['/silent', `${base}/silent: no answer within 0.3 s (tried 2 times)`],
          ['/cut', `${base}/cut: the download was cut short`],
          ['/loop', `${base}/loop: more than 5 redirects`],
          ['/away', `${base}/gone: HTTP 404 Not Found`],
          ['/elsewhere', `${base}/elsewhere: redirected to ftp://127.0.0.1:`],
        ];
        for (const [target, said] of cases) {
          const text = await run(dir, ['import', `${withCredentials(base)}${target}`]);
          assert.is(text.code, 2, `${target}: ${text.stderr}`);
          assert.match(text.stderr, `ports-gen: ${said}`);
          assertHidden(text, target);
          const json = await run(dir, ['import', `${withCredentials(base)}${target}`, '--json']);
          assert.is(json.code, 2, target);
          assert.match((JSON.parse(json.stdout) as { error: { message: string } }).error.message, said);
          assertHidden(json, `${target} --json`);
        }
      },
    );
    const invalid = await run(dir, ['import', `http://user:${SECRET}@127.0.0.1:99999/PortIndex`]);
    assert.is(invalid.code, 2);
    assert.match(invalid.stderr, /^ports-gen: http:\/\/127\.0\.0\.1:99999\/PortIndex is not a valid URL$/m);
    assertHidden(invalid, 'a URL that does not parse');
    assertHiddenOnDisk(dir);
  });
});

test('a redirect to another origin carries no credentials; one on the same origin keeps them', async () => {
  await withTempDir(async (dir) => {
    const elsewhere: Array<string | undefined> = [];
    await withServer(
      (req, res) => {
        elsewhere.push(req.headers.authorization);
        res.writeHead(200).end(INDEX);
      },
      async (other) => {
        const seen: Array<string | undefined> = [];
        await withServer(
          privateMirror(seen, (req, res) => {
            if (req.url === '/moved') res.writeHead(301, { Location: `${other}/PortIndex` }).end();
            else if (req.url === '/relative') res.writeHead(302, { Location: '/PortIndex' }).end();
            else if (req.url === '/absolute') res.writeHead(307, { Location: `http://${req.headers.host}/PortIndex` }).end();
            else return false;
            return true;
          }),
          async (base) => {
            for (const target of ['/relative', '/absolute']) {
              const same = await run(dir, ['import', `${withCredentials(base)}${target}`, '--dry-run']);
              assert.is(same.code, 0, `${target}: ${same.stderr}`);
            }
            const moved = await run(dir, ['import', `${withCredentials(base)}/moved`, '--dry-run']);
            assert.is(moved.code, 0, moved.stderr);
            assertHidden(moved, 'a redirect elsewhere');
          },
        );
        assert.equal(seen, [BASIC, BASIC, BASIC, BASIC, BASIC]);
      },
    );
    assert.equal(elsewhere, [undefined], 'the other server was not sent the credentials');
  });
});

test('--sig <url> logs in with its own credentials; its problems name it without them', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'PortIndex'), INDEX);
    writeFileSync(path.join(dir, 'other'), 'something else\n');
    execFileSync('signify-openbsd', ['-G', '-n', '-p', 'k.pub', '-s', 'k.sec'], { cwd: dir });
    for (const file of ['PortIndex', 'other']) execFileSync('signify-openbsd', ['-S', '-s', 'k.sec', '-m', file], { cwd: dir });
    const seen: Array<string | undefined> = [];
    await withServer(
      privateMirror(seen, (req, res) => {
        if (req.url === '/PortIndex.sig') res.writeHead(200).end(readFileSync(path.join(dir, 'PortIndex.sig')));
        else if (req.url === '/wrong.sig') res.writeHead(200).end(readFileSync(path.join(dir, 'other.sig')));
        else return false;
        return true;
      }),
      async (base) => {
        const source = `${withCredentials(base)}/PortIndex`;
        for (const json of [[], ['--json']]) {
          const bad = await run(dir, ['import', source, '--sig', `${withCredentials(base)}/wrong.sig`, '--pub', 'k.pub', ...json]);
          assert.is(bad.code, 1);
          assert.match(bad.stderr + bad.stdout, `expected the signature of ${base}/wrong.sig by k.pub`);
          assertHidden(bad, `a bad signature ${json}`);
        }
        const good = await run(dir, ['import', source, '--sig', `${withCredentials(base)}/PortIndex.sig`, '--pub', 'k.pub']);
        assert.is(good.code, 0, good.stderr);
        assertHidden(good, 'a good signature');
      },
    );
    assertHiddenOnDisk(path.join(dir, 'catalogue'));
  });
});

test('credentials from a netrc file: $NETRC, else ~/.netrc; those in the URL come first', async () => {
  await withTempDir(async (dir) => {
    const home = path.join(dir, 'home');
    mkdirSync(home);
    writeFileSync(path.join(home, '.netrc'), `# a private mirror\nmachine 127.0.0.1\n  login user\n  password ${SECRET}\n`);
    writeFileSync(path.join(dir, 'wrong.netrc'), 'machine 127.0.0.1 login user password n0tit\n');
    const seen: Array<string | undefined> = [];
    await withServer(privateMirror(seen), async (base) => {
      const named = await run(dir, ['import', `${base}/PortIndex`, '--dry-run'], { NETRC: path.join(home, '.netrc') });
      assert.is(named.code, 0, named.stderr);
      const fromHome = await run(dir, ['import', `${base}/PortIndex`, '--dry-run'], { NETRC: '', HOME: home });
      assert.is(fromHome.code, 0, fromHome.stderr);
      const first = await run(dir, ['import', `${withCredentials(base)}/PortIndex`, '--dry-run'], { NETRC: path.join(dir, 'wrong.netrc') });
      assert.is(first.code, 0, first.stderr);
      const refused = await run(dir, ['import', `${base}/PortIndex`, '--dry-run'], { NETRC: path.join(dir, 'wrong.netrc') });
      assert.is(refused.code, 2);
      assert.match(refused.stderr, `${base}/PortIndex: HTTP 401 Unauthorized (the server refused the credentials for 127.0.0.1)`);
      assert.not.match(refused.stderr, 'n0tit');
      const unreadable = await run(dir, ['import', `${base}/PortIndex`, '--dry-run'], { NETRC: home });
      assert.is(unreadable.code, 2);
      assert.match(unreadable.stderr, `ports-gen: the netrc file ${home} cannot be read (EISDIR)`);
    });
    assert.equal(seen.slice(0, 3), [BASIC, BASIC, BASIC]);
  });
});

test.run();
