/** docs/catalogue-format.md: the live service keeps build ids in a signed 32-bit column. */
export const MAX_BUILD_ID = 2147483647;

/** A build as the schema gives it (BuildSource in build-schema). */
interface PlainBuild {
  build_id: number;
  port_name?: string | undefined;
  files: string[];
}

/**
 * Whether `value` is a valid build by the build schema's rules, checked without Zod: a build
 * thread need not load Zod for a file whose every line is valid. Never accepts what the schema
 * refuses; what it refuses the schema decides, and names the problem (see scanBuilds).
 * `escapeFree`: the line has no backslash, so its strings cannot hold a lone surrogate.
 */
export function isPlainBuild(value: unknown, escapeFree: boolean): value is PlainBuild {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { build_id: id, port_name: name, files } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_BUILD_ID) return false;
  if (name !== undefined && typeof name !== 'string') return false;
  if (!Array.isArray(files)) return false;
  for (const file of files) if (typeof file !== 'string' || (!escapeFree && !file.isWellFormed())) return false;
  return true;
}
