import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CASES } from './conformance/cases.js';
import { checkResponse } from './conformance/check.js';
import { httpRequest } from './support/http.js';
import { findNginx, startNginx } from './support/nginx.js';
import { runCli } from './support/run-cli.js';
import { buildConformanceSite, serveForSuite, type ServerContext } from './support/suite-server.js';

/**
 * The conformance table against real nginx, configured by `ports-gen nginx` for the conformance
 * site: every row of docs/api.md, answered as `serve` answers it unless the row says otherwise.
 */
const nginx = suite<ServerContext>('nginx conformance');
const bin = findNginx();

/** The configuration the CLI prints for the site at `site`, listening on `listen`. */
async function configFor(site: string, listen: string): Promise<string> {
  const run = await runCli(['nginx', '--dir', site, '--listen', listen], { cwd: path.dirname(site) });
  assert.is(run.code, 0, run.stderr);
  return run.stdout;
}

if (bin) {
  serveForSuite(nginx, async (dir) => {
    const site = await buildConformanceSite(dir, 'dist');
    return startNginx(bin, path.join(dir, 'nginx'), (listen) => configFor(site, listen));
  });
  for (const c of CASES) {
    const expect = c.nginx ?? c.expect;
    const note = c.nginx ? ` (host difference: ${c.nginx.why})` : '';
    nginx(`${c.method} ${c.target}: ${c.name}${note}`, async (context) => {
      checkResponse(c, expect, await httpRequest(context.url!, c.method, c.target, c.headers));
    });
  }
} else if (process.env.CI) {
  // .ci/run installs nginx, so a missing one there is a failure, not a skip.
  nginx('nginx is installed', () => assert.unreachable('nginx is missing: .ci/run installs nginx-light'));
} else {
  process.stderr.write('\n*** nginx conformance SKIPPED: nginx is not installed (apt-get install -y nginx-light) ***\n\n');
}

nginx.run();
