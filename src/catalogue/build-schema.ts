import * as z from 'zod';
import { compileOnFirstUse } from './records/compile-schema.js';
import { anyText, wellFormedText, type TextSchema } from './records/port-schema.js';
import { MAX_BUILD_ID } from './plain-build.js';

function buildShape(text: TextSchema) {
  return z
    .object(
      {
        build_id: z
          .int({ error: `a positive integer no larger than ${MAX_BUILD_ID}` })
          .min(1, { error: `a positive integer no larger than ${MAX_BUILD_ID}` })
          .max(MAX_BUILD_ID, { error: `a positive integer no larger than ${MAX_BUILD_ID}` }),
        port_name: z.string({ error: 'a string' }).optional(),
        files: z.array(text(), { error: 'an array of file paths' }),
      },
      { error: 'a build object {"build_id", "files"}' },
    );
}

export const buildSchema = buildShape(wellFormedText);
/** For a line with no backslash (see TextSchema). */
export const escapeFreeBuildSchema = buildShape(anyText);

export type BuildSource = z.infer<typeof buildSchema>;

const compiledBuildSchemas = [compileOnFirstUse(buildSchema), compileOnFirstUse(escapeFreeBuildSchema)];

/** The build schema for a line with or without a backslash, compiled (see compile-schema). */
export function compiledBuildSchema(escapeFree: boolean): typeof buildSchema {
  return compiledBuildSchemas[escapeFree ? 1 : 0]!();
}
