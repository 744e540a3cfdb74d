import { z } from 'zod';

/** SPEC 1.2: the live service keeps build ids in a signed 32-bit column. */
export const MAX_BUILD_ID = 2147483647;

const path = z.string({ error: 'a string' });

function buildShape(filePath: z.ZodType<string>) {
  return z
    .object(
      {
        build_id: z
          .int({ error: `a positive integer no larger than ${MAX_BUILD_ID}` })
          .min(1, { error: `a positive integer no larger than ${MAX_BUILD_ID}` })
          .max(MAX_BUILD_ID, { error: `a positive integer no larger than ${MAX_BUILD_ID}` }),
        port_name: z.string({ error: 'a string' }).optional(),
        files: z.array(filePath, { error: 'an array of file paths' }),
      },
      { error: 'a build object {"build_id", "files"}' },
    );
}

export const buildSchema = buildShape(path.refine((s) => s.isWellFormed(), { error: 'well-formed Unicode text (no lone surrogate)' }));

/**
 * The same schema for a line without a backslash. A lone surrogate can reach a string only
 * through a `\uD8xx` escape: raw bytes have passed the UTF-8 check, which refuses encoded
 * surrogates. So every path of such a line is well formed, and the per-path check (a call and
 * a scan for each of millions of paths) would find nothing.
 */
export const escapeFreeBuildSchema = buildShape(path);

export type BuildSource = z.infer<typeof buildSchema>;
