import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pageOfFragment, parseFragment, viewOf } from '../../src/browser/fragment-routes.js';

/** The browser's fragment routes as data (src/browser/fragment-routes.ts): what each shows, and the page of `build --pages` an old link now names. */

test('an old fragment link names its page, from the site root, each name percent-encoded as a segment', () => {
  const pages: Array<[string, string]> = [
    ['#/', ''],
    ['#/ports/zlib', 'port/zlib/'],
    ['#/ports/libsigc%2B%2B', 'port/libsigc%2B%2B/'],
    ['#/ports/libsigc++', 'port/libsigc%2B%2B/'],
    ['#/category/two%20words', 'category/two%20words/'],
    ['#/category/a%3Fb%23c', 'category/a%3Fb%23c/'],
    ['#/maintainer/jmr', 'maintainer/jmr/'],
    ['#/ports', 'ports/'],
    ['#/ports?page=1', 'ports/'],
    ['#/ports?page=3', 'ports/3/'],
    ['#/ports?page=zero', 'ports/'],
    ['#/categories?page=2', 'categories/2/'],
    ['#/maintainers', 'maintainers/'],
    ['#/maintainers/', 'maintainers/'],
    ['#/search/compression%20library', 'search/?q=compression%20library'],
    ['#/search/a%26b%3Dc', 'search/?q=a%26b%3Dc'],
    ['#/search', 'search/'],
    ['#/files', 'api/v1/files/'],
    ['#/files?page=2', 'api/v1/files/?page=2'],
  ];
  for (const [hash, page] of pages) assert.is(pageOfFragment(hash), page, hash);
});

test('a fragment that is no route, or a route to nothing, names no page', () => {
  for (const hash of ['', '#main', '#foo', '#/nonsense', '#/ports/a/b', '#/ports/%E0%A4%A', '#/category/..', '#/category/%2e%2e', '#/maintainer/.', '#/files/2', '#/search/a/b']) {
    assert.is(pageOfFragment(hash), undefined, hash);
  }
});

test('what each fragment shows in the script-rendered browser', () => {
  const view = (hash: string) => viewOf(parseFragment(hash));
  assert.equal(view(''), { view: 'start' });
  assert.equal(view('#/'), { view: 'start' });
  assert.equal(view('#foo'), { view: 'not-found' });
  assert.equal(view('#/ports/zlib'), { view: 'port', name: 'zlib' });
  assert.equal(view('#/ports/zlib/extra'), { view: 'not-found' });
  assert.equal(view('#/ports?page=2'), { view: 'ports', page: 2 });
  assert.equal(view('#/search/zl'), { view: 'search', query: 'zl' });
  assert.equal(view('#/toString'), { view: 'not-found' }, 'no name of an object prototype is a route');
  assert.equal(view('#/constructor/x'), { view: 'not-found' });
  assert.is(parseFragment('#/ports/%E0%A4%A'), undefined);
});

test.run();
