import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash } from '../../src/core/content-hash.js';
import type { FilesInfo } from '../../src/writer/trees/marker.js';
import { pagesInPlace, placeAssembly, placeLate, placeMade, placeMadeAhead, plan, type OnDisk, type Operation, type PlanInput } from '../../src/writer/plan.js';
import { directoriesOf } from '../../src/writer/trees/tree-paths.js';
import { unwanted } from '../../src/writer/unwanted.js';
import type { Checked } from '../../src/writer/trees/trust.js';

const held = (key: string, hash = `h-${key}`, size = 10): Checked => ({ hash, key, size, identity: `i-${key}`, dev: 1, ino: 1 });
const files = (entries: Record<string, Checked | null>) => new Map(Object.entries(entries));
const wanted = (entries: Record<string, string | undefined>) => new Map(Object.entries(entries));
const tree = (entries: Record<string, Checked | null>, fingerprint = 'code', filesInfo?: FilesInfo) => ({ files: files(entries), fingerprint, filesInfo });
const spareOf = (entries: Record<string, Checked | null>, strangers: string[] = [], fingerprint = 'code') => ({ ...tree(entries, fingerprint), strangers });
const input = (want: Record<string, string | undefined>, onDisk: OnDisk, more: Partial<PlanInput> = {}): PlanInput => ({
  wanted: wanted(want),
  onDisk,
  fingerprint: 'code',
  pagesKey: 'pages',
  precompress: false,
  ...more,
});
/** The spare and the live tree, each spare file told whether the live tree lists the same bytes (as MarkerFiles.share does). */
const trees = (spare: ReturnType<typeof spareOf>, live: ReturnType<typeof tree>): OnDisk => {
  for (const [path, checked] of spare.files) {
    if (checked) spare.files.set(path, { ...checked, listedLive: live.files.get(path)?.hash === checked.hash });
  }
  return { spare, live };
};
/** The operations as `op path` lines, as a reader would list them. */
const steps = (operations: Operation[]) => operations.map((step) => ('path' in step ? `${step.op} ${step.path}` : step.op));

test('a file the spare holds under the same key is kept; the live tree, linked; anything else, made; the marker last', () => {
  const onDisk = trees(spareOf({ 'a/1': held('k1'), 'a/2': held('old') }), tree({ 'a/1': held('k1'), 'a/2': held('k2'), 'a/3': held('other') }));
  const result = plan(input({ 'a/1': 'k1', 'a/2': 'k2', 'a/3': 'k3', 'a/4': undefined }, onDisk));
  assert.equal(steps(result.operations), ['keep a/1', 'link a/2', 'make a/3', 'make a/4', 'marker']);
  assert.equal(result.make, ['a/3', 'a/4']);
  const link = result.operations[1] as Extract<Operation, { op: 'link' }>;
  assert.equal([link.source, link.held], [onDisk.live!.files.get('a/2'), onDisk.live!.files.get('a/2')]);
});

test('keys made by other code are never compared (see code-fingerprint)', () => {
  const onDisk = trees(spareOf({ x: held('k') }, [], 'old code'), tree({ x: held('k') }, 'old code'));
  assert.equal(steps(plan(input({ x: 'k' }, onDisk)).operations), ['make x', 'marker']);
});

test('a file that cannot be trusted (null) is never kept or linked', () => {
  const onDisk = trees(spareOf({ x: null }), tree({ x: null }));
  assert.equal(steps(plan(input({ x: 'k' }, onDisk)).operations), ['make x', 'marker']);
});

test('what the spare holds that the build does not want goes first: strangers, then unwanted files, each unused directory whole', () => {
  const spare = spareOf(
    { 'api/v1/ports/gone/index.json': held('a'), 'api/v1/ports/kept/index.json': held('b'), 'api/v1/files/page-9.json': null, 'top.json': held('c') },
    ['api/v1/ports/planted', 'api/v1/ports/kept/extra.json'],
  );
  const result = plan(input({ 'api/v1/ports/kept/index.json': 'b', 'api/v1/files/page-1.json': 'p' }, { spare }));
  assert.equal(steps(result.operations), [
    'remove api/v1/ports/planted',
    'remove api/v1/ports/kept/extra.json',
    'remove api/v1/ports/gone',
    'remove api/v1/files/page-9.json',
    'remove top.json',
    'keep api/v1/ports/kept/index.json',
    'make api/v1/files/page-1.json',
    'marker',
  ]);
});

test('a file where a directory is now wanted is not removed after the fact: making the directory replaces it', () => {
  const isWanted = (path: string) => path === 'x/y';
  assert.equal(unwanted(['x', 'x/z', 'w/v'], isWanted, ['x/y']), ['x/z', 'w']);
  assert.equal(unwanted(['x/y/z', 'x/w'], (path) => path === 'x/y/v', ['x/y/v']), ['x/y/z', 'x/w']);
});

test('a claimed spare without a marker it can trust is restarted, first; a new tree is not', () => {
  assert.equal(steps(plan(input({ a: 'k' }, { spare: null, live: tree({ a: held('k') }) })).operations), ['restart', 'link a', 'marker']);
  assert.equal(steps(plan(input({ a: 'k', b: undefined }, {})).operations), ['make a', 'make b', 'marker']);
});

test('with precompression each JSON file has its siblings, placed after every file; the spare keeps those of wanted files', () => {
  const spare = spareOf({ 'a.json': held('k'), 'a.json.gz': held('gz:h-k'), 'a.json.br': held('br:h-k'), 'b.json': held('old'), 'b.json.gz': held('gz:h-old') });
  const result = plan(input({ 'a.json': 'k', 'c.txt': 'k' }, { spare }, { precompress: true }));
  assert.equal(steps(result.operations), ['remove b.json', 'remove b.json.gz', 'keep a.json', 'make c.txt', 'sibling a.json.gz', 'sibling a.json.br', 'marker']);
  assert.equal(result.operations[4], { op: 'sibling', path: 'a.json.gz', source: 'a.json', encoding: 'gz' });
});

test('an assembly is planned after every file, before the siblings; placed by its parts\' hashes once they are placed', () => {
  const assemblies = new Map([['dump.json', ['a.json', 'b.json']]]);
  const first = plan(input({ 'a.json': 'k1', 'b.json': 'k2' }, {}, { assemblies, precompress: true }));
  assert.equal(steps(first.operations), ['make a.json', 'make b.json', 'assemble dump.json', 'sibling a.json.gz', 'sibling a.json.br', 'sibling b.json.gz', 'sibling b.json.br', 'sibling dump.json.gz', 'sibling dump.json.br', 'marker']);
  const assemble = first.operations[2] as Extract<Operation, { op: 'assemble' }>;
  assert.equal(assemble, { op: 'assemble', path: 'dump.json', parts: ['a.json', 'b.json'] });

  const made = placeAssembly(assemble, ['h1', 'h2'], { onDisk: {}, fingerprint: 'code' }) as Extract<Operation, { op: 'assemble' }>;
  assert.is(made.op, 'assemble');
  assert.match(made.key!, /^assembly:[0-9a-f]{16}$/);
  const live = tree({ 'dump.json': held(made.key!) });
  assert.is(placeAssembly(assemble, ['h1', 'h2'], { onDisk: { live }, fingerprint: 'code' }).op, 'link', 'the same parts\' bytes: the live file');
  assert.is(placeAssembly(assemble, ['h1', 'h2'], { onDisk: trees(spareOf({ 'dump.json': held(made.key!) }), live), fingerprint: 'code' }).op, 'keep');
  const again = placeAssembly(assemble, ['h1', 'h3'], { onDisk: { live }, fingerprint: 'code' }) as Extract<Operation, { op: 'assemble' }>;
  assert.equal([again.op, again.previous], ['assemble', live.files.get('dump.json')], 'a part changed: assembled again, from the live file where it can');
  assert.is.not(again.key, made.key);
  assert.is(placeAssembly(assemble, ['h1', 'h2'], { onDisk: { live }, fingerprint: 'new code' }).op, 'assemble');

  const spare = spareOf({ 'dump.json': held('d'), 'dump.json.gz': held('g'), 'other.json': held('o') });
  const removed = plan(input({ 'a.json': 'k1' }, { spare }, { assemblies: new Map([['dump.json', ['a.json']]]), precompress: true })).operations;
  assert.equal(steps(removed).filter((step) => step.startsWith('remove')), ['remove other.json'], "the spare's assembled file and its siblings are wanted");
});

test("an assembly's parts' lengths are planned after it, with their siblings; the spare's are wanted", () => {
  const assemblies = new Map([['dump.json', ['a.json', 'b.json']]]);
  const partLengths = new Map([['dump.json', 'meta/lengths.json']]);
  const first = plan(input({ 'a.json': 'k1', 'b.json': 'k2' }, {}, { assemblies, partLengths, precompress: true }));
  assert.equal(steps(first.operations).slice(2, 4), ['assemble dump.json', 'lengths meta/lengths.json']);
  assert.equal(first.operations[3], { op: 'lengths', path: 'meta/lengths.json', source: 'dump.json' });
  assert.equal(steps(first.operations).slice(-3), ['sibling meta/lengths.json.gz', 'sibling meta/lengths.json.br', 'marker']);

  const spare = spareOf({ 'meta/lengths.json': held('l'), 'meta/lengths.json.gz': held('g'), 'meta/old.json': held('o') });
  const removed = plan(input({ 'a.json': 'k1' }, { spare }, { assemblies: new Map([['dump.json', ['a.json']]]), partLengths, precompress: true })).operations;
  assert.equal(steps(removed).filter((step) => step.startsWith('remove')), ['remove meta/old.json']);
});

test('a previous tree files info is kept when no file under the pages key is to be made, by the same code', () => {
  const info: FilesInfo = { key: 'pages', pages: 2, builds: 3, paths: 4 };
  const live = tree({ 'p/1': held('pages') }, 'code', info);
  assert.equal(plan(input({ 'p/1': 'pages' }, { live })).filesInfo, info);
  assert.equal(plan(input({ 'p/1': 'pages', 'p/2': 'pages' }, { live })).filesInfo, undefined);
  assert.equal(plan(input({ 'p/1': 'pages' }, { live: { ...live, fingerprint: 'old' } })).filesInfo, undefined);
  assert.equal(plan(input({ 'p/1': 'pages' }, { live }, { pagesKey: 'other' })).filesInfo, undefined);
  const spare = { ...spareOf({ 'p/1': held('pages') }), filesInfo: info };
  assert.equal(plan(input({ 'p/1': 'pages' }, { spare })).filesInfo, info);
});

test('the writer asks ahead whether the pages are in place, as the plan decides after: they agree on every tree', () => {
  const info: FilesInfo = { key: 'pages', pages: 2, builds: 3, paths: 4 };
  const onDisks: OnDisk[] = [
    {},
    { live: tree({ 'p/1': held('pages'), 'p/2': held('pages') }, 'code', info) },
    { live: tree({ 'p/1': held('pages'), 'p/2': null }, 'code', info) },
    { live: tree({ 'p/1': held('pages'), 'p/2': held('pages') }, 'old', info) },
    { live: tree({ 'p/1': held('pages') }, 'code', info) },
    { spare: { ...spareOf({ 'p/1': held('pages'), 'p/2': held('pages') }), filesInfo: info } },
    trees({ ...spareOf({ 'p/1': held('pages'), 'p/2': held('pages') }), filesInfo: info }, tree({ 'p/1': held('pages', 'other') })),
  ];
  const found = onDisks.map((onDisk) => pagesInPlace(['p/1', 'p/2'], 'pages', onDisk, 'code'));
  assert.equal(found.map((info) => info !== undefined), [false, true, false, false, false, true, false]);
  onDisks.forEach((onDisk, i) => assert.equal(plan(input({ 'p/1': 'pages', 'p/2': 'pages', other: 'k' }, onDisk)).filesInfo, found[i], String(i)));
});

test('pages made ahead are placed as made bytes are: kept, linked, else moved in from where they were made', () => {
  const [b1, b2, b3] = ['one', 'four', 'five!'].map((text) => Buffer.from(text));
  const onDisk = trees(spareOf({ e: held('', contentHash(b1!), 3) }), tree({ e: held('', contentHash(b1!), 3), f: held('', contentHash(b2!), 4) }));
  const ahead = (path: string, bytes: Buffer) => placeMadeAhead(path, `/made/${path}`, { hash: contentHash(bytes), key: 'k', size: bytes.length }, onDisk);
  for (const [path, bytes] of [['e', b1], ['f', b2], ['f', b3], ['g', b1]] as const) {
    const made = placeMade(path, bytes!, 'k', onDisk);
    const moved = ahead(path, bytes!);
    if (made.op === 'write') assert.equal(moved, { op: 'move', path, from: `/made/${path}`, held: made.held });
    else assert.equal(moved, made);
  }
  assert.equal([ahead('e', b1!).op, ahead('f', b2!).op, ahead('f', b3!).op], ['keep', 'link', 'move']);
});

test('bytes made go where the same bytes already are: the spare, else the live tree, else a write', () => {
  const [b1, b2, b3] = ['one', 'four', 'five!'].map((text) => Buffer.from(text));
  const onDisk = trees(
    spareOf({ f: held('', contentHash(b1!), 3), e: held('', contentHash(b1!), 3) }),
    tree({ f: held('', contentHash(b2!), 4), e: held('', contentHash(b1!), 3), g: held('', contentHash(b3!), 6) }),
  );
  assert.equal(placeMade('e', b1!, 'k', onDisk), { op: 'keep', path: 'e', held: { ...held('', contentHash(b1!), 3), key: 'k' } });
  assert.is(placeMade('f', b1!, 'k', onDisk).op, 'write', 'the spare holds these bytes, the live tree others: written anew');
  assert.is(placeMade('f', b2!, 'k', onDisk).op, 'link');
  assert.equal(placeMade('f', b3!, 'k', onDisk), { op: 'write', path: 'f', bytes: b3, held: { hash: contentHash(b3!), key: 'k', size: 5 } });
  assert.is(placeMade('g', b3!, 'k', onDisk).op, 'write', 'the same hash but another size: not trusted');
  assert.is(placeMade('g', b3!, 'k', { live: tree({ g: null }) }).op, 'write');
});

test('the spare is kept only where the live tree holds the same bytes: a file back to older bytes is made anew, so its time moves on', () => {
  const [a, b] = ['first', 'second'].map((text) => Buffer.from(text));
  // The spare is the tree before the live one: xz went from a to b, and comes back to a.
  const spare = () => spareOf({ xz: held('ka', contentHash(a!), 5), zlib: held('kz') });
  const onDisk = trees(spare(), tree({ xz: held('kb', contentHash(b!), 6), zlib: held('kz') }));
  assert.equal(steps(plan(input({ xz: 'ka', zlib: 'kz' }, onDisk)).operations), ['make xz', 'keep zlib', 'marker']);
  assert.is(placeMade('xz', a!, 'ka', onDisk).op, 'write');
  assert.is(placeMade('xz', b!, 'kb', onDisk).op, 'link');
  assert.is(placeLate('xz', 'ka', { onDisk, fingerprint: 'code' }).op, 'make');
  // A file the live tree does not have, back from the spare: new against the live site too.
  const without = trees(spare(), tree({ zlib: held('kz') }));
  assert.equal(steps(plan(input({ xz: 'ka' }, without)).operations), ['remove zlib', 'make xz', 'marker']);
  // No live tree to compare with: the spare's files are kept.
  assert.equal(steps(plan(input({ xz: 'ka' }, { spare: spare() })).operations), ['remove zlib', 'keep xz', 'marker']);
});

test('a sibling planned late is kept or linked by the key of its source bytes, else made', () => {
  const onDisk = trees(spareOf({ 'a.gz': held('gz:h1') }), tree({ 'a.gz': held('gz:h1'), 'b.gz': held('gz:h2') }));
  assert.is(placeLate('a.gz', 'gz:h1', { onDisk, fingerprint: 'code' }).op, 'keep');
  assert.is(placeLate('b.gz', 'gz:h2', { onDisk, fingerprint: 'code' }).op, 'link');
  assert.is(placeLate('a.gz', 'gz:h9', { onDisk, fingerprint: 'code' }).op, 'make');
  assert.is(placeLate('a.gz', 'gz:h1', { onDisk, fingerprint: 'new code' }).op, 'make');
});

test('for random trees, every wanted file has one step, removals spare every wanted file and its directories, the marker ends', () => {
  let seed = 7;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const pathOf = () => ['a', 'b', 'c'].slice(0, 1 + random(3)).map((part) => `${part}${random(3)}`).join('/');
  for (let round = 0; round < 200; round++) {
    const want: Record<string, string | undefined> = {};
    const spareFiles: Record<string, Checked | null> = {};
    const liveFiles: Record<string, Checked | null> = {};
    for (let i = 0; i < 8; i++) want[pathOf()] = random(4) === 0 ? undefined : `k${random(3)}`;
    for (let i = 0; i < 8; i++) spareFiles[pathOf()] = random(5) === 0 ? null : held(`k${random(3)}`);
    for (let i = 0; i < 8; i++) liveFiles[pathOf()] = random(5) === 0 ? null : held(`k${random(3)}`);
    const { operations, make } = plan(input(want, trees(spareOf(spareFiles, random(2) ? ['planted'] : []), tree(liveFiles))));
    const placed = operations.filter((step) => step.op === 'keep' || step.op === 'link' || step.op === 'make').map((step) => (step as { path: string }).path);
    assert.equal(placed, Object.keys(want));
    assert.equal(make, operations.filter((step) => step.op === 'make').map((step) => (step as { path: string }).path));
    const used = directoriesOf(Object.keys(want));
    const spareDirectories = directoriesOf(Object.keys(spareFiles));
    operations.forEach((step, i) => {
      if (step.op !== 'remove' || step.path === 'planted') return; // a stranger: the marker does not know it
      assert.not.ok(used.has(step.path), step.path);
      if (!(step.path in want)) return;
      // Only a directory where a file is now wanted, and before that file is placed.
      assert.ok(spareDirectories.has(step.path), step.path);
      assert.ok(operations.findIndex((other) => other.op !== 'remove' && 'path' in other && other.path === step.path) > i, step.path);
    });
    assert.is(operations.at(-1)?.op, 'marker');
    assert.is(operations.filter((step) => step.op === 'marker').length, 1);
  }
});

test.run();
