import path from 'node:path';
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderNetlifyToml } from '../src/host/netlify.js';
import { CASES } from './conformance/cases.js';
import { checkResponse } from './conformance/check.js';
import { httpRequest } from './support/http.js';
import { startNetlify } from './support/netlify.js';
import { ROOT } from './support/paths.js';
import { buildConformanceSite, serveForSuite, type ServerContext } from './support/suite-server.js';

const netlify = suite<ServerContext>('netlify conformance');

netlify('the committed netlify.toml is the one the route table renders', () => {
  assert.fixture(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8'), renderNetlifyToml());
});

serveForSuite(netlify, async (dir) => startNetlify(path.join(dir, 'project'), await buildConformanceSite(dir, 'site', false)));

for (const c of CASES) {
  const expect = c.netlify ?? c.expect;
  const note = c.netlify ? ` (host difference: ${c.netlify.why})` : '';
  netlify(`${c.method} ${c.target}: ${c.name}${note}`, async (context) => {
    const res = await httpRequest(context.url!, c.method, c.target, c.headers);
    checkResponse(c, expect, res);
  });
}

netlify.run();
