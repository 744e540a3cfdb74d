import { z } from 'zod';

/** SPEC 1.2: the live service keeps build ids in a signed 32-bit column. */
export const MAX_BUILD_ID = 2147483647;

export const buildSchema = z
  .object(
    {
      build_id: z
        .int({ error: `a positive integer no larger than ${MAX_BUILD_ID}` })
        .min(1, { error: `a positive integer no larger than ${MAX_BUILD_ID}` })
        .max(MAX_BUILD_ID, { error: `a positive integer no larger than ${MAX_BUILD_ID}` }),
      port_name: z.string({ error: 'a string' }).optional(),
      files: z.array(
        z.string({ error: 'a string' }).refine((s) => s.isWellFormed(), {
          error: 'well-formed Unicode text (no lone surrogate)',
        }),
        { error: 'an array of file paths' },
      ),
    },
    { error: 'a build object {"build_id", "files"}' },
  )
  .loose();

export type BuildSource = z.infer<typeof buildSchema>;
