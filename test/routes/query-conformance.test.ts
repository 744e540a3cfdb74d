import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { readSiteIndex } from '../../src/hosts/serve/site-index.js';
import { bodyOf, filesOf } from '../../src/render/query-body.js';
import { toJsonText } from '../../src/render/json-text.js';
import { answer, type SiteIndex } from '../../src/routes/answer.js';
import { decideQuery } from '../../src/routes/query/decide-query.js';
import { FIXTURES, withTempDir } from '../support/paths.js';

/**
 * The 75 requests of the sample (test/fixtures/queries-sample/README.md) through answer() and
 * the query engine as a host will put them together: answer() decides the format and the
 * method first; on a route that takes a query, the engine decides; a file answers the rest.
 */
const SAMPLE = path.join(FIXTURES, 'queries-sample');
const BASE = 'http://127.0.0.1:8080';
const PAGE_SIZE = 50;

interface Expected {
  method: string;
  path: string;
  status: number;
  body: string;
}

/** As a host answers: answer() decides, a computed page is made from the files it names. */
function respond(out: string, index: SiteIndex, method: string, target: string): { status: number; body: string } {
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
  const given = answer(method, target, index);
  let status: number;
  let body: string;
  if ('computed' in given) [status, body] = [200, bodyOf(index.queries!, given.computed, filesOf(index.queries!, given.computed).map(read))];
  else if ('file' in given) [status, body] = [given.status, read(given.file)];
  else if ('body' in given) [status, body] = [given.status, toJsonText(given.body)];
  else throw new Error(`no body for ${method} ${target}`);
  return { status, body: method === 'HEAD' ? '' : body };
}

const Conformance = suite('query conformance');

Conformance('every request of the sample gets the stock service\'s status and body, byte for byte', async () => {
  const expected = JSON.parse(readFileSync(path.join(SAMPLE, 'expected.json'), 'utf8')) as Expected[];
  const requests = readFileSync(path.join(SAMPLE, 'requests.txt'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(' ') as [string, string]);
  assert.is(requests.length, 75);
  assert.equal(requests, expected.map((row) => [row.method, row.path]));

  await withTempDir(async (dir) => {
    const catalogue = path.join(SAMPLE, 'catalogue');
    const built = await buildSite({ cwd: dir, catalogue, out: 'site', baseUrl: BASE, pageSize: PAGE_SIZE, strict: false });
    assert.ok(built.ok);
    const out = realpathSync(path.join(dir, 'site'));
    const index = readSiteIndex(out);
    assert.ok(index.queries, 'the build wrote the query index');

    const wrong: string[] = [];
    expected.forEach((row, i) => {
      const got = respond(out, index, row.method, row.path);
      if (got.status !== row.status || got.body !== row.body) wrong.push(`#${i + 1} ${row.method} ${row.path}: ${got.status} ${got.body.slice(0, 200)}\n   expected ${row.status} ${row.body.slice(0, 200)}`);
    });
    assert.equal(wrong, []);

    // A category only a retired port lists is a choice all the same: the category table has it.
    const retired = decideQuery(index.queries!, { kind: 'ports' }, 'categories=kde3');
    assert.is(retired.kind === 'ports' && index.queries!.ports.names[retired.ports[0]!], 'kde-i18n-sr@Latn');
  });
});

Conformance.run();
