import * as z from 'zod';
import { compileOnFirstUse } from './compile-schema.js';

/** docs/catalogue-format.md: what a port name may be; it also becomes a directory name, so no `/` or leading dot. */
const PORT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+@-]*$/;

/** The longest name most file systems allow (NAME_MAX); a name is ASCII, one byte a character. */
const PORT_NAME_MAX = 255;

/** The order in which dependency kinds are published (docs/api.md). */
export const DEPENDENCY_KINDS = ['lib', 'extract', 'run', 'patch', 'build', 'test', 'fetch'] as const;
export type DependencyKind = (typeof DEPENDENCY_KINDS)[number];

/**
 * Every schema says what it expects in words; the converter adds what was found.
 *
 * Each schema comes in two forms. Text from a record with no backslash needs no check for lone
 * surrogates: one can reach a string only through a `\uD8xx` escape, since raw bytes have
 * passed the UTF-8 check, which refuses encoded surrogates. There the check (a call and a scan
 * for each of millions of strings) would find nothing, so the escape-free form leaves it out.
 */
const NAME_ERROR = 'a port name: letters, digits and _ . + @ -, not starting with . or - (docs/catalogue-format.md)';

export type TextSchema = (expected?: string) => z.ZodString;
export const wellFormedText: TextSchema = (expected = 'a string') =>
  z.string({ error: expected }).refine((s) => s.isWellFormed(), { error: 'well-formed Unicode text (no lone surrogate)' });
export const anyText: TextSchema = (expected = 'a string') => z.string({ error: expected });

function portShape(text: TextSchema) {
  const stringList = z.array(text(), { error: 'an array of strings' });
  // Early PortIndex files nest lists in lists (`variants {{darwin powerpc}}`), which the
  // converter keeps as arrays: such an element is read joined, with a warning (see port-record).
  const wordList = z.array(z.union([text(), stringList], { error: 'a string (or, from an early PortIndex, a list of strings)' }), { error: 'an array of strings' });

  const maintainer = z
    .object(
      {
        email: z.object({ name: text(), domain: text() }, { error: 'an object {"name", "domain"}' }).optional(),
        github: text().optional(),
      },
      { error: 'an object {"email"?, "github"?}' },
    );

  // A variant's description is kept for the pages (see variantNotes), whatever its type: one that
  // is not text is not shown, and refuses nothing the API never published.
  const variantInfo = z.object({ variant: text(), description: z.unknown().optional() }, { error: 'an object with a "variant" string' });

  const dependencyList = wordList.optional();

  const portName = () =>
    text()
      .regex(PORT_NAME, { error: NAME_ERROR })
      .max(PORT_NAME_MAX, { error: `a port name of at most ${PORT_NAME_MAX} characters: it names the port's directory, and file systems allow no longer name` });

  return z
    .object(
      {
        name: portName(),
        portdir: text().regex(/^[^/]+\/[^/]+$/, { error: 'a portdir of two non-empty segments, "<category>/<name>"' }),
        version: text(),
        revision: z.union([text(), z.int()], { error: 'a string or an integer' }).optional(),
        epoch: z
          .union(
            [
              text().regex(/^[0-9]{1,15}$/, { error: 'a string of digits or a non-negative integer' }),
              z.int().nonnegative().max(Number.MAX_SAFE_INTEGER, { error: 'a string of digits or a non-negative integer' }),
            ],
            { error: 'a string of digits or a non-negative integer' },
          )
          .optional(),
        license: z
          .union([text(), z.array(z.union([text(), stringList]))], {
            error: 'a string, or an array of strings and arrays of strings',
          })
          .optional(),
        platforms: text().optional(),
        categories: wordList.optional(),
        maintainers: z.array(maintainer, { error: 'an array of maintainer objects' }).optional(),
        variants: wordList.optional(),
        // MacPorts' converter writes vinfo as raw Tcl text; such a string is accepted and ignored.
        vinfo: z.union([z.array(variantInfo), text()], { error: 'an array of variant objects (or the converter\'s text)' }).optional(),
        depends_fetch: dependencyList,
        depends_extract: dependencyList,
        depends_patch: dependencyList,
        depends_build: dependencyList,
        depends_lib: dependencyList,
        depends_run: dependencyList,
        depends_test: dependencyList,
        description: text().optional(),
        long_description: text().optional(),
        homepage: text().optional(),
        // A name the pages link to: only a port name, whatever the port that bears it.
        replaced_by: z.union([z.literal(''), portName()], { error: NAME_ERROR }).optional(),
        active: z.boolean({ error: 'a boolean' }).optional(),
      },
      { error: 'a port object' },
    );
}

export const portSchema = portShape(wellFormedText);
/** For a port whose text has no backslash (see TextSchema). */
export const escapeFreePortSchema = portShape(anyText);

export type PortSource = z.infer<typeof portSchema>;

const compiledPortSchemas = [compileOnFirstUse(portSchema), compileOnFirstUse(escapeFreePortSchema)];

/**
 * The port schema for a port with or without a backslash in its text, compiled: the generated
 * fast path is what validates a large catalogue in time (see compile-schema).
 */
export function compiledPortSchema(escapeFree: boolean): typeof portSchema {
  return compiledPortSchemas[escapeFree ? 1 : 0]!();
}

export const portIndexSchema = z
  .object({ ports: z.array(z.unknown(), { error: 'an array of ports' }) }, { error: 'an object {"ports": [...]}' })
  .loose();
