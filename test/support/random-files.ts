import { Rng } from '../../scripts/synth/rng.js';

/**
 * A seeded generator, so that a failure can be replayed: the synthetic catalogue's, whose period
 * is 2^32. A linear congruence computed in floating point loses its low bits past 2^53 and can
 * cycle within some 10,000 draws, too few for somePaths to find the paths it is asked for.
 */
export function random(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** Paths that share prefixes, differ in case, and hold letters beyond ASCII: where an order can go wrong. */
export function somePaths(next: () => number, count: number): string[] {
  const parts = ['api', 'v1', 'ports', 'Api', 'a', 'a-b', 'a.b', 'é', 'z', '日本', 'index.json', 'page-1.json', 'page-10.json'];
  // Past a fraction of the paths the parts make, the draws below would take long to find new ones.
  if (count > MOST_PATHS) throw new RangeError(`somePaths makes at most ${MOST_PATHS} paths, not ${count}`);
  const paths = new Set<string>();
  while (paths.size < count) {
    const depth = 1 + Math.floor(next() * 4);
    paths.add(Array.from({ length: depth }, () => parts[Math.floor(next() * parts.length)]!).join('/'));
  }
  return [...paths];
}

const MOST_PATHS = 5000;
