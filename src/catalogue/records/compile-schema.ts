import * as z from 'zod';

/**
 * `z.compile(schema)`, made on the first call (a few milliseconds each, so only for the
 * schemas a run uses). Records are validated as fully as by the regular parser: a valid one
 * takes the generated fast path, which makes the same output without Zod's per-key dispatch
 * and allocations, and an invalid one falls back to the regular parser, so problems are
 * reported exactly as before (test/catalogue/schemas.test.ts compares the two).
 */
export function compileOnFirstUse<T extends z.ZodType>(schema: T): () => T {
  let compiled: T | undefined;
  return () => (compiled ??= z.compile(schema));
}
