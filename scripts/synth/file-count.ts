/** How many files one build lists. */
import type { Rng } from './rng.js';

/**
 * Files per build: 3% empty, else 1 + a lognormal (stochastically rounded) with the right
 * mean. Real builds are like this: most list a few files, a few list thousands.
 */
export function drawFileCount(rng: Rng, mean: number): number {
  const pEmpty = 0.03;
  const nonEmptyMean = mean / (1 - pEmpty);
  if (nonEmptyMean < 1) return rng.chance(mean) ? 1 : 0;
  if (rng.chance(pEmpty)) return 0;
  const m = nonEmptyMean - 1;
  if (m <= 0) return 1;
  const sigma = 1.4;
  const mu = Math.log(m) - (sigma * sigma) / 2;
  const x = Math.exp(mu + sigma * rng.normal());
  return 1 + Math.floor(x + rng.next());
}
