import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderRedirects } from '../../src/hosts/netlify/netlify.js';
import { DUMP_PORTS, NETLIFY_INDEX, QUERY_INDEX } from '../../src/routes/site-files.js';

/**
 * Netlify's engine tries the rules in turn for every request, and a site has a rule per name:
 * what the function fetches for each answer (all of it when deployed without the files its
 * bundle can hold) must match a rule before those, not after them.
 */
const rules = renderRedirects({ ports: ['zlib', 'xz'], pages: 2, listPages: { ports: 1, category: 1, maintainer: 1 }, categories: ['archivers'], maintainers: ['someone'] })
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));
const firstPerName = rules.findIndex((line) => line.startsWith('/api/v1/ports/zlib/ '));

test('the files the function fetches have their rules before the rule per name', () => {
  assert.ok(firstPerName > 0);
  for (const file of [NETLIFY_INDEX, QUERY_INDEX, DUMP_PORTS]) {
    const dir = `/${file.slice(0, file.lastIndexOf('/'))}/*`;
    const at = rules.findIndex((line) => line.startsWith(`${dir} `));
    assert.ok(at >= 0 && at < firstPerName, file);
    assert.is(rules[at], `${dir} ${dir.replace('*', ':splat')} 200`, 'served as the file it is');
  }
  const portFile = rules.findIndex((line) => line.startsWith('/api/v1/ports/:name/index.json '));
  assert.ok(portFile >= 0 && portFile < firstPerName, "a port's file");
});

test('the list routes keep their own rules before the files: a page of a list is never taken for a file', () => {
  const list = rules.findIndex((line) => line.startsWith('/api/v1/files/ '));
  const files = rules.findIndex((line) => line.startsWith('/api/v1/files/:page '));
  assert.ok(list >= 0 && list < files);
});

test.run();
