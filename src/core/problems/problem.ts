/** A catalogue problem: data with a location, rendered by one of the formatters. */
type Severity = 'error' | 'warning';

/**
 * Where in its file a problem is: `{ path }`, a JSON path (`ports[12].epoch`); `{ line }` or
 * `{ line, column }`, a line of the file (columns from 1, in bytes for invalid UTF-8);
 * `{ line, path }`, a JSON path within one line of builds.ndjson; `{}`, the file as a whole.
 */
export interface Location {
  line?: number;
  column?: number;
  path?: string;
}

/** Every problem's code, stable for machines; docs/catalogue-format.md says when each is given. */
export const PROBLEM_CODES = [
  'unreadable-file',
  'empty-file',
  'invalid-utf8',
  'invalid-json',
  'missing-key',
  'invalid-type',
  'invalid-value',
  'no-ports',
  'duplicate-name',
  'duplicate-build-id',
  'unresolved-dependency',
  'changed-while-read',
  'no-builds-file',
  'truncated',
  'nested-list',
  'port-kept',
  'too-large',
  'bad-signature',
] as const;

type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface Problem {
  code: ProblemCode;
  /** Path of the catalogue file as the user named it, e.g. `catalogue/portindex.json`. */
  file: string;
  location: Location;
  message: string;
  severity: Severity;
  /** The port the problem belongs to, when its name is known. */
  port?: string;
}

export function error(code: ProblemCode, file: string, location: Location, message: string): Problem {
  return { code, file, location, message, severity: 'error' };
}

export function warning(code: ProblemCode, file: string, location: Location, message: string): Problem {
  return { code, file, location, message, severity: 'warning' };
}

/** The location as people read it after the file's name: `:57:27`, `: ports[12].epoch`, `:90: build_id`. */
export function locationText({ line, column, path }: Location): string {
  const at = line === undefined ? '' : `:${line}${column === undefined ? '' : `:${column}`}`;
  return path === undefined ? at : `${at}: ${path}`;
}
