/** Shapes of randomness shared by the catalogue and the builds, on top of `Rng`. */
import type { Rng } from './rng.js';

/** Discrete distribution over a fixed list of weights (binary search on the cumulative sum). */
export class Weighted {
  private readonly cum: Float64Array;
  constructor(weights: readonly number[]) {
    this.cum = new Float64Array(weights.length);
    let acc = 0;
    weights.forEach((w, i) => {
      acc += w;
      this.cum[i] = acc;
    });
  }
  sample(rng: Rng): number {
    const cum = this.cum;
    const x = rng.next() * (cum[cum.length - 1] ?? 0);
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cum[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** One draw from a short `[item, weight]` list (a linear scan; `Weighted` is for reuse). */
export function weightedPick<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, w] of items) total += w;
  let x = rng.next() * total;
  for (const [item, w] of items) {
    x -= w;
    if (x < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

/**
 * A Pareto-like count: zero with probability `zeroP`, else mostly 1-2 with a long tail up
 * to `capN`, which is how dependency counts and description lengths spread in real ports.
 * The zero test always draws, even for `zeroP` 0, so the draw sequence never changes shape.
 */
export function drawHeavyTail(rng: Rng, alpha: number, zeroP: number, capN: number): number {
  if (rng.chance(zeroP)) return 0;
  return Math.min(capN, Math.floor(Math.pow(1 - rng.next(), -1 / alpha)));
}

/** number of entries in the sorted array `arr` below `x` (at least 1, so a pool is never empty) */
export function countBelow(arr: readonly number[], x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((arr[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(1, lo);
}

/** An entry of the sorted `pool` below `x`, early entries favoured (Zipf-like popularity). */
export function pickEarlier(rng: Rng, pool: readonly number[], x: number, power: number): number | undefined {
  return pool[rng.skewed(countBelow(pool, x), power)];
}
