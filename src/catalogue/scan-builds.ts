import { access } from 'node:fs/promises';
import { error } from '../core/problems/problem.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import { locateJsonError } from './locate-json-error.js';
import { isBlank, readLines, type Line } from './read-lines.js';
import { findInvalidUtf8 } from './utf8.js';
import type { BuildSource } from './build-schema.js';
import { isPlainBuild } from './plain-build.js';
import { problemsFromZod } from './records/zod-problems.js';

/** `plain`: the build's line has no backslash and no 0xE2 byte, so no string in it needs escaping. */
type BuildSink = (build: BuildSource, plain: boolean) => void | Promise<void>;

async function fileExists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Streams `builds.ndjson` (docs/catalogue-format.md): each line decoded, parsed and validated on its own, valid
 * builds handed to `sink` in file order, problems logged with their line. Build ids are kept
 * only as a packed array (4 bytes a build) to find duplicates at the end.
 */
export async function scanBuilds(path: string, file: string, log: ProblemLog, sink: BuildSink): Promise<number> {
  if (!(await fileExists(path))) return 0;
  const ids = new IdList();
  let valid = 0;
  for await (const line of readLines(path)) {
    let read = readBuild(line, file, log);
    if (read === 'schema') {
      schemas = await import('./build-schema.js');
      read = readBuild(line, file, log);
    }
    if (!read || read === 'schema') continue; // 'schema' comes only before the schema is loaded
    ids.push(read.build.build_id);
    valid++;
    await sink(read.build, read.plain);
  }
  const duplicates = ids.duplicates();
  if (duplicates.size > 0) await reportDuplicates(path, file, duplicates, log);
  return valid;
}

/**
 * The build schema (Zod), loaded at the first line the plain check does not pass (see
 * isPlainBuild): a file of valid lines is scanned without it, as the writer thread does.
 */
let schemas: typeof import('./build-schema.js') | undefined;

/**
 * A line's build, valid, and whether it is `plain` (see BuildSink); undefined for a blank line
 * and for a line with a problem, which is logged; 'schema' when the build schema must decide.
 */
function readBuild(line: Line, file: string, log: ProblemLog): { build: BuildSource; plain: boolean } | undefined | 'schema' {
  if (isBlank(line.bytes)) return undefined;
  const escapeFree = line.bytes.indexOf(BACKSLASH) === -1;
  const build = parseBuildLine(line, file, log, escapeFree);
  if (build === 'schema') return build;
  return build && { build, plain: escapeFree && line.bytes.indexOf(SEPARATOR_LEAD) === -1 };
}

const BACKSLASH = 0x5c;
/** The first byte of U+2028 and U+2029 in UTF-8 (and of other characters, which is fine). */
const SEPARATOR_LEAD = 0xe2;

function parseBuildLine(line: Line, file: string, log: ProblemLog, escapeFree: boolean): BuildSource | undefined | 'schema' {
  const fault = findInvalidUtf8(line.bytes);
  if (fault) {
    const byte = line.bytes[fault.offset]!.toString(16).padStart(2, '0');
    log.add(error('invalid-utf8', file, { line: line.number, column: fault.column }, `expected UTF-8 text, found the byte 0x${byte} that does not start a valid UTF-8 sequence`));
    return undefined;
  }
  const text = line.bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const located = locateJsonError(text);
    const where = located ? { line: line.number, column: located.column } : { line: line.number };
    const message = located ? `invalid JSON: expected ${located.expected}, found ${located.found}` : 'invalid JSON';
    log.add(error('invalid-json', file, where, message));
    return undefined;
  }
  // As for the ports (see validatePorts): a valid build is its own output, made without a copy.
  if (isPlainBuild(value, escapeFree)) return value;
  if (!schemas) return 'schema';
  const schema = schemas.compiledBuildSchema(escapeFree);
  if (schema.validate(value)) return value;
  const parsed = schema.safeParse(value);
  log.addAll(problemsFromZod(parsed.error!, value, file, (path) => (path ? { line: line.number, path } : { line: line.number })));
  return undefined;
}

/** A growable Uint32Array: build ids are < 2^31, so four bytes each. */
class IdList {
  private ids = new Uint32Array(1024);
  private length = 0;

  push(id: number): void {
    if (this.length === this.ids.length) {
      const bigger = new Uint32Array(this.ids.length * 2);
      bigger.set(this.ids);
      this.ids = bigger;
    }
    this.ids[this.length++] = id;
  }

  duplicates(): Set<number> {
    const sorted = this.ids.slice(0, this.length).sort();
    const repeated = new Set<number>();
    for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
    return repeated;
  }
}

/** The rare path: read the file again to name every line that repeats an id. */
async function reportDuplicates(path: string, file: string, duplicates: Set<number>, log: ProblemLog): Promise<void> {
  const firstLine = new Map<number, number>();
  for await (const line of readLines(path)) {
    if (isBlank(line.bytes)) continue;
    let id: unknown;
    try {
      id = (JSON.parse(line.bytes.toString('utf8')) as { build_id?: unknown }).build_id;
    } catch {
      continue;
    }
    if (typeof id !== 'number' || !duplicates.has(id)) continue;
    const first = firstLine.get(id);
    if (first === undefined) firstLine.set(id, line.number);
    else log.add(error('duplicate-build-id', file, { line: line.number }, `expected a unique build_id, found ${id} again (first on line ${first})`));
  }
}
