import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { derivePorts, OWN_FIELDS } from '../../src/derive/ports.js';
import { hashText, PrintHash } from '../../src/derive/print-hash.js';
import { toJsonText } from '../../src/render/json-text.js';
import { contentHash } from '../../src/core/content-hash.js';
import { toPortRecord } from '../../src/catalogue/records/port-record.js';
import { portSchema } from '../../src/catalogue/records/port-schema.js';

type Source = Record<string, unknown>;

/** Each port's print and file text, by name. A port's JSON text stands in for its text in portindex.json. */
function printed(sources: Source[]): Map<string, { print: string | undefined; text: string }> {
  const records = sources.map((source, i) => {
    const full = { portdir: `devel/${String(source.name)}`, version: '1.0', ...source };
    return toPortRecord(portSchema.parse(full), i, false, contentHash(JSON.stringify(full)));
  });
  const { ports } = derivePorts(records, 'portindex.json');
  return new Map(Array.from({ length: ports.length }, (_, i) => [ports.nameAt(i), { print: ports.printAt(i), text: toJsonText(ports.at(i)) }]));
}

const OWN: ReadonlySet<string> = new Set(OWN_FIELDS);

/** The names whose print differs between two catalogues (of the ports in both). */
function reprinted(before: Source[], after: Source[]): string[] {
  const [a, b] = [printed(before), printed(after)];
  return [...b.keys()].filter((name) => a.has(name) && a.get(name)!.print !== b.get(name)!.print).sort();
}

const base = (): Source[] => [
  { name: 'zlib', categories: ['archivers'], maintainers: [{ github: 'ryandesign' }] },
  { name: 'xz', categories: ['archivers'], depends_lib: ['port:zlib'] },
  { name: 'curl', categories: ['net'], maintainers: [{ github: 'ryandesign' }], depends_lib: ['port:zlib', 'port:openssl'] },
  { name: 'git', categories: ['devel'], depends_lib: ['port:curl'], depends_run: ['bin:perl:perl5'] },
];

test('the same catalogue gives the same prints; a change of one port\'s own fields reprints that port alone', () => {
  assert.equal(reprinted(base(), base()), []);
  const next = base();
  next[1]!.version = '5.6.3';
  assert.equal(reprinted(base(), next), ['xz']);
});

test("a port is reprinted when what its file takes from other ports changes, though its own text does not", () => {
  const cases: Array<[string, (ports: Source[]) => void, string[]]> = [
    // Another port now depends on xz: xz's depends_on changes.
    ['a new dependent', (p) => (p[3]!.depends_lib = ['port:curl', 'port:xz']), ['git', 'xz']],
    // A dependent is renamed in another letter case: zlib's and curl's depends_on name it anew.
    ['a dependent renamed', (p) => (p[1]!.name = 'XZ'), ['zlib']],
    // curl names port:openssl, which now exists: its dependencies resolve one more name.
    ['a dependency that now resolves', (p) => p.push({ name: 'OpenSSL' }), ['curl']],
    // The port a dependency names is renamed: the dependency is spelled as the catalogue spells it.
    ['a dependency renamed', (p) => (p[0]!.name = 'ZLib'), ['curl', 'xz']],
    // A maintainer's ports_count goes up: every port that lists them shows the new count.
    ['a maintainer listed by one more port', (p) => (p[3]!.maintainers = [{ github: 'ryandesign' }]), ['curl', 'git', 'zlib']],
    // A category is now first spelled otherwise, by a port listed before the others.
    ['a category first spelled otherwise', (p) => p.unshift({ name: 'aaa', categories: ['Archivers'] }), ['xz', 'zlib']],
  ];
  for (const [what, change, expected] of cases) {
    const next = base();
    change(next);
    assert.equal(reprinted(base(), next), expected, what);
  }
});

test('field coverage: every field declared own is the same whatever the other ports are', () => {
  // A field that takes anything from other ports must not be declared own, or the print would
  // miss it. Each case changes only other ports; every own field of the ports kept must stay.
  const changes: Array<(p: Source[]) => void> = [
    (p) => (p[3]!.depends_lib = ['port:curl', 'port:xz']),
    (p) => (p[1]!.name = 'XZ'),
    (p) => p.push({ name: 'OpenSSL' }),
    (p) => (p[3]!.maintainers = [{ github: 'ryandesign' }]),
    (p) => p.unshift({ name: 'aaa', categories: ['Archivers'], maintainers: [{ github: 'ryandesign' }] }),
  ];
  const fieldsOf = (sources: Source[]) => {
    const records = sources.map((source, i) => toPortRecord(portSchema.parse({ portdir: `devel/${String(source.name)}`, version: '1.0', ...source }), i));
    const { ports } = derivePorts(records, 'portindex.json');
    return new Map(Array.from({ length: ports.length }, (_, i) => [ports.nameAt(i).toLowerCase(), ports.at(i) as unknown as Record<string, unknown>]));
  };
  const before = fieldsOf(base());
  const crossPort = new Set<string>();
  for (const change of changes) {
    const next = base();
    change(next);
    for (const [name, fields] of fieldsOf(next)) {
      const old = before.get(name);
      if (!old || name === 'xz' || name === 'git') continue; // the ports a case edits itself
      for (const key of Object.keys(fields)) if (JSON.stringify(fields[key]) !== JSON.stringify(old[key])) crossPort.add(key);
    }
  }
  for (const key of crossPort) assert.not.ok(OWN.has(key), `${key} takes from other ports but is declared own`);
  // Not vacuous: the cases reach every field that takes from other ports.
  assert.equal([...crossPort].sort(), ['categories', 'dependencies', 'depends_on', 'maintainers']);
});

// Random catalogues and random edits of them: two ports with the same print must have the same
// file, whatever was edited (the property carrying files over by print relies on).
const NAMES = ['zlib', 'xz', 'curl', 'git', 'Perl5', 'py-foo'];
const caseVariant = (s: string) => fc.constantFrom(s, s.toUpperCase(), s.toLowerCase());
const spec = fc.constantFrom(...NAMES, 'missing').chain(caseVariant).chain((name) => fc.constantFrom(`port:${name}`, `bin:x:${name}`, `lib:libx:${name}`, `path:a/b:${name}`));
const fields = fc.record(
  {
    version: fc.constantFrom('1.0', '2.0'),
    description: fc.constantFrom('', 'a', 'b\u2028'),
    categories: fc.array(fc.constantFrom('net', 'devel', 'python').chain(caseVariant), { maxLength: 3 }),
    maintainers: fc.array(
      fc.oneof(
        fc.constantFrom('ryandesign', 'jmr').chain(caseVariant).map((github) => ({ github })),
        caseVariant('ryan').map((name) => ({ email: { name, domain: 'macports.org' } })),
      ),
      { maxLength: 3 },
    ),
    depends_lib: fc.array(spec, { maxLength: 4 }),
    depends_build: fc.array(spec, { maxLength: 3 }),
    depends_run: fc.array(spec, { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const catalogue = fc
  .subarray(NAMES, { minLength: 1 })
  .chain((names) => fc.tuple(...names.map((name) => fields.map((f): Source => ({ name, ...f })))));
const edit = fc.oneof(
  fc.record({ op: fc.constant('field' as const), at: fc.nat(), with: fields }),
  fc.record({ op: fc.constant('add' as const), name: fc.constantFrom(...NAMES), with: fields }),
  fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('recase' as const), at: fc.nat(), upper: fc.boolean() }),
);

interface Edit {
  op: 'field' | 'add' | 'remove' | 'recase';
  at?: number;
  name?: string;
  with?: Source;
  upper?: boolean;
}

/** A copy of `before` with one edit: a field of a port set anew, a port added, removed or renamed in another case. */
function applyEdit(before: Source[], e: Edit): Source[] {
  const ports = before.map((p) => ({ ...p }));
  const at = (e.at ?? 0) % ports.length;
  const taken = new Set(ports.map((p) => String(p.name).toLowerCase()));
  if (e.op === 'field') {
    const keys = Object.keys(e.with!);
    if (keys.length > 0) ports[at]![keys[0]!] = e.with![keys[0]!];
  } else if (e.op === 'add' && !taken.has(e.name!.toLowerCase())) ports.splice(at, 0, { name: e.name, ...e.with });
  else if (e.op === 'remove' && ports.length > 1) ports.splice(at, 1);
  else if (e.op === 'recase') ports[at]!.name = e.upper ? String(ports[at]!.name).toUpperCase() : String(ports[at]!.name).toLowerCase();
  return ports;
}

test('property: whatever is edited, equal prints mean equal files', () => {
  let compared = 0;
  let equal = 0;
  fc.assert(
    fc.property(catalogue, fc.array(edit, { minLength: 1, maxLength: 3 }), (before, edits) => {
      const after = edits.reduce(applyEdit, before);
      const [a, b] = [printed(before), printed(after)];
      for (const [name, { print, text }] of b) {
        const previous = a.get(name);
        if (!previous) continue;
        compared++;
        if (previous.print !== print) continue;
        equal++;
        assert.is(text, previous.text, `${name}: same print, other bytes`);
      }
    }),
    { numRuns: 400 },
  );
  // Not vacuous: many ports were compared, and many kept their print.
  assert.ok(compared > 400 && equal > 100, `compared ${compared}, equal prints ${equal}`);
});

test('the print hash follows every number fed, in order, in each lane, and every code unit of a text', () => {
  const digest = (feed: (hash: PrintHash) => void) => {
    const hash = new PrintHash();
    feed(hash);
    return hash.digest();
  };
  const digests = [
    digest(() => undefined),
    digest((h) => h.add(0)),
    digest((h) => (h.add(0), h.add(0))),
    digest((h) => (h.add(1), h.add(2))),
    digest((h) => (h.add(2), h.add(1))),
    digest((h) => h.add(1, 2)),
    digest((h) => h.add(2, 1)),
    digest((h) => h.addText('ab')),
    digest((h) => h.addText('ba')),
    digest((h) => h.addText('ab\u0000')),
  ];
  assert.is(new Set(digests).size, digests.length, digests.join(' '));
  for (const d of digests) assert.match(d, /^[0-9a-f]{16}$/);
  assert.is(digest((h) => h.addText('zlib')), digest((h) => h.add(...hashText('zlib'))));
  assert.is.not(hashText('')[0], hashText('\u0000')[0]);
});

test('a port read without its text (a document read whole) has no print: its file is always made', () => {
  const record = toPortRecord(portSchema.parse({ name: 'zlib', portdir: 'archivers/zlib', version: '1.3' }), 0);
  assert.is(derivePorts([record], 'portindex.json').ports.printAt(0), undefined);
});

test.run();
