import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { renderRedirects } from '../../src/hosts/netlify/netlify.js';
import { serveSite } from '../../src/hosts/serve/server.js';
import { writeCatalogue } from '../support/catalogue.js';
import { httpRequest } from '../support/http.js';
import { startNetlify, type NetlifyEmulation } from '../support/netlify.js';

/**
 * Property, through Netlify's own engine: names drawn from an alphabet of what its rule syntax
 * gives meaning to (`*` a splat, `:` a placeholder, `!` a forced rule, `#`, `\`, `%`, spaces, text
 * beyond ASCII) never change the answer for another name. A category named `*` once answered
 * for every category.
 */
const HOSTILE = ['*', ':', '!', '#', '\\', '%', ' ', '?', '&', '=', '+', '@', "'", '(', ')', '~', '$', '^', '|', 'é', 'a', 'b', 'Z', '0', '-', '_'];
const name = fc.string({ unit: fc.constantFrom(...HOSTILE), minLength: 1, maxLength: 4 });
/** Categories are one in any letter case: one spelling of each. */
const NAMES = [...new Map(['*', ':name', '!', 'a\\b', '#x', ...fc.sample(name, { numRuns: 40, seed: 53 })].filter((n) => n.trim() === n && n !== '').map((n) => [n.toLowerCase(), n])).values()].filter((n) => !['devel', 'net'].includes(n.toLowerCase()));
/** Categories every site has: their answers must never change. */
const PLAIN = ['devel', 'net'];

const hostile = suite<{ netlify?: NetlifyEmulation; serve?: { url: string; close: () => Promise<void> }; dir?: string }>('netlify: hostile names');

hostile.before(async (context) => {
  context.dir = mkdtempSync(path.join(tmpdir(), 'ports-gen-test-'));
  // The hostile names first: their rules, were they written, would come before the plain ones'.
  const categories = [...NAMES, ...PLAIN];
  const ports = categories.map((category, i) => ({ name: `p${i}`, portdir: `devel/p${i}`, version: '1', categories: [category] }));
  writeCatalogue(path.join(context.dir, 'catalogue'), { portindex: { ports } });
  const built = await buildSite({ cwd: context.dir, catalogue: 'catalogue', out: 'site', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true, link: false });
  assert.ok(built.ok);
  // The emulation takes the site into its project: serve answers from there too.
  context.netlify = await startNetlify(path.join(context.dir, 'project'), path.join(context.dir, 'site'));
  context.serve = await serveSite({ dir: path.join(context.dir, 'project', 'dist'), port: 0, host: '127.0.0.1' });
});

hostile.after(async (context) => {
  await context.netlify?.close();
  await context.serve?.close();
  if (context.dir) rmSync(context.dir, { recursive: true, force: true });
});

hostile('no rule of _redirects names a category whose name the rule syntax would read', () => {
  const rules = renderRedirects({ ports: [], pages: 1, listPages: { ports: 1, category: 1, maintainer: 1 }, categories: [...NAMES, ...PLAIN], maintainers: [] });
  const categoryRules = rules.split('\n').filter((line) => /^\/api\/v1\/category\/[^ ]/.test(line) && !line.startsWith('/api/v1/category/:name'));
  assert.equal(categoryRules.map((line) => line.split(' ')[0]), [...NAMES.filter((n) => /^[A-Za-z0-9._~+@-]+$/.test(n)), ...PLAIN].map((n) => `/api/v1/category/${encodeURIComponent(n)}/`));
});

/** A name in a URL path: as encodeURIComponent writes it, and as a browser sends it (`*`, `:`, `!`, `'`, `(`, `)` bare). */
const spellings = (n: string) => [...new Set([encodeURIComponent(n), encodeURIComponent(n).replace(/%(2A|3A|21|27|28|29|40|2B|24|3D|26|7E)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))])];

hostile(`${NAMES.length} hostile category names: each answers as serve does, or not at all; the plain ones always as serve does`, async (context) => {
  const site = path.join(context.dir!, 'project', 'dist');
  const bodyOf = (category: string) => readFileSync(path.join(site, 'api/v1/category', category, 'index.json'), 'utf8');
  const bodies = new Map([...PLAIN, ...NAMES].filter((category) => !category.includes('.')).map((category) => [category, bodyOf(category)]));
  for (const category of [...PLAIN, 'unknown-category']) {
    const target = `/api/v1/category/${category}/`;
    const fromServe = await httpRequest(context.serve!.url, 'GET', target);
    const fromNetlify = await httpRequest(context.netlify!.url, 'GET', target);
    assert.is(fromNetlify.status, fromServe.status, target);
    assert.is(fromNetlify.body.toString('utf8'), fromServe.body.toString('utf8'), target);
  }
  for (const category of NAMES) {
    for (const spelled of spellings(category)) {
      const target = `/api/v1/category/${spelled}/`;
      const fromNetlify = await httpRequest(context.netlify!.url, 'GET', target);
      const body = fromNetlify.body.toString('utf8');
      if (fromNetlify.status === 200) {
        // Never another category's body (a rule that matched more than its own name).
        assert.is(body, bodies.get(category), `${JSON.stringify(category)} as ${target}`);
      } else {
        const fromServe = await httpRequest(context.serve!.url, 'GET', target);
        // Netlify's emulation finds no file whose name needs encoding (a documented host difference).
        assert.ok([404].includes(fromNetlify.status) && (fromServe.status === 404 || body === '{"detail":"No Category matches the given query."}'), `${JSON.stringify(category)} as ${target}: ${fromNetlify.status} ${body}`);
      }
    }
  }
});

hostile.run();
