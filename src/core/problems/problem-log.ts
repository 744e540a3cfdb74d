import type { Problem } from './problem.js';

/**
 * Problems of each severity kept in full; past this only counted, so a file of a million bad
 * lines stays cheap.
 */
export const KEPT_PROBLEMS = 1000;

/** A log's problems as plain data: those it kept, and how many of each severity it counted. */
export interface ProblemsFound {
  kept: Problem[];
  errors: number;
  warnings: number;
}

/**
 * Collects the problems of one run; counts every one, keeps the first KEPT_PROBLEMS errors and
 * the first KEPT_PROBLEMS warnings, apart: warnings found first, however many, never crowd out
 * an error, not even once `--strict` has made them errors.
 */
export class ProblemLog {
  private readonly keptErrors: Problem[] = [];
  private readonly keptWarnings: Problem[] = [];
  /** Warnings made errors by `--strict`: kept apart from the errors of their own kind. */
  private readonly keptPromoted: Problem[] = [];
  errors = 0;
  warnings = 0;

  add(problem: Problem): void {
    if (problem.severity === 'error') {
      this.errors++;
      if (this.keptErrors.length < KEPT_PROBLEMS) this.keptErrors.push(problem);
    } else {
      this.warnings++;
      if (this.keptWarnings.length < KEPT_PROBLEMS) this.keptWarnings.push(problem);
    }
  }

  addAll(problems: Iterable<Problem>): void {
    for (const problem of problems) this.add(problem);
  }

  /** What this log found, as plain data that another thread's log can take in (see absorb). */
  found(): ProblemsFound {
    return { kept: this.kept, errors: this.errors, warnings: this.warnings };
  }

  /** Another log's problems (see found), counted as that log counted them. */
  absorb(found: ProblemsFound): void {
    this.addAll(found.kept);
    const keptErrors = found.kept.filter((problem) => problem.severity === 'error').length;
    this.errors += found.errors - keptErrors;
    this.warnings += found.warnings - (found.kept.length - keptErrors);
  }

  /** The kept problems, errors ahead of warnings, those of their own kind first. */
  get kept(): Problem[] {
    return [...this.keptErrors, ...this.keptPromoted, ...this.keptWarnings];
  }

  get total(): number {
    return this.errors + this.warnings;
  }

  /** Problems of the files in this order, each file's in the order found (a stable sort). */
  orderByFile(files: readonly string[]): void {
    const rank = (file: string) => (files.includes(file) ? files.indexOf(file) : files.length);
    for (const list of [this.keptErrors, this.keptPromoted, this.keptWarnings]) list.sort((a, b) => rank(a.file) - rank(b.file));
  }

  /** `--strict`: every warning becomes an error. */
  promoteWarnings(): void {
    for (const problem of this.keptWarnings.splice(0)) {
      problem.severity = 'error';
      if (this.keptPromoted.length < KEPT_PROBLEMS) this.keptPromoted.push(problem);
    }
    this.errors += this.warnings;
    this.warnings = 0;
  }
}
