import fc from 'fast-check';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { DEPENDENCY_KINDS } from '../../src/catalogue/records/port-schema.js';
import { writeCatalogue } from '../support/catalogue.js';
import { filesPage, portResource, PORT_KEYS, type FilesPageBody, type PortBody } from '../support/output-schemas.js';
import { withTempDir } from '../support/paths.js';
import { listDirectories, readTree } from '../support/tree.js';

const BASE = 'https://ports.example.org';

/** Names from a small alphabet, so that case variants and shared prefixes are common. */
const portName = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.+@-]{0,8}$/);
const text = fc.string({ unit: fc.constantFrom('a', 'Z', 'é', '日', '🎉', '\u2028', '\u2029', '"', '\\', '\n', '\t', '/', ' ', '\u0001') });
const caseVariant = (s: string) => fc.constantFrom(s, s.toUpperCase(), s.toLowerCase());
const people = [
  { email: { name: 'ryan', domain: 'macports.org' }, github: 'ryandesign' },
  { email: { name: 'jmr', domain: 'macports.org' } },
  { github: 'herbygillot' },
  { email: { name: 'ryan', domain: 'example.com' }, github: 'ryandesign' },
];
const maintainer = fc.constantFrom(...people).chain((p) =>
  fc.record({
    email: p.email ? fc.record({ name: caseVariant(p.email.name), domain: caseVariant(p.email.domain) }) : fc.constant(undefined),
    github: p.github ? caseVariant(p.github) : fc.constant(undefined),
  }).map((m) => JSON.parse(JSON.stringify(m)) as Record<string, unknown>),
);
const category = fc.constantFrom('devel', 'net', 'python', 'graphics').chain(caseVariant);

const catalogue = fc
  .uniqueArray(portName, { minLength: 1, maxLength: 12, selector: (n) => n.toLowerCase() })
  .chain((names) => {
    const depName = fc.oneof(fc.constantFrom(...names).chain(caseVariant), portName);
    const depSpec = fc.oneof(
      depName.map((n) => `port:${n}`),
      depName.map((n) => `bin:tool:${n}`),
      depName.map((n) => `lib:libx.dylib:${n}`),
      depName.map((n) => `path:lib/pkgconfig/x.pc:${n}`),
    );
    const depends = Object.fromEntries(DEPENDENCY_KINDS.map((k) => [`depends_${k}`, fc.array(depSpec, { maxLength: 4 })]));
    const port = (name: string) =>
      fc.record(
        {
          name: fc.constant(name),
          portdir: fc.constant(`devel/${name}`),
          version: fc.constantFrom('1.0', '2.3.4_1'),
          epoch: fc.oneof(fc.nat(5), fc.nat(5).map(String)),
          license: fc.oneof(fc.constantFrom('MIT', 'BSD'), fc.constant(['MIT', ['PSF', 'ZPL']])),
          platforms: fc.constantFrom('darwin', 'darwin freebsd'),
          categories: fc.array(category, { maxLength: 3 }),
          maintainers: fc.array(maintainer, { maxLength: 3 }),
          variants: fc.array(fc.constantFrom('x11', 'X11', 'quartz'), { maxLength: 3 }),
          description: text,
          long_description: text,
          replaced_by: fc.constantFrom(...names),
          active: fc.boolean(),
          ...depends,
        },
        { requiredKeys: ['name', 'portdir', 'version'] },
      );
    const builds = fc.uniqueArray(fc.integer({ min: 1, max: 2147483647 }), { maxLength: 25 }).chain((ids) =>
      fc.tuple(...ids.map((id) => fc.record({ build_id: fc.constant(id), files: fc.array(text, { maxLength: 4 }) }))),
    );
    return fc.record({ ports: fc.tuple(...names.map(port)), builds, pageSize: fc.integer({ min: 1, max: 7 }) });
  });

async function build(dir: string, source: { ports: unknown[]; builds: unknown[]; pageSize: number }, out: string) {
  writeCatalogue(path.join(dir, 'catalogue'), {
    portindex: { info: {}, ports: source.ports },
    builds: source.builds.map((b) => JSON.stringify(b)).join('\n'),
  });
  const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out, baseUrl: BASE, pageSize: source.pageSize, strict: false });
  assert.ok(result.ok, JSON.stringify(result.log.kept.filter((p) => p.severity === 'error')));
  return readTree(path.join(dir, out));
}

function checkInvariants(tree: Map<string, Buffer>, source: { ports: Array<Record<string, unknown>>; builds: Array<{ build_id: number }>; pageSize: number }) {
  const ports = new Map<string, PortBody>();
  for (const [file, bytes] of tree) {
    const match = /^api\/v1\/ports\/([^/]+)\/index\.json$/.exec(file);
    if (!match) continue;
    const body = JSON.parse(bytes.toString('utf8'));
    assert.equal(Object.keys(body), PORT_KEYS);
    ports.set(match[1]!, portResource.parse(body));
  }
  assert.is(ports.size, source.ports.length);

  // Every dependency names a port of the catalogue, and depends_on is exactly the reverse.
  const forward = new Set<string>();
  for (const port of ports.values()) {
    for (const d of port.dependencies) for (const target of d.ports) {
      assert.ok(ports.has(target), `${port.name} depends on missing ${target}`);
      forward.add(`${d.type}\0${port.name}\0${target}`);
    }
  }
  const reverse = new Set<string>();
  for (const port of ports.values()) {
    for (const d of port.depends_on) {
      assert.equal(d.ports, [...d.ports].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      for (const dependent of d.ports) reverse.add(`${d.type}\0${dependent}\0${port.name}`);
    }
  }
  assert.equal([...reverse].sort(), [...forward].sort());

  // ports_count is the number of ports that list the person.
  const counted = new Map<string, { listed: number; count: number }>();
  for (const port of ports.values()) {
    for (const m of port.maintainers) {
      const key = `${m.name.toLowerCase()}\0${m.github.toLowerCase()}`;
      const entry = counted.get(key) ?? { listed: 0, count: m.ports_count };
      entry.listed++;
      counted.set(key, entry);
    }
  }
  // (name, github) can merge two people with different domains; compare only unambiguous ones.
  for (const [key, { listed, count }] of counted) if (!key.startsWith('ryan\0')) assert.is(listed, count, key);

  // Pages: count and links consistent; following next from page 1 visits every build once, in order.
  const seen: number[] = [];
  let url: string | null = `${BASE}/api/v1/files/`;
  let previous: string | null = null;
  let pageNumber = 0;
  while (url) {
    pageNumber++;
    const file = `api/v1/files/page-${pageNumber}.json`;
    assert.is(url, pageNumber === 1 ? `${BASE}/api/v1/files/` : `${BASE}/api/v1/files/?page=${pageNumber}`);
    const page: FilesPageBody = filesPage.parse(JSON.parse(tree.get(file)!.toString('utf8')));
    assert.is(page.count, source.builds.length);
    assert.is(page.previous, previous);
    seen.push(...page.results.map((r) => r.build_id));
    previous = pageNumber === 1 ? `${BASE}/api/v1/files/` : `${BASE}/api/v1/files/?page=${pageNumber}`;
    url = page.next;
  }
  assert.equal(seen, source.builds.map((b) => b.build_id));
  assert.is(pageNumber, Math.max(1, Math.ceil(source.builds.length / source.pageSize)));
  assert.not.ok(tree.has(`api/v1/files/page-${pageNumber + 1}.json`));

  checkReadApi(tree, source, ports);
}

/** Follows a list's `next` links from page 1: every item, and the text of each page. */
function followList(tree: Map<string, Buffer>, list: string, pageSize: number): { items: unknown[]; texts: string[] } {
  const items: unknown[] = [];
  const texts: string[] = [];
  for (let page = 1; ; page++) {
    const text = tree.get(`api/v1/pages/${list}/page-${page}.json`)?.toString('utf8');
    assert.ok(text, `${list} page ${page} is there`);
    const body = JSON.parse(text) as { count: number; next: string | null; results: unknown[] };
    assert.ok(body.results.length <= pageSize);
    items.push(...body.results);
    texts.push(text);
    if (body.next === null) {
      assert.is(items.length, body.count);
      assert.not.ok(tree.has(`api/v1/pages/${list}/page-${page + 1}.json`));
      return { items, texts };
    }
    assert.is(body.next, `${BASE}/api/v1/${list}/?page=${page + 1}`);
  }
}

/** docs/api.md's rest of the read API, against what the port files say. */
function checkReadApi(tree: Map<string, Buffer>, source: { ports: Array<Record<string, unknown>>; pageSize: number }, ports: Map<string, PortBody>) {
  // Every port exactly once, newest first (the reverse of catalogue order), each the bytes of its file.
  const listed = followList(tree, 'ports', source.pageSize);
  const newestFirst = source.ports.map((p) => p.name as string).reverse();
  assert.equal(listed.items.map((p) => (p as PortBody).name), newestFirst);
  const pageOf = (i: number) => listed.texts[Math.floor(i / source.pageSize)]!;
  newestFirst.forEach((name, i) => assert.ok(pageOf(i).includes(tree.get(`api/v1/ports/${name}/index.json`)!.toString('utf8')), `${name}: its file's bytes`));

  // A category counts every port that lists it; its own page lists exactly its active ports, in catalogue order.
  const inCatalogueOrder = [...newestFirst].reverse().map((name) => ports.get(name)!);
  const categories = followList(tree, 'category', source.pageSize).items as Array<{ name: string; ports_count: number }>;
  assert.equal(new Set(categories.map((c) => c.name)), new Set(inCatalogueOrder.flatMap((p) => p.categories)));
  for (const category of categories) {
    const listing = inCatalogueOrder.filter((p) => p.categories.includes(category.name));
    assert.is(category.ports_count, listing.length, category.name);
    const active = listing.filter((p) => p.active).map((p) => p.name);
    const own = JSON.parse(tree.get(`api/v1/category/${category.name}/index.json`)!.toString('utf8'));
    assert.equal(own, { name: category.name, ports_count: active.length, ports: active });
  }

  // A maintainer's count and active ports are what the port files that list them say.
  const maintainers = followList(tree, 'maintainer', source.pageSize).items as Array<{ name: string; github: string; ports_count: number }>;
  const listing = (m: { name: string; github: string }) => inCatalogueOrder.filter((p) => p.maintainers.some((o) => o.name === m.name && o.github === m.github));
  for (const m of maintainers) {
    if (m.name.toLowerCase() === 'ryan') continue; // two people (by domain) with one name and handle: not told apart by the files
    assert.is(m.ports_count, listing(m).length, `${m.name} ${m.github}`);
  }
  for (const github of new Set(maintainers.map((m) => m.github).filter((g) => g !== ''))) {
    const own = JSON.parse(tree.get(`api/v1/maintainer/${github}/index.json`)!.toString('utf8')) as Array<{ name: string; github: string; ports_count: number; ports: string[] }>;
    assert.equal(own.map(({ name, github, ports_count }) => ({ name, github, ports_count })), maintainers.filter((m) => m.github === github));
    for (const m of own) {
      if (m.name.toLowerCase() !== 'ryan') assert.equal(m.ports, listing(m).filter((p) => p.active).map((p) => p.name), `${m.name} ${m.github}`);
    }
  }
}

test('random valid catalogues build, match the output schemas and keep every invariant', async () => {
  await fc.assert(
    fc.asyncProperty(catalogue, async (source) => {
      await withTempDir(async (dir) => {
        checkInvariants(await build(dir, source, 'dist'), source as never);
      });
    }),
    { numRuns: 60 },
  );
});

test('builds are deterministic: the same catalogue gives the same bytes, also from another directory', async () => {
  await fc.assert(
    fc.asyncProperty(catalogue, async (source) => {
      const first = await withTempDir((dir) => build(dir, source, 'dist'));
      const second = await withTempDir((dir) => {
        mkdirSync(path.join(dir, 'elsewhere')); // only --out's last level is made
        return build(dir, source, 'elsewhere/site');
      });
      const api = (tree: Map<string, Buffer>) => [...tree].filter(([f]) => f.startsWith('api/')).sort(([a], [b]) => (a < b ? -1 : 1));
      assert.equal(api(first), api(second));
    }),
    { numRuns: 25 },
  );
});

test('rebuilds: each of a run of random catalogues built into one dist/ gives exactly a fresh build', async () => {
  // Later steps may keep the builds (and the page size) of the step before, so that the pages
  // are carried over, or must not be, while the ports around them change, appear and go.
  const steps = fc.array(fc.tuple(catalogue, fc.constantFrom('new', 'builds', 'builds and page size')), { minLength: 3, maxLength: 5 });
  await fc.assert(
    fc.asyncProperty(steps, async (run) => {
      await withTempDir(async (dir) => {
        let previous: (typeof run)[number][0] | undefined;
        for (const [step, [next, kept]] of run.entries()) {
          const source =
            !previous || kept === 'new' ? next : { ...next, builds: previous.builds, pageSize: kept === 'builds' ? next.pageSize : previous.pageSize };
          const fresh = `fresh-${step}`;
          assert.equal(await build(dir, source, 'dist'), await build(dir, source, fresh), `step ${step}`);
          assert.equal(listDirectories(path.join(dir, 'dist')), listDirectories(path.join(dir, fresh)), `step ${step}`);
          previous = source;
        }
      });
    }),
    { numRuns: 15 },
  );
});

test('rebuilds after small edits: port files kept from the previous tree are exactly those of a fresh build', async () => {
  // A catalogue edited step by step (a field of a port, a whole port, a port added or removed),
  // so that most port files keep their bytes and are kept while those around an edit (its
  // dependencies, its maintainers' other ports, the ports sharing a category) must not be.
  const op = fc.oneof(
    fc.record({ kind: fc.constant('field' as const), at: fc.nat(), from: fc.nat(), key: fc.constantFrom('version', 'categories', 'maintainers', 'depends_lib', 'depends_run', 'description') }),
    fc.record({ kind: fc.constant('port' as const), at: fc.nat(), from: fc.nat() }),
    fc.record({ kind: fc.constant('add' as const), from: fc.nat() }),
    fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  );
  const run = fc.tuple(catalogue, catalogue, fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 4 }));
  await fc.assert(
    fc.asyncProperty(run, async ([first, donor, steps]) => {
      await withTempDir(async (dir) => {
        let ports = first.ports.map((p) => ({ ...p }) as Record<string, unknown>);
        const source = () => ({ ...first, ports });
        await build(dir, source(), 'dist');
        for (const [step, ops] of steps.entries()) {
          for (const o of ops) ports = edited(ports, donor.ports as Array<Record<string, unknown>>, o);
          const fresh = `fresh-${step}`;
          assert.equal(await build(dir, source(), 'dist'), await build(dir, source(), fresh), `step ${step}`);
        }
      });
    }),
    { numRuns: 15 },
  );
});

interface Edit {
  kind: 'field' | 'port' | 'add' | 'remove';
  at?: number;
  from?: number;
  key?: string;
}

/** `ports` with one edit, taking new values from the ports of `donor`; names stay unique. */
function edited(ports: Array<Record<string, unknown>>, donor: Array<Record<string, unknown>>, edit: Edit): Array<Record<string, unknown>> {
  const next = ports.map((p) => ({ ...p }));
  const at = (edit.at ?? 0) % next.length;
  const from = donor[(edit.from ?? 0) % donor.length]!;
  const taken = new Set(next.map((p) => String(p.name).toLowerCase()));
  if (edit.kind === 'field') next[at]![edit.key!] = from[edit.key!];
  if (edit.kind === 'port') next[at] = { ...from, name: next[at]!.name, portdir: next[at]!.portdir };
  if (edit.kind === 'add' && !taken.has(String(from.name).toLowerCase())) next.splice(at, 0, { ...from });
  if (edit.kind === 'remove' && next.length > 1) next.splice(at, 1);
  return next;
}

test.run();
