/** A catalogue problem: data with a location, rendered by one of the formatters. */
export type Severity = 'error' | 'warning';

export interface Problem {
  /** Stable machine-readable code, e.g. `invalid-type`, `duplicate-name`. */
  code: string;
  /** Path of the catalogue file as the user named it, e.g. `catalogue/portindex.json`. */
  file: string;
  /** A JSON path (`ports[12].epoch`) or a line (`line 57`, `line 57, byte 3`). */
  location: string;
  message: string;
  severity: Severity;
  /** The port the problem belongs to, when its name is known. */
  port?: string;
}

export function error(code: string, file: string, location: string, message: string): Problem {
  return { code, file, location, message, severity: 'error' };
}

export function warning(code: string, file: string, location: string, message: string): Problem {
  return { code, file, location, message, severity: 'warning' };
}
