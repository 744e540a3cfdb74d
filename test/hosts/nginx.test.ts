import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findNginx, startNginx } from '../../scripts/nginx-process.js';
import { CASES } from '../conformance/cases.js';
import { checkResponse } from '../conformance/check.js';
import { httpRequest } from '../support/http.js';
import { runCli } from '../support/run-cli.js';
import { buildConformanceSite, serveForSuite, type ServerContext } from '../support/suite-server.js';

/**
 * The conformance table against real nginx, configured by `ports-gen nginx` for the conformance
 * site: every row of docs/api.md, answered as `serve` answers it unless the row says otherwise.
 */
const nginx = suite<ServerContext>('nginx conformance');
const bin = findNginx();
/** The conformance site, built with `--precompress`. */
let site: string | undefined;

/** The configuration the CLI prints for the site at `site`, listening on `listen`. */
async function configFor(site: string, listen: string): Promise<string> {
  const run = await runCli(['nginx', '--dir', site, '--listen', listen], { cwd: path.dirname(site) });
  assert.is(run.code, 0, run.stderr);
  return run.stdout;
}

if (bin) {
  serveForSuite(nginx, async (dir) => {
    site = await buildConformanceSite(dir, 'dist', true, true);
    return startNginx(bin, path.join(dir, 'nginx'), (listen) => configFor(site!, listen));
  });
  for (const c of CASES) {
    const expect = c.nginx ?? c.expect;
    const note = c.nginx ? ` (host difference: ${c.nginx.why})` : '';
    nginx(`${c.method} ${c.target}: ${c.name}${note}`, async (context) => {
      // The site is precompressed: nginx adds Accept-Encoding to Vary where it could send a .gz.
      checkResponse(c, expect, await httpRequest(context.url!, c.method, c.target, c.headers), 'Accept-Encoding');
    });
  }

  nginx('a client that accepts gzip gets the precompressed bytes, which are the JSON file', async (context) => {
    for (const [target, file] of [
      ['/api/v1/ports/ZLIB/', 'api/v1/ports/zlib/index.json'],
      ['/api/v1/files/?page=2', 'api/v1/files/page-2.json'],
      ['/api/v1/?format=api', 'api/v1/root-api.json'],
    ] as const) {
      const res = await httpRequest(context.url!, 'GET', target, { 'accept-encoding': 'gzip' });
      assert.is(res.status, 200, target);
      assert.is(res.headers['content-encoding'], 'gzip', target);
      assert.equal(String(res.headers.vary).split(', ').sort(), ['Accept', 'Accept-Encoding'], target);
      assert.is(res.headers['content-type'], 'application/json', target);
      assert.equal(gunzipSync(res.body), readFileSync(path.join(site!, file)), target);
      const plain = await httpRequest(context.url!, 'GET', target);
      assert.is(plain.headers['content-encoding'], undefined, `${target}: a client that does not accept it gets the plain bytes`);
      assert.equal(plain.body, readFileSync(path.join(site!, file)), target);
    }
  });
} else if (process.env.CI) {
  // .ci/run installs nginx, so a missing one there is a failure, not a skip.
  nginx('nginx is installed', () => assert.unreachable('nginx is missing: .ci/run installs nginx-light'));
} else {
  process.stderr.write('\n*** nginx conformance SKIPPED: nginx is not installed (apt-get install -y nginx-light) ***\n\n');
}

nginx.run();
