/**
 * The only source of randomness in the generator. Its own PRNG (no Math.random, no clock)
 * is what makes the same options give byte-identical catalogues.
 */

/** mulberry32: small, fast, good enough for synthetic data; 32-bit state. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  u32(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** [0, 1) */
  next(): number {
    return this.u32() / 4294967296;
  }
  /** integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** integer in [lo, hi] */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(arr: readonly T[]): T {
    return arr[this.int(arr.length)] as T;
  }
  /** standard normal (Box-Muller; |z| <= 6.7 because u is never below 2^-32) */
  normal(): number {
    const u1 = (this.u32() + 1) / 4294967297;
    const u2 = this.next();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
  /** index in [0, n) skewed towards 0: P(index < k) = (k/n)^(1/power) */
  skewed(n: number, power: number): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), power)));
  }
}

/**
 * Mixes a user seed (any safe integer) and a stream number into a 32-bit PRNG seed.
 * Separate streams (ports, builds, each port's file profile) keep one part's draws from
 * shifting another's, so e.g. asking for more builds leaves portindex.json unchanged.
 */
export function mixSeed(seed: number, stream: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  let h = Math.imul(lo ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(hi + stream, 0xc2b2ae35);
  h ^= Math.imul(stream + 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
