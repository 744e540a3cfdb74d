import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DependencyResolver, PairList, resolveDependencies, DependencyLists } from '../../src/derive/dependencies.js';
import { joinLanes, lanesOf } from '../../src/derive/print-hash.js';
import { indexInOrder, relink, rewarned, samePairs } from '../../src/derive/relink.js';
import { warning, type Problem } from '../../src/core/problems/problem.js';
import { DEPENDENCY_KINDS, type DependencyKind } from '../../src/catalogue/records/port-schema.js';
import type { PortCore } from '../../src/catalogue/records/port-record.js';

const NAMES = ['zlib', 'xz', 'curl', 'git', 'jq'];

/** Ports of NAMES with the dependencies given, by kind. */
function cores(depends: Record<string, Partial<Record<DependencyKind, string[]>>>): PortCore[] {
  return NAMES.map((name, index) => ({
    index,
    name,
    categories: [],
    maintainers: [],
    depends: Object.fromEntries(DEPENDENCY_KINDS.map((kind) => [kind, depends[name]?.[kind] ?? []])) as Record<DependencyKind, string[]>,
    active: true,
    description: '',
    variants: [],
    release: '',
  }));
}

const BEFORE = { curl: { lib: ['port:zlib'] }, git: { lib: ['port:curl', 'port:zlib'], build: ['port:xz'] } };
/** Each port's listing digest: any 16 hex digits stand for it here. */
const LISTING = NAMES.map((_, i) => `${i}`.repeat(16));

/** The cross digests a full derivation gives `ports` (see PortList.printAt). */
function crossDigests(ports: PortCore[]): string[] {
  const lists = new DependencyLists(NAMES, resolveDependencies(ports, 'portindex.json').links);
  return NAMES.map((_, i) => joinLanes(lanesOf(LISTING[i]!), lists.linkLanes(i)));
}

/** Port `index`'s pairs as resolved from `port`. */
function pairsOf(port: PortCore): PairList {
  const pairs = new PairList();
  new DependencyResolver(NAMES, 'portindex.json').resolve(port, pairs, []);
  return pairs;
}

test('a port that names another anew relinks itself and the port named; the others keep their digests', () => {
  const before = cores(BEFORE);
  const last = { names: NAMES, links: resolveDependencies(before, 'portindex.json').links, crossDigests: crossDigests(before), listingDigests: LISTING };
  const after = cores({ ...BEFORE, git: { lib: ['port:curl', 'port:zlib'], build: ['port:xz'], run: ['port:jq'] } });
  const git = pairsOf(after[3]!);
  assert.not.ok(samePairs(last.links, 3, git));
  const relinked = relink(last, new Map([[3, git]]));
  assert.equal(relinked.relinked, [3, 4], 'git and jq: curl, zlib and xz are named as before');
  assert.equal(relinked.crossDigests, crossDigests(after));
  assert.equal(relinked.lists.forwardOf(3), [{ type: 'lib', ports: ['curl', 'zlib'] }, { type: 'run', ports: ['jq'] }, { type: 'build', ports: ['xz'] }]);
  assert.equal(relinked.lists.reverseOf(4), [{ type: 'run', ports: ['git'] }]);
  assert.equal(relinked.lists.reverseOf(0), [{ type: 'lib', ports: ['curl', 'git'] }]);
});

test('a port named no more, or named under another kind, is relinked; a port whose pairs are the same is not', () => {
  const before = cores(BEFORE);
  const last = { names: NAMES, links: resolveDependencies(before, 'portindex.json').links, crossDigests: crossDigests(before), listingDigests: LISTING };
  const after = cores({ curl: { fetch: ['port:zlib'] }, git: { lib: ['port:CURL', 'lib:libz:zlib', 'port:curl'], build: ['port:xz'] } });
  const curl = pairsOf(after[2]!);
  const git = pairsOf(after[3]!);
  assert.ok(samePairs(last.links, 3, git), "git's spellings resolve to the same pairs");
  const relinked = relink(last, new Map([[2, curl]]));
  assert.equal(relinked.relinked, [0, 2], 'zlib (named under fetch now) and curl');
  assert.equal(relinked.crossDigests, crossDigests(after));
  assert.equal(relinked.lists.reverseOf(0), [{ type: 'lib', ports: ['git'] }, { type: 'fetch', ports: ['curl'] }]);
  const none = relink(last, new Map([[3, git]]));
  assert.equal(none.relinked, []);
  assert.equal(none.crossDigests, last.crossDigests);
});

test("a port's warnings take the place of its last ones, in port order; a warning about a port not known leaves none", () => {
  const about = (port: string, path: string): Problem => ({ ...warning('unresolved-dependency', 'portindex.json', { path }, 'names no port'), port });
  const indexOf = (name: string) => (NAMES.includes(name) ? NAMES.indexOf(name) : undefined);
  const last = [about('xz', 'ports[1].depends_lib[0]'), about('git', 'ports[3].depends_lib[0]'), about('git', 'ports[3].depends_run[2]')];
  const curl = [about('curl', 'ports[2].depends_lib[1]')];
  assert.equal(rewarned(last, new Map([[2, curl]]), indexOf), [last[0], curl[0], last[1], last[2]]);
  assert.equal(rewarned(last, new Map([[3, []], [0, curl]]), indexOf), [curl[0], last[0]]);
  assert.equal(rewarned(last, new Map(), indexOf), last);
  assert.is(rewarned([...last, about('gone', 'ports[9].depends_lib[0]')], new Map(), indexOf), undefined);
});

test('pairs taken from arrays as they are, even empty ones, take more pairs after them', () => {
  for (const [kinds, targets] of [[Uint8Array.of(), Int32Array.of()], [Uint8Array.of(2), Int32Array.of(7)]] as const) {
    const pairs = PairList.of(kinds, targets);
    pairs.push(5, 3);
    const { kinds: after, targets: to } = pairs.views();
    assert.equal([...after], [...kinds, 5]);
    assert.equal([...to], [...targets, 3]);
  }
});

test('a resolver for a few ports resolves every spelling as one for many, before and after it indexes the names', () => {
  let state = 11;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const names = Array.from({ length: 300 }, (_, i) => `Port${i}-${'abc'[i % 3]}`);
  const spell = () => {
    const name = names[Math.floor(next() * names.length)]!;
    const roll = next();
    // As listed, in another case, a name not listed, or behind a path as lib: specs are.
    return roll < 0.5 ? `port:${name}` : roll < 0.7 ? `port:${name.toUpperCase()}` : roll < 0.8 ? 'port:none-such' : `lib:libx:${name.toLowerCase()}`;
  };
  const ports: PortCore[] = Array.from({ length: 40 }, (_, index) => ({
    index,
    name: names[index]!,
    categories: [],
    maintainers: [],
    depends: Object.fromEntries(DEPENDENCY_KINDS.map((kind) => [kind, Array.from({ length: Math.floor(next() * 4) }, spell)])) as Record<DependencyKind, string[]>,
    active: true,
    description: '',
    variants: [],
    release: '',
  }));
  const resolved = (few: boolean) => {
    const resolver = new DependencyResolver(names, 'portindex.json', few);
    const pairs = new PairList();
    const warnings: Problem[] = [];
    // Past the searches a resolver for few makes before it indexes: both ways are taken.
    for (const port of ports) resolver.resolve(port, pairs, warnings);
    return { pairs: pairs.views(), warnings, indexOf: names.map((name) => resolver.indexOf(name)) };
  };
  const many = resolved(false);
  assert.ok(many.warnings.length > 0 && many.pairs.targets.length > 64);
  assert.equal(resolved(true), many);
});

test('names asked for in their order are found going on; out of order or not listed, as indexOf finds them', () => {
  const names = ['a', 'b', 'c', 'd'];
  const find = indexInOrder(names);
  assert.equal(['a', 'b', 'b', 'd', 'c', 'x', 'd', 'a'].map(find), [0, 1, 1, 3, 2, undefined, 3, 0]);
});

test.run();
