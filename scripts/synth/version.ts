/** Version strings in the shapes real ports use: semver-ish, dates, suffixes, bare numbers. */
import { weightedPick } from './distributions.js';
import type { Rng } from './rng.js';

export function drawVersion(rng: Rng): string {
  const maj = weightedPick(rng, [[0, 25], [1, 35], [2, 20], [3, 8], [4, 5], [5, 3], [rng.range(6, 30), 4]] as const);
  const min = rng.skewed(40, 1.8);
  const pat = rng.skewed(25, 2);
  const r = rng.next();
  if (r < 0.55) return `${maj}.${min}.${pat}`;
  if (r < 0.75) return `${maj}.${min}`;
  if (r < 0.8) {
    const y = rng.range(2005, 2024);
    const m = String(rng.range(1, 12)).padStart(2, '0');
    const d = String(rng.range(1, 28)).padStart(2, '0');
    return rng.chance(0.5) ? `${y}${m}${d}` : `${y}.${m}.${d}`;
  }
  if (r < 0.85) return `${maj}.${min}.${pat}.${rng.range(0, 9)}`;
  if (r < 0.9) return `${maj}.${min}${rng.pick(['a', 'b', 'rc', 'beta', 'p', 'pre'])}${rng.range(1, 5)}`;
  if (r < 0.95) return String(rng.range(1, 130));
  return `${maj}.${min}.${pat}-${rng.range(2019, 2024)}${String(rng.range(1, 12)).padStart(2, '0')}${String(rng.range(1, 28)).padStart(2, '0')}`;
}
