import path from 'node:path';
import { contentDigest } from '../core/content-hash.js';
import { changeRecord } from '../derive/change-record.js';
import { mergePorts, type CataloguePort, type ImportChanges } from '../derive/merge-ports.js';
import { Interrupted } from '../core/problems/interrupted.js';
import { ProblemLog } from '../core/problems/problem-log.js';
import type { Problem } from '../core/problems/problem.js';
import { silentProgress, type Progress } from '../core/progress.js';
import { makeCatalogueDirectory } from './catalogue-directory.js';
import { catalogueParts, readCatalogue } from './catalogue-text.js';
import { appendChange, isoDate } from '../catalogue/change-log.js';
import { isUrl } from './fetch-source.js';
import { saveValidators } from './source-validators.js';
import { checkSourceSignature, HTTP_DEFAULTS, readRemoteSource, type HttpOptions, type SourceSignature } from './remote-source.js';
import { eachChunk } from '../core/chunks.js';
import { startReplacing, writeAll } from '../core/fs.js';
import { checkPipedSource, readSourceFile, sourceName, SOURCE_LIMIT, startSourceCheck, type CheckedSource } from './import-source.js';

export interface ImportOptions {
  cwd: string;
  /** The source: a file, or `-` for standard input. */
  source: string;
  catalogue: string;
  /** Report what would change, write nothing. */
  dryRun: boolean;
  /** A port the source does not describe usably keeps its entry, with a warning, instead of failing the import. */
  keepGoing?: boolean;
  /** Standard input, when the source is `-` (read whole; an interrupt stops the wait). */
  stdin?: () => Promise<Buffer>;
  /** Sources of this many bytes or more are checked on two threads (tests lower it). */
  sharedFrom?: number;
  /** Aborted with a signal's name (Ctrl-C): the import stops, writes nothing, throws Interrupted. */
  signal?: AbortSignal;
  progress?: Progress;
  /** The import's date in the record of changes (see change-log), ISO 8601 in UTC; now when not given. */
  date?: string;
  /** A URL source's tries and timeouts (see remote-source). */
  http?: HttpOptions;
  /** The signature the source must carry, checked before it is parsed. */
  signature?: SourceSignature;
}

export interface ImportResult {
  ok: boolean;
  log: ProblemLog;
  changes: ImportChanges | undefined;
  /** Whether portindex.json was written (not on a dry run, nor when nothing changed). */
  wrote: boolean;
  /** A URL source the server said had not changed since the last import of it (HTTP 304). */
  notModified?: boolean;
}

/** `--keep-going`: each problem of a port left out of the import, as a warning that says what became of the port. */
function keptWarnings(unusable: readonly Problem[], existing: readonly CataloguePort[]): Problem[] {
  const known = new Set(existing.map((port) => port.name.toLowerCase()));
  return unusable.map((problem) => ({
    ...problem,
    code: 'port-kept',
    severity: 'warning',
    message: `${problem.message} [${problem.code}]: ${known.has(problem.port!.toLowerCase()) ? 'the port keeps its previous entry, neither updated nor retired' : 'the port, new, is left out'} (--keep-going)`,
  }));
}

/**
 * Standard input, whole; closed on an interrupt, which must not wait for its writer to end, and
 * past SOURCE_LIMIT bytes (undefined then): a pipe from /dev/zero would otherwise fill memory.
 */
async function readStdin(signal: AbortSignal | undefined): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  const close = () => process.stdin.destroy();
  signal?.addEventListener('abort', close, { once: true });
  try {
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > SOURCE_LIMIT) {
        close();
        return undefined;
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    signal?.removeEventListener('abort', close);
  }
  return Buffer.concat(chunks);
}

/**
 * Between two steps: lets a signal's handler run, and stops the import if it was interrupted.
 * Each step is synchronous and short (a second at most at MacPorts' scale).
 */
async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  await new Promise(setImmediate);
  if (signal?.aborted) throw new Interrupted(signal.reason as NodeJS.Signals);
}

/** Resolves with `work`, or rejects with Interrupted as soon as `signal` aborts (waiting on a pipe). */
function unlessInterrupted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Interrupted(signal.reason as NodeJS.Signals));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * `ports-gen import`: the source merged into `<catalogue>/portindex.json` (see merge-ports),
 * written whole beside it and renamed over it, only when the source has no problem. An
 * interrupt stops it between steps, before the rename: the catalogue is the one it was.
 */
export async function importCatalogue(options: ImportOptions): Promise<ImportResult> {
  const { signal, progress = silentProgress } = options;
  const log = new ProblemLog();
  const file = path.resolve(options.cwd, options.catalogue, 'portindex.json');
  const name = path.relative(options.cwd, file) || 'portindex.json';
  const failed = (): ImportResult => ({ ok: false, log, changes: undefined, wrote: false });

  progress.phase(`reading ${sourceName(options.cwd, options.source)}`);
  const http = options.http ?? HTTP_DEFAULTS;
  const remote = isUrl(options.source) ? await readRemoteSource(options.source, path.dirname(file), http, progress, signal) : undefined;
  if (remote?.notModified) return { ok: true, log, changes: undefined, wrote: false, notModified: true };
  let read = remote
    ? remote.bytes
    : options.source === '-'
      ? await unlessInterrupted(options.stdin ? options.stdin() : readStdin(signal), signal)
      : readSourceFile(options.cwd, options.source, log);
  // The bytes as they came, signed: checked before any of them is parsed.
  if (read && options.signature && !(await checkSourceSignature(read, sourceName(options.cwd, options.source), options.signature, options.cwd, http, progress, log, signal))) return failed();
  if (remote || options.source === '-') read = checkPipedSource(read, log, sourceName(options.cwd, options.source));
  await checkpoint(signal);
  progress.phase('checking the ports');
  const checking = read && startSourceCheck(read, sourceName(options.cwd, options.source), log, options.sharedFrom, options.keepGoing);
  read = undefined; // a local lives across the awaits below
  let source: CheckedSource | undefined;
  const catalogueLog = new ProblemLog();
  let existing: ReturnType<typeof readCatalogue>;
  try {
    // A large source is checked on a second thread meanwhile (see parallel-check).
    progress.phase(`reading ${name}`);
    existing = readCatalogue(file, name, catalogueLog);
    await checkpoint(signal);
    progress.phase('checking the ports');
    // An interrupt need not wait for the other thread's chunks.
    source = checking && (await unlessInterrupted(checking.finish(), signal));
  } finally {
    await checking?.stop();
  }
  // The source's problems first, as found in it, then the catalogue's.
  log.addAll(catalogueLog.kept);
  if (!source || !existing) return failed();
  await checkpoint(signal);

  progress.phase('merging');
  const unusable = new Set(source.unusable.map((problem) => problem.port!.toLowerCase()));
  const { texts, changes } = mergePorts(existing.ports, source.ports, unusable);
  log.addAll(keptWarnings(source.unusable, existing.ports));
  const parts = () => catalogueParts(source.head, texts);
  if (options.dryRun) return { ok: true, log, changes, wrote: false };
  // A port added, changed, retired or returned changes the file; otherwise its bytes tell.
  const portsSame = changes.added.length + changes.updated.length + changes.retired.length + changes.returned.length === 0;
  if (existing.hash !== undefined && portsSame) {
    const digest = contentDigest();
    eachChunk(parts(), (chunk) => digest.update(chunk));
    if (digest.digest() === existing.hash) {
      if (remote) saveValidators(path.dirname(file), options.source, remote.validators);
      return { ok: true, log, changes, wrote: false };
    }
  }
  await checkpoint(signal);

  progress.phase(`writing ${name}`);
  makeCatalogueDirectory(path.dirname(file));
  const replacement = startReplacing(file);
  try {
    eachChunk(parts(), (chunk) => void writeAll(replacement.fd, chunk, null, replacement.temporary));
    await checkpoint(signal);
    replacement.commit();
    // Once the catalogue is the new one: a record never tells of a change that was not made.
    const record = changeRecord(existing.ports, texts, changes, options.date ?? isoDate(new Date()), source.head.info);
    if (record) appendChange(path.dirname(file), record);
    if (remote) saveValidators(path.dirname(file), options.source, remote.validators);
  } finally {
    replacement.discard();
  }
  return { ok: true, log, changes, wrote: true };
}
