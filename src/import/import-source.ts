/**
 * The source of `ports-gen import`, read and checked: of a kind told apart by content (see
 * source-kinds), each port as portindex2json writes it and with its keys in one order (see
 * port-key-order), checked with a build's rules. Problems are logged, located in the source;
 * nothing is returned when there is any.
 */
import { isUrl } from './fetch-source.js';
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { machineFaultOf } from '../core/problems/machine-fault.js';
import { UsageError } from '../core/problems/usage-error.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import { error, type Problem } from '../core/problems/problem.js';
import { blankProblem, readCatalogueBytes, utf8Problem } from '../catalogue/read-json-file.js';
import { hasBom } from '../catalogue/utf8.js';
import { shownUrl } from '../core/shown-url.js';
import { startParallelCheck } from './sources/parallel-check.js';
import type { Source, SourceCheck } from './sources/source-kind.js';
import { sourceKindOf } from './sources/source-kinds.js';

export type { Source };

/** How the source is named in problems: as the user gave it, `<stdin>` for `-`, a URL without its credentials. */
export function sourceName(cwd: string, source: string): string {
  if (isUrl(source)) return shownUrl(source);
  return source === '-' ? '<stdin>' : path.relative(cwd, path.resolve(cwd, source)) || source;
}

/** What a source holds, as the problem of an empty one says. */
const SOURCE = "a PortIndex: MacPorts' native index or portindex2json's JSON";

/**
 * The source file's bytes, or its problem (unreadable, empty) logged. In shared memory: a
 * large source is read on two threads (see parallel-check).
 */
export function readSourceFile(cwd: string, source: string, log: ProblemLog): Buffer | undefined {
  if (checkSourcePath(path.resolve(cwd, source)) > SOURCE_LIMIT) return void log.add(tooLarge(sourceName(cwd, source)));
  const read = readCatalogueBytes(path.resolve(cwd, source), sourceName(cwd, source), true, SOURCE);
  if (!read.ok) return void log.addAll(read.problems);
  return read.value;
}

/**
 * A source that is not there, a directory, not a file or not readable is a mistake in how
 * ports-gen is run, not a problem of an index: one line (exit 2) with its absolute path.
 */
function checkSourcePath(file: string): number {
  let stats: Stats;
  try {
    stats = statSync(file);
    if (stats.isFile()) accessSync(file, constants.R_OK);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UsageError(`the source ${file} does not exist: give the path of a PortIndex (or - for standard input)`);
    throw machineFaultOf(cause, '/') ?? new UsageError(`the source ${file} cannot be read (${code ?? String(cause)})`);
  }
  if (stats.isDirectory()) throw new UsageError(`the source ${file} is a directory: give the PortIndex file in it`);
  if (!stats.isFile()) throw new UsageError(`the source ${file} is not a regular file: give a PortIndex file (or - to read standard input)`);
  return stats.size;
}

/**
 * The largest source read: several times the size of MacPorts' whole PortIndex in either
 * form, so a larger source is no PortIndex (a pipe from /dev/zero, say), and is refused
 * before it fills memory.
 */
export const SOURCE_LIMIT = 256 << 20;

function tooLarge(file: string): Problem {
  return error('too-large', file, {}, `expected a PortIndex of at most ${SOURCE_LIMIT >> 20} MiB (MacPorts' own is some 40 MB), found more: this is no PortIndex`);
}

/**
 * The bytes of a source from standard input, checked as a file's are (see readSourceFile):
 * its byte-order mark dropped, UTF-8 and not empty, or its problem logged.
 */
export function checkPipedSource(bytes: Buffer | undefined, log: ProblemLog, name = sourceName('', '-')): Buffer | undefined {
  if (bytes === undefined) return void log.add(tooLarge(name));
  const text = bytes.subarray(hasBom(bytes) ? 3 : 0);
  const problem = utf8Problem(text, name) ?? blankProblem(text, name, SOURCE);
  if (problem) return void log.add(problem);
  return text;
}

/**
 * Starts checking the source, as a build checks a catalogue (see SourceCheck): `finish` logs
 * its problems and gives its ports, or undefined when it has problems.
 */
export function startSourceCheck(bytes: Buffer, name: string, log: ProblemLog, sharedFrom?: number, keepGoing = false): LoggedCheck {
  return logged(startParallelCheck(sourceKindOf(bytes), bytes, name, { sharedFrom }), log, keepGoing);
}

/** A source without problems, but those of ports it does not describe usably (with `--keep-going`). */
export interface CheckedSource extends Source {
  /** Each such port's problems, each naming its port. */
  unusable: Problem[];
}

interface LoggedCheck {
  finish(): Promise<CheckedSource | undefined>;
  stop(): Promise<void>;
}

// In a function of its own: closures made in one scope share it, and would keep the source's
// bytes alive through the check.
function logged(check: SourceCheck, log: ProblemLog, keepGoing: boolean): LoggedCheck {
  return {
    async finish() {
      const { head, ports, problems, entryProblems } = await check.finish();
      // A port whose own entry has a problem is left out with --keep-going; a problem of the
      // source's layout (a header line, a length, the file cut short) still fails the import.
      const unusable = keepGoing ? problems.filter((problem) => entryProblems.has(problem) && problem.port !== undefined) : [];
      const left = new Set(unusable);
      const others = left.size === 0 ? problems : problems.filter((problem) => !left.has(problem));
      log.addAll(others);
      return others.some((problem) => problem.severity === 'error') ? undefined : { head, ports, unusable };
    },
    stop: () => check.stop(),
  };
}
