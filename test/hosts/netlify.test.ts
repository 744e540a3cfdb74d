import path from 'node:path';
import { readFileSync } from 'node:fs';
import { METHODS } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderNetlifyToml } from '../../src/hosts/netlify/netlify.js';
import { CASES } from '../conformance/cases.js';
import { checkResponse } from '../conformance/check.js';
import { httpRequest } from '../support/http.js';
import { startNetlify } from '../support/netlify.js';
import { ROOT } from '../support/paths.js';
import { buildConformanceSite, serveForSuite, type ServerContext } from '../support/suite-server.js';

const netlify = suite<ServerContext>('netlify conformance');

netlify('the committed netlify.toml is the one the route table renders', () => {
  assert.fixture(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8'), renderNetlifyToml());
});

serveForSuite(netlify, async (dir) => startNetlify(path.join(dir, 'project'), await buildConformanceSite(dir, 'site', false)));

// Netlify's emulation is reached here through Node's HTTP server, which refuses a method it
// does not know (`FOO`) before the emulation could see it: such rows are not Netlify's to judge.
for (const c of CASES.filter((c) => METHODS.includes(c.method))) {
  const expect = c.netlify ?? c.expect;
  const note = c.netlify ? ` (host difference: ${c.netlify.why})` : '';
  netlify(`${c.method} ${c.target}: ${c.name}${note}`, async (context) => {
    const res = await httpRequest(context.url!, c.method, c.target, c.headers);
    // The emulation's responses reach the test re-sent by a Node server, streamed, with no
    // Content-Length of their own: the length of a HEAD is not Netlify's to judge here.
    checkResponse(c, { ...expect, lengthOf: undefined }, res);
  });
}

netlify.run();
