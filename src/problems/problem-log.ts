import type { Problem } from './problem.js';

/** Problems kept in full; past this only counted, so a file of a million bad lines stays cheap. */
export const KEPT_PROBLEMS = 1000;

/** Collects the problems of one run; counts every one, keeps the first KEPT_PROBLEMS. */
export class ProblemLog {
  readonly kept: Problem[] = [];
  errors = 0;
  warnings = 0;

  add(problem: Problem): void {
    if (problem.severity === 'error') this.errors++;
    else this.warnings++;
    if (this.kept.length < KEPT_PROBLEMS) this.kept.push(problem);
  }

  addAll(problems: Iterable<Problem>): void {
    for (const problem of problems) this.add(problem);
  }

  get total(): number {
    return this.errors + this.warnings;
  }

  /** Problems of the files in this order, each file's in the order found (a stable sort). */
  orderByFile(files: readonly string[]): void {
    const rank = (file: string) => (files.includes(file) ? files.indexOf(file) : files.length);
    this.kept.sort((a, b) => rank(a.file) - rank(b.file));
  }

  /** `--strict`: every warning becomes an error. */
  promoteWarnings(): void {
    for (const problem of this.kept) problem.severity = 'error';
    this.errors += this.warnings;
    this.warnings = 0;
  }
}
