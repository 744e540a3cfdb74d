import { locationText, type Problem } from '../core/problems/problem.js';
import type { ProblemLog } from '../core/problems/problem-log.js';

/** How many problems the terminal shows before it only counts them. */
const SHOWN_PROBLEMS = 50;

/** `catalogue/builds.ndjson:57:12: error: ...` or `catalogue/portindex.json: ports[3].epoch (port zlib): error: ...` */
export function formatProblem(problem: Problem): string {
  let where = `${problem.file}${locationText(problem.location)}`;
  if (problem.port !== undefined) where += ` (port ${problem.port})`;
  return `${where}: ${problem.severity}: ${problem.message} [${problem.code}]`;
}

/**
 * Errors first, then warnings; each kind in the order found. Warnings are summarised by
 * code when they are many, so a catalogue with thousands of dangling names stays readable.
 */
export function formatProblems(log: ProblemLog): string {
  const errors = log.kept.filter((p) => p.severity === 'error');
  const warnings = log.kept.filter((p) => p.severity === 'warning');
  const lines: string[] = [];
  for (const problem of errors.slice(0, SHOWN_PROBLEMS)) lines.push(formatProblem(problem));
  if (log.errors > SHOWN_PROBLEMS) {
    lines.push(`... and ${log.errors - SHOWN_PROBLEMS} more errors (${log.errors} in all)`);
  }
  const room = Math.max(0, SHOWN_PROBLEMS - errors.length);
  for (const problem of warnings.slice(0, room)) lines.push(formatProblem(problem));
  if (log.warnings > room) {
    const byCode = new Map<string, number>();
    for (const w of warnings) byCode.set(w.code, (byCode.get(w.code) ?? 0) + 1);
    const counts = [...byCode].map(([code, n]) => `${code}: ${n}`).join(', ');
    lines.push(`... ${log.warnings - room} more warnings not shown (${log.warnings} in all; of the first ${warnings.length}, ${counts})`);
  }
  return lines.join('\n');
}
