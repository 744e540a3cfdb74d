/** Build ids that look random but never repeat. */
import { mixSeed } from './rng.js';

const MOD = 2_000_000_000;
const STRIDE = 1_400_305_337; // odd, not a multiple of 5: coprime with 2^10 * 5^9

/**
 * A strided walk over [1, 2e9]; the stride is coprime with the modulus, so the first 2e9
 * ids are all distinct, without remembering any of them (memory stays flat).
 */
export function createBuildIds(seed: number): () => number {
  let acc = mixSeed(seed, 3) % MOD;
  return () => {
    const id = acc + 1;
    acc += STRIDE;
    if (acc >= MOD) acc -= MOD;
    return id;
  };
}
