import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideQuery, type QueryDecision, type QueryRoute } from '../../src/routes/query/decide-query.js';
import { plainIndex, type PlainPort } from '../support/query-index.js';

/**
 * Bad input (the queries issue): 16 KB query strings, a thousand terms, terms of every Unicode
 * class, NULs, malformed escapes, parameters repeated by the thousand. Each is answered by SPEC
 * section 4b or a clear 400, quickly, never with an exception, never with the unfiltered list.
 */
const CATEGORIES = ['devel', 'net', 'graphics', 'python', 'lang'];
const PORTS: PlainPort[] = Array.from({ length: 20_000 }, (_, i) => ({
  name: `port${i}`,
  categories: [CATEGORIES[i % 5]!, 'devel'],
  handles: [`person${i % 300}`],
  variants: i % 2 ? ['universal', `v${i % 50}`] : [],
}));
const INDEX = plainIndex(PORTS, [{ name: 'ryan', github: 'ryandesign' }]);
const ROUTES: QueryRoute[] = [{ kind: 'ports' }, { kind: 'port', name: 'port7' }, { kind: 'maintainers' }, { kind: 'relinked', list: 'files', pages: 3 }];

/** The decision on every route, each within `ms` (a generous bound: two shared cores). */
function decideAll(query: string, ms = 1500): QueryDecision[] {
  return ROUTES.map((route) => {
    const started = performance.now();
    const decision = decideQuery(INDEX, route, query);
    const took = performance.now() - started;
    assert.ok(took < ms, `${route.kind} ${query.slice(0, 40)}… took ${took.toFixed(0)} ms`);
    return decision;
  });
}

const count = (decision: QueryDecision) => (decision.kind === 'ports' || decision.kind === 'maintainers' ? decision.envelope.count : undefined);

/** Characters of every general category, a lone surrogate and the unassigned among them. */
const CLASSES = ['A', 'é', 'ǅ', 'ʰ', 'א', '\u0301', '\u0903', '\u20dd', '٣', 'Ⅻ', '½', '_', '-', '(', ')', '«', '»', '!', '+', '$', '^', '©', ' ', '\u2028', '\u2029', '\x01', '\u200b', '\ufeff', '\ud800', '\ue000', '\u0378', '😀', '\u{10ffff}'];

test('a term of any Unicode class is searched as text, never the unfiltered list', () => {
  for (const c of CLASSES) {
    const [ports, , people] = decideAll(`search=${encodeURIComponent(c.toWellFormed())}zz${encodeURIComponent(c.toWellFormed())}`);
    assert.is(count(ports!), 0, JSON.stringify(c));
    assert.is(count(people!), 0, JSON.stringify(c));
  }
});

test('a thousand terms: each must hold, fast, whether they hold everywhere, nowhere, or at the end', () => {
  const everywhere = ['port', 'devel', 'person', 'o', 'r', 't', 'e', 'v', 'l', 'ev', 'ort', 'pers'];
  const many = Array.from({ length: 1000 }, (_, i) => everywhere[i % everywhere.length]);
  assert.is(count(decideAll(`search=${many.join('+')}`)[0]!), 20_000);
  const distinct = Array.from({ length: 1000 }, (_, i) => `port${i}`);
  assert.is(count(decideAll(`search=${distinct.join('+')}`)[0]!), 0);
  const last = [...many.slice(0, 999), 'nosuch'];
  assert.is(count(decideAll(`search=${last.join('%20')}`)[0]!), 0);
  const quoted = Array.from({ length: 1000 }, (_, i) => `"p${i % 7} x"`);
  assert.is(count(decideAll(`search=${encodeURIComponent(quoted.join(' '))}`)[0]!), 0);
  // The shared join: universal and v7 are two variants of a port, never one.
  assert.is(count(decideAll('search=universal+v7+devel+person')[0]!), 0);
  assert.is(count(decideAll('search=v7+graphics+person+port')[0]!), 400);
  assert.is(count(decideAll('search=v7+graphics+devel')[0]!), 0);
});

test('16 KB query strings of escapes, malformed escapes, NULs and separators', () => {
  const hostile = [
    `search=${'%'.repeat(16_000)}`,
    `search=${'%zz%4%'.repeat(3_000)}`,
    `search=${'%C3%28%FF%ED%A0%80'.repeat(900)}`,
    `search=${'a%00'.repeat(4_000)}`,
    `zeta=${'%00'.repeat(5_000)}`,
    `search=${'"\\" '.repeat(4_000)}`,
    `search=${',+'.repeat(8_000)}`,
    `ordering=${',-name'.repeat(2_700)}`,
    `name=${'+'.repeat(16_000)}zlib`,
    `${'='.repeat(16_000)}`,
    `search=${'%E2%80%A8%E3%80%80x'.repeat(800)}`,
  ];
  for (const query of hostile) {
    const decisions = decideAll(query);
    for (const decision of decisions) {
      assert.ok(['ports', 'port', 'maintainers', 'relinked', 'error'].includes(decision.kind), `${query.slice(0, 20)}: ${decision.kind}`);
      const c = count(decision);
      if (/^search=/.test(query) && !/^search=(,\+)+$/.test(query) && c !== undefined) assert.is(c, 0, query.slice(0, 30));
    }
  }
  assert.equal(decideAll(`search=${'a%00'.repeat(4_000)}`)[0], { kind: 'error', status: 400, body: ['Null characters are not allowed.'] });
});

test('parameters repeated by the thousand: the last value counts, every categories value is checked; past 1,000 fields, 400', () => {
  const [ports] = decideAll(`${'search=nosuch&'.repeat(998)}search=port19999`);
  assert.is(count(ports!), 1);
  assert.is(count(decideAll(`${'categories=net&'.repeat(999)}categories=lang`)[0]!), 8000);
  assert.equal(decideAll(`${'categories=net&'.repeat(998)}categories=nosuch`)[0], {
    kind: 'error',
    status: 400,
    body: { categories: ['Select a valid choice. nosuch is not one of the available choices.'] },
  });
  for (const decision of decideAll('search=a&'.repeat(1_000) + 'search=b')) assert.equal(decision, { kind: 'error', status: 400, body: { detail: 'Too many query parameters: at most 1000.' } });
});

test.run();
