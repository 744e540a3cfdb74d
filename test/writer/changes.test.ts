import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changesSince } from '../../src/writer/changes.js';

/** A live tree as its marker lists it: paths sorted, each with its hash. */
const liveOf = (entries: Array<[string, string]>) => ({ size: entries.length, path: (i: number) => entries[i]![0], hash: (i: number) => entries[i]![1] });

test('changed: files the live site lacks or holds other bytes of; removed: its files the new site lacks', () => {
  const live = liveOf([['a', '1'], ['b', '2'], ['c', '3'], ['e', '5']]);
  const next = new Map([['a', '1'], ['b', '9'], ['d', '4'], ['e', '5'], ['f', '6']]);
  assert.equal(changesSince(live, [...next.keys()], (p) => next.get(p)!), { replaced: true, changed: 3, removed: 1 });
  assert.equal(changesSince(live, [], () => ''), { replaced: true, changed: 0, removed: 4 });
  assert.equal(changesSince(undefined, ['a', 'b'], () => ''), { replaced: false, changed: 2, removed: 0 });
});

test('for random trees, the walk agrees with a plain count', () => {
  let seed = 3;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let round = 0; round < 300; round++) {
    const names = Array.from({ length: 12 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const live = new Map(names.filter(() => random(2) === 0).map((name) => [name, `${random(3)}`]));
    const next = new Map(names.filter(() => random(2) === 0).map((name) => [name, `${random(3)}`]));
    const entries = [...live].sort(([x], [y]) => (x < y ? -1 : 1));
    const changed = [...next].filter(([name, hash]) => live.get(name) !== hash).length;
    const removed = [...live.keys()].filter((name) => !next.has(name)).length;
    assert.equal(changesSince(liveOf(entries), [...next.keys()].sort(), (p) => next.get(p)!), { replaced: true, changed, removed });
  }
});

test.run();
