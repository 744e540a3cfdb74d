import type { Entry } from '../../src/write/marker.js';

/** A seeded generator, so that a failure can be replayed. */
export function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
}

/** Paths that share prefixes, differ in case, and hold letters beyond ASCII: where an order can go wrong. */
export function somePaths(next: () => number, count: number): string[] {
  const parts = ['api', 'v1', 'ports', 'Api', 'a', 'a-b', 'a.b', 'é', 'z', '日本', 'index.json', 'page-1.json', 'page-10.json'];
  const paths = new Set<string>();
  while (paths.size < count) {
    const depth = 1 + Math.floor(next() * 4);
    paths.add(Array.from({ length: depth }, () => parts[Math.floor(next() * parts.length)]!).join('/'));
  }
  return [...paths];
}

/** Some files with hashes and keys of the lengths a build gives them (keys sometimes none). */
export function someFiles(next: () => number, count: number): Map<string, Entry> {
  const hex = () => Math.floor(next() * 2 ** 32).toString(16).padStart(8, '0') + Math.floor(next() * 2 ** 32).toString(16).padStart(8, '0');
  return new Map(somePaths(next, count).map((relative) => [relative, { hash: hex(), key: next() < 0.3 ? '' : hex() }]));
}
