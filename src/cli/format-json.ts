import type { Problem } from '../core/problems/problem.js';

/** The `--json` report: one array, stable keys, for CI annotations. */
export function formatProblemsJson(problems: readonly Problem[]): string {
  return JSON.stringify(
    problems.map(({ code, file, location, message, severity, port }) => ({ code, file, location, message, severity, ...(port === undefined ? {} : { port }) })),
    null,
    2,
  );
}
