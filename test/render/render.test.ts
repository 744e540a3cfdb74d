import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildItem, pageHead, pageLinks } from '../../src/render/files-page.js';
import { toJsonText } from '../../src/render/json-text.js';
import { FilesPager } from '../../src/render/files-pager.js';
import { rootBody } from '../../src/render/list-pages.js';
import { PortsList } from '../../src/render/ports-list.js';

const BASE = 'https://ports.example.org';

test('api: compact, non-ASCII as itself, U+2028/U+2029 escaped', () => {
  assert.is(toJsonText({ a: 'Müller — 日本語 🎉', b: [1, null] }), '{"a":"Müller — 日本語 🎉","b":[1,null]}');
  assert.is(toJsonText('x\u2028y\u2029z'), '"x\\u2028y\\u2029z"');
  assert.is(toJsonText('only\u2029'), '"only\\u2029"', 'either separator alone');
  assert.is(toJsonText(['\u2028']), '["\\u2028"]');
  assert.is(toJsonText('tab\there\nnl\u0001 "q" \\ /'), '"tab\\there\\nnl\\u0001 \\"q\\" \\\\ /"');
});

test('api: DRF links: none back from page 1, page 2 back to the bare list, later pages back to ?page=N-1', () => {
  assert.equal(pageLinks(BASE, 1, 3), { next: `${BASE}/api/v1/files/?page=2`, previous: null });
  assert.equal(pageLinks(BASE, 2, 3), { next: `${BASE}/api/v1/files/?page=3`, previous: `${BASE}/api/v1/files/` });
  assert.equal(pageLinks(BASE, 3, 3), { next: null, previous: `${BASE}/api/v1/files/?page=2` });
  assert.equal(pageLinks(BASE, 1, 1), { next: null, previous: null });
});

test('api: a results item is {"build_id","files":[{"file"}]}', () => {
  assert.is(buildItem(7, []), '{"build_id":7,"files":[]}');
  assert.is(buildItem(184022, ['/opt/local/a', '/é']), '{"build_id":184022,"files":[{"file":"/opt/local/a"},{"file":"/é"}]}');
  assert.is(pageHead(BASE, 0, 1, 1), '{"count":0,"next":null,"previous":null,"results":[');
});

test('a results item is right for paths full of quotes, commas, backslashes and separators', () => {
  const tricky = ['x","y', 'a\\', '"', '","', '\\","', 'a",', '",', ',"', 'end\\', '\u2028', '{"file":"x"}', ',', ',,', 'x,', ',x', ''];
  for (const a of tricky) {
    for (const b of tricky) {
      const files = [a, b, a];
      const plain = JSON.stringify({ build_id: 1, files: files.map((file) => ({ file })) }).replace(/\u2028/g, '\\u2028');
      assert.is(buildItem(1, files), plain, JSON.stringify(files));
    }
  }
});

test('a results item of paths that need no escaping is the same by the plain path', () => {
  const lists = [['/opt/local/a'], ['/opt/local/a', '/é', '/日本', ''], ['a b', "it's", '/x,y', '{}', '[]', ':', '\u007f']];
  for (const files of lists) assert.is(buildItem(9, files, true), buildItem(9, files), JSON.stringify(files));
});

test('pager: pages fill in order, the last is partial, count is on every page', async () => {
  const written = new Map<string, string>();
  const pager = new FilesPager((file, body) => void written.set(file, typeof body === 'string' ? body : body.join('')), BASE, 3, 2);
  await pager.add({ build_id: 30, files: ['/a'] });
  await pager.add({ build_id: 10, files: [] });
  await pager.add({ build_id: 20, files: ['/b'] });
  await pager.finish();
  assert.equal([...written.keys()], ['api/v1/files/page-1.json', 'api/v1/files/page-2.json']);
  assert.is(
    written.get('api/v1/files/page-2.json'),
    `{"count":3,"next":null,"previous":"${BASE}/api/v1/files/","results":[{"build_id":20,"files":[{"file":"/b"}]}]}`,
  );
});

test('pager: no builds still writes one empty page 1', async () => {
  const written = new Map<string, string>();
  const pager = new FilesPager((file, body) => void written.set(file, typeof body === 'string' ? body : body.join('')), BASE, 0, 50);
  await pager.finish();
  assert.equal([...written], [['api/v1/files/page-1.json', '{"count":0,"next":null,"previous":null,"results":[]}']]);
});

test('pager: refuses to finish when fewer builds arrived than were counted', async () => {
  const pager = new FilesPager(() => {}, BASE, 2, 50);
  await pager.add({ build_id: 1, files: [] });
  await pager.finish().then(
    () => assert.unreachable('finish should refuse'),
    (cause: Error) => assert.match(cause.message, /counted as 2/),
  );
});

test('the ports list: newest first, each page its share, a key per page that follows its ports alone', () => {
  const list = new PortsList(BASE, 5, 2);
  assert.is(list.pages, 3);
  assert.equal([1, 2, 3].map((page) => list.indicesOf(page)), [[4, 3], [2, 1], [0]]);
  assert.equal([0, 1, 2, 3, 4].map((i) => list.pageOf(i)), [3, 2, 2, 1, 1]);
  const prints = ['p0', 'p1', 'p2', 'p3', 'p4'];
  const keys = list.pageKeys(prints);
  assert.is(new Set(keys).size, 3);
  const changed = list.pageKeys(prints.map((p, i) => (i === 1 ? 'p1-new' : p)));
  assert.equal(changed.map((key, i) => key === keys[i]), [true, false, true]);
  assert.equal(list.pageKeys(prints.map((p, i) => (i === 0 ? undefined : p))).map((key) => key === undefined), [false, false, true], 'a port without a print: its page is always made');
  assert.not.equal(new PortsList(BASE, 5, 2).pageKeys(prints), new PortsList('https://mirror.example.org', 5, 2).pageKeys(prints), 'the links are in the key');
  assert.is([...list.body(2, ['{"name":"c"}', '{"name":"b"}'])].join(''), `{"count":5,"next":"${BASE}/api/v1/ports/?page=3","previous":"${BASE}/api/v1/ports/","results":[{"name":"c"},{"name":"b"}]}`);
});

test('the API root: its links carry the format it was asked with', () => {
  assert.is(rootBody(BASE), `{"ports":"${BASE}/api/v1/ports/","category":"${BASE}/api/v1/category/","files":"${BASE}/api/v1/files/","maintainer":"${BASE}/api/v1/maintainer/"}`);
  assert.match(rootBody(BASE, 'api'), `"files":"${BASE}/api/v1/files/?format=api"`);
});

test.run();
