/** What `synthCatalogue` takes and returns, and the limits on what it takes. */

export interface SynthOptions {
  ports: number;
  builds: number;
  files: number;
  seed: number;
  out: string;
}

export interface SynthResult {
  ports: number;
  builds: number;
  paths: number;
  bytes: number;
}

/**
 * Throws on options the generator cannot honour: builds are capped at 2e9 because build ids
 * are distinct only that far (see build-ids.ts), and the seed must survive mixSeed exactly.
 */
export function assertValidOptions({ ports, builds, files, seed }: SynthOptions): void {
  if (!Number.isInteger(ports) || ports < 1) throw new Error(`--ports must be a positive integer (got ${ports})`);
  if (!Number.isInteger(builds) || builds < 0 || builds > 2_000_000_000) throw new Error(`--builds must be an integer in [0, 2000000000] (got ${builds})`);
  if (!Number.isFinite(files) || files < 0) throw new Error(`--files must be a non-negative number (got ${files})`);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer (got ${seed})`);
}
