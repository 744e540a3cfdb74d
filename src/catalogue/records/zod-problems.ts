import type * as z from 'zod';
import { error, type Location, type Problem } from '../../core/problems/problem.js';

/** `maintainers[0].email` from a Zod issue path; `` for the record itself. */
function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) out += `${out ? '.' : ''}${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** Joins a JSON path below a base path: `ports[3]` + `epoch` = `ports[3].epoch`. */
export function below(base: string, path: string): string {
  if (!path) return base;
  if (!base) return path;
  return path.startsWith('[') ? `${base}${path}` : `${base}.${path}`;
}

/** A short, bounded description of a value the user wrote, for "found ..." */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the key is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  return `${typeof value} ${String(value)}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A value of the wrong JSON type: for a union, of a type none of its forms takes. */
function isTypeIssue(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'invalid_type') return true;
  return issue.code === 'invalid_union' && issue.errors.length > 0 && issue.errors.every((form) => form.length > 0 && form.every(isTypeIssue));
}

/** One problem per Zod issue: where (`locate` turns the JSON path into a location), what we expected, what we found. */
export function problemsFromZod(
  zodError: z.ZodError,
  input: unknown,
  file: string,
  locate: (path: string) => Location,
  port?: string,
): Problem[] {
  return zodError.issues.map((issue) => {
    const found = describeValue(valueAt(input, issue.path));
    const code = issue.code === 'invalid_type' && found.startsWith('nothing') ? 'missing-key' : isTypeIssue(issue) ? 'invalid-type' : 'invalid-value';
    const problem = error(code, file, locate(jsonPath(issue.path)), `expected ${issue.message}, found ${found}`);
    if (port !== undefined) problem.port = port;
    return problem;
  });
}
