import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolvePage } from '../../src/routes/page-number.js';
import { compareCodePoints, stripPython } from '../../src/routes/python-text.js';
import { decideQuery, type QueryDecision } from '../../src/routes/query/decide-query.js';
import { foldCase } from '../../src/routes/query/fold-case.js';
import { pageLinks } from '../../src/routes/query/links.js';
import { allValues, lastValue, parseQuery } from '../../src/routes/query/query-string.js';
import { searchTerms } from '../../src/routes/query/terms.js';
import { plainIndex, QUERY_BASE, type PlainPerson, type PlainPort } from '../support/query-index.js';

/**
 * The engine against a plain reading of SPEC section 4b, written straight from its words: per
 * port, per term, every row of (maintainer, variant, category) tried. The text rules it leans
 * on (parse_qsl, the terms, case folding, links, page numbers) are tested against Python's own
 * answers in query-text.test.ts and page-number.test.ts.
 */
const NULL = 'Null characters are not allowed.';

/** icontains: `%`, `_` and `\` are literal; a missing row (a port with none) holds nothing. */
const holds = (text: string | undefined, term: string) => text !== undefined && foldCase(text).includes(foldCase(term));

/** A text filter: the last value stripped; empty is none; a NUL an error. */
function textFilter(pairs: ReturnType<typeof parseQuery> & object, key: string, errors: Record<string, string[]>): string | undefined {
  const value = stripPython(lastValue(pairs, key) ?? '');
  if (value.includes('\0')) errors[key] = [NULL];
  return value === '' ? undefined : value;
}

function rowsOf(list: readonly string[]): ReadonlyArray<string | undefined> {
  return list.length === 0 ? [undefined] : list;
}

function searchKeeps(port: PlainPort, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  for (const maintainer of rowsOf(port.handles ?? []))
    for (const variant of rowsOf(port.variants ?? []))
      for (const category of rowsOf(port.categories ?? []))
        if (terms.every((term) => holds(port.name, term) || holds(maintainer, term) || holds(variant, term) || holds(category, term))) return true;
  return false;
}

type Reference = QueryDecision | { kind: 'ports'; names: string[]; count: number; next: string | null; previous: string | null } | { kind: 'port'; name: string };

function reference(ports: readonly PlainPort[], categories: readonly string[], pageSize: number, query: string, detail?: string): Reference {
  const pairs = parseQuery(query);
  if (pairs === 'too-many') return { kind: 'error', status: 400, body: { detail: 'Too many query parameters: at most 1000.' } };
  if (pairs.every(([key]) => key === 'page' || key === 'format')) return { kind: 'static' };
  const search = lastValue(pairs, 'search') ?? '';
  if (search.includes('\0')) return { kind: 'error', status: 400, body: [NULL] };
  const terms = searchTerms(search);
  const ordering = (lastValue(pairs, 'ordering') ?? '').split(',').map(stripPython);
  const errors: Record<string, string[]> = {};
  const name = textFilter(pairs, 'name', errors);
  const chosen = allValues(pairs, 'categories');
  const bad = chosen.find((value) => !categories.includes(value));
  if (bad !== undefined) errors.categories = [`Select a valid choice. ${bad} is not one of the available choices.`];
  const github = textFilter(pairs, 'maintainers__github', errors);
  const variant = textFilter(pairs, 'variants__variant', errors);
  if (Object.keys(errors).length > 0) {
    const order = ['name', 'categories', 'maintainers__github', 'variants__variant'];
    return { kind: 'error', status: 400, body: Object.fromEntries(order.filter((key) => errors[key]).map((key) => [key, errors[key]])) };
  }
  const kept: Array<{ port: PlainPort; place: number }> = [];
  ports.forEach((port, place) => {
    if (name !== undefined && port.name !== name) return;
    if (chosen.length > 0 && !(port.categories ?? []).some((category) => chosen.includes(category))) return;
    if (variant !== undefined && !(port.variants ?? []).includes(variant)) return;
    const times = github === undefined ? 1 : (port.handles ?? []).filter((handle) => handle === github).length;
    if (times === 0 || !searchKeeps(port, terms)) return;
    for (let n = chosen.length > 0 ? 1 : times; n > 0; n--) kept.push({ port, place });
  });
  if (detail !== undefined) {
    const found = kept.find(({ port }) => port.name.toLowerCase() === detail.toLowerCase());
    return found ? { kind: 'port', name: found.port.name } : { kind: 'error', status: 404, body: { detail: 'No Port matches the given query.' } };
  }
  const field = ordering.find((part) => ['name', 'created_at', 'updated_at'].includes(part.replace(/^-/, ''))) ?? '-created_at';
  const sign = field.startsWith('-') ? -1 : 1;
  kept.sort((a, b) => sign * (field.endsWith('name') ? compareCodePoints(a.port.name, b.port.name) : a.place - b.place));
  const pages = Math.max(1, Math.ceil(kept.length / pageSize));
  const page = resolvePage(lastValue(pairs, 'page'), pages);
  if (page === undefined) return { kind: 'error', status: 404, body: { detail: 'Invalid page.' } };
  const names = kept.slice((page - 1) * pageSize, page * pageSize).map(({ port }) => port.name);
  return { kind: 'ports', names, count: kept.length, ...pageLinks(`${QUERY_BASE}/api/v1/ports/`, pairs, page, pages) };
}

function engine(ports: readonly PlainPort[], people: readonly PlainPerson[], categories: readonly string[], pageSize: number, query: string, detail?: string): Reference {
  const index = plainIndex(ports, people, pageSize, categories);
  const decision = decideQuery(index, detail === undefined ? { kind: 'ports' } : { kind: 'port', name: detail }, query);
  if (decision.kind === 'ports') return { kind: 'ports', names: decision.ports.map((port) => index.ports.names[port]!), count: decision.envelope.count, next: decision.envelope.next, previous: decision.envelope.previous };
  if (decision.kind === 'port') return { kind: 'port', name: index.ports.names[decision.port]! };
  return decision;
}

// Small alphabets, so that terms hit, case differs and the joins matter.
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'B', 'x', '-', '_', '%', 'ß', 'σ', 'ς', 'Σ'), minLength: 1, maxLength: 4 });
const CATEGORIES = ['devel', 'Graphics', 'net', 'σx'];
const HANDLES = ['ab', 'AB', 'bx', '', 'a_b'];
const VARIANTS = ['universal', 'debug', 'x11', 'ab', 'Ba'];
const pick = <T>(values: readonly T[], maxLength: number) => fc.array(fc.constantFrom(...values), { maxLength });
const catalogue = fc.uniqueArray(word, { minLength: 1, maxLength: 12, selector: (name) => name.toLowerCase() }).chain((names) =>
  fc.tuple(
    ...names.map((name) =>
      fc.record({ name: fc.constant(name), categories: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { maxLength: 3 }), handles: pick(HANDLES, 3), variants: fc.uniqueArray(fc.constantFrom(...VARIANTS), { maxLength: 3 }) }),
    ),
  ),
);

/** A query part, percent-encoded as a client would, or raw (`+`, `%` malformed). */
const encoded = (value: string) => fc.constantFrom(encodeURIComponent(value), value.replaceAll(' ', '+'), value);
const scattered = fc.array(fc.oneof(word, fc.constantFrom('universal', 'debug', 'dev', ' ', ',', '"', "'", '\\', '\0', '\x1f', 'xx yy')), { maxLength: 5 }).map((parts) => parts.join(''));
/** Two or three terms, each a piece of some port's strings: where the joins decide. */
const piece = fc.constantFrom(...CATEGORIES, ...HANDLES, ...VARIANTS).chain((text) => fc.tuple(fc.nat(text.length), fc.nat(text.length)).map(([a, b]) => text.slice(Math.min(a, b), Math.max(a, b) + 1)));
const searchValue = fc.oneof(scattered, fc.array(piece, { minLength: 2, maxLength: 3 }).map((terms) => terms.join(' ')));
const param = fc.oneof(
  searchValue.chain((value) => encoded(value).map((v) => `search=${v}`)),
  fc.oneof(word, fc.constantFrom(' ab ', '\0', '')).chain((value) => encoded(value).map((v) => `name=${v}`)),
  fc.constantFrom(...CATEGORIES, 'graphics', 'nosuch', '', ' devel').chain((value) => encoded(value).map((v) => `categories=${v}`)),
  fc.constantFrom(...HANDLES, 'ab ', '\0').chain((value) => encoded(value).map((v) => `maintainers__github=${v}`)),
  fc.constantFrom(...VARIANTS, 'Universal').chain((value) => encoded(value).map((v) => `variants__variant=${v}`)),
  fc.constantFrom('name', '-name', 'created_at', '-updated_at', 'NAME', 'nosuch,-name', ' name ,x').chain((value) => encoded(value).map((v) => `ordering=${v}`)),
  fc.constantFrom('1', '2', '3', 'last', '0', '', 'x', ' 2').map((value) => `page=${value}`),
  fc.constantFrom('format=json', 'zeta=1', 'page_size=2', 'category=devel', '=x', 'x'),
);
const query = fc.array(param, { maxLength: 5 }).map((parts) => parts.join('&'));

test('the ports list decides as the plain reading of SPEC 4b does', () => {
  fc.assert(
    fc.property(catalogue, query, fc.integer({ min: 1, max: 4 }), (ports, q, pageSize) => {
      assert.equal(engine(ports, [], CATEGORIES, pageSize, q), reference(ports, CATEGORIES, pageSize, q), q);
    }),
    { numRuns: 1500 },
  );
});

test('the port route decides as the plain reading does: the same filters, then the lookup', () => {
  fc.assert(
    fc.property(catalogue, query, fc.nat(), (ports, q, which) => {
      const name = which % 3 === 0 ? 'nosuch' : ports[which % ports.length]!.name.toUpperCase();
      assert.equal(engine(ports, [], CATEGORIES, 50, q, name), reference(ports, CATEGORIES, 50, q, name), `${name}?${q}`);
    }),
    { numRuns: 800 },
  );
});

test('the maintainer list keeps exactly the people whose name or handle holds every term and whose filters match', () => {
  const person = fc.record({ name: fc.oneof(word, fc.constant('')), github: fc.constantFrom(...HANDLES), ports_count: fc.nat(9) });
  const peopleQuery = fc.array(fc.oneof(searchValue.map((v) => `search=${encodeURIComponent(v)}`), fc.constantFrom(...HANDLES, '\0').map((v) => `github=${encodeURIComponent(v)}`), word.map((v) => `name=${encodeURIComponent(v)}`)), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('&'));
  fc.assert(
    fc.property(fc.array(person, { maxLength: 10 }), peopleQuery, (people, q) => {
      const index = plainIndex([{ name: 'p' }], people, 100, []);
      const decision = decideQuery(index, { kind: 'maintainers' }, q);
      const pairs = parseQuery(q) as Array<[string, string]>;
      const search = lastValue(pairs, 'search') ?? '';
      const [name, github] = ['name', 'github'].map((key) => stripPython(lastValue(pairs, key) ?? ''));
      if (search.includes('\0') || name!.includes('\0') || github!.includes('\0')) return assert.is(decision.kind, 'error');
      const terms = searchTerms(search);
      const expected = people.flatMap((p, i) => ((!name || p.name === name) && (!github || p.github === github) && terms.every((t) => holds(p.name, t) || holds(p.github, t)) ? [i] : []));
      assert.equal(decision.kind === 'maintainers' ? decision.maintainers : decision, expected, q);
    }),
    { numRuns: 800 },
  );
});

test.run();
