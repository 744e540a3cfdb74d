import path from 'node:path';
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/commands/build.js';
import { renderNetlifyToml } from '../src/host/netlify.js';
import { CASES } from './conformance/cases.js';
import { checkResponse, CONFORMANCE, CONFORMANCE_BASE_URL, CONFORMANCE_PAGE_SIZE } from './conformance/check.js';
import { httpRequest } from './support/http.js';
import { startNetlify, type NetlifyEmulation } from './support/netlify.js';
import { ROOT, withTempDir } from './support/paths.js';

const netlify = suite<{ host?: NetlifyEmulation; done?: () => void; finished?: Promise<void> }>('netlify conformance');

netlify('the committed netlify.toml is the one the route table renders', () => {
  assert.fixture(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8'), renderNetlifyToml());
});

netlify.before(async (context) => {
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  context.finished = withTempDir(async (dir) => {
    const result = await buildSite({
      cwd: dir,
      catalogue: path.join(CONFORMANCE, 'catalogue'),
      out: 'site',
      baseUrl: CONFORMANCE_BASE_URL,
      pageSize: CONFORMANCE_PAGE_SIZE,
      strict: true,
    });
    assert.ok(result.ok);
    context.host = await startNetlify(path.join(dir, 'project'), path.join(dir, 'site'));
    ready();
    await new Promise<void>((resolve) => (context.done = resolve));
    await context.host.close();
  });
  await started;
});

netlify.after(async (context) => {
  context.done?.();
  await context.finished;
});

for (const c of CASES) {
  const expect = c.netlify ?? c.expect;
  const note = c.netlify ? ` (host difference: ${c.netlify.why})` : '';
  netlify(`${c.method} ${c.target}: ${c.name}${note}`, async (context) => {
    const res = await httpRequest(context.host!.url, c.method, c.target, c.headers);
    checkResponse(c, expect, res);
  });
}

netlify.run();
