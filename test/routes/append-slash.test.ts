import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodePath, slashedLocation } from '../../src/routes/append-slash.js';

/**
 * Django's APPEND_SLASH Location, written by hand from Django's get_full_path_with_slash: the
 * path decoded, escaped again by escape_uri_path, the query escaped by iri_to_uri.
 */
const redirects: Array<[string, string, string]> = [
  ['/api/v1/ports/zlib', '', '/api/v1/ports/zlib/'],
  ['/api/v1/ports/zlib', 'format=api', '/api/v1/ports/zlib/?format=api'],
  ['/api/v1/category/%64evel', '', '/api/v1/category/devel/'],
  ['/api/v1/maintainer/jm%72oot', '', '/api/v1/maintainer/jmroot/'],
  ['/api/v1/category/%c3%a9t%c3%a9', 'format=json', '/api/v1/category/%C3%A9t%C3%A9/?format=json'],
  ['/api/v1/ports/libsigc%2B%2B', '', '/api/v1/ports/libsigc++/'],
  ['/api/v1/category', 'x="a"', '/api/v1/category/?x=%22a%22'],
  ['/api/v1/category/two%20words', 'q=%20&r=<>', '/api/v1/category/two%20words/?q=%20&r=%3C%3E'],
  ['/api/v1/category/back%5Cslash', '', '/api/v1/category/back%5Cslash/'],
  ['/api/v1/ports/a%3Fb%23c', '', '/api/v1/ports/a%3Fb%23c/'],
  ["/api/v1/ports/a:b@c&d$e,f!g~h*i'j(k)", '', "/api/v1/ports/a:b@c&d$e,f!g~h*i'j(k)/"],
  ['/api/v1/ports/a%3Db%3Bc', 'a[0]=1;b', '/api/v1/ports/a%3Db%3Bc/?a[0]=1;b'],
];

for (const [rawPath, rawQuery, location] of redirects) {
  test(`APPEND_SLASH: ${rawPath}${rawQuery ? `?${rawQuery}` : ''} -> ${location}`, () => {
    assert.is(slashedLocation(decodePath(rawPath)!, rawQuery), location);
  });
}

test('a path is decoded as UTF-8 bytes; an escape that is not one stays; bytes that are not UTF-8 match nothing', () => {
  assert.is(decodePath('/a/%C3%A9%2f%zz%4'), '/a/é/%zz%4');
  assert.is(decodePath('/a/%FF'), undefined);
  assert.is(decodePath('/a/%C3'), undefined);
  assert.is(decodePath('/a/%EF%BB%BFb'), '/a/\uFEFFb');
});

test.run();
