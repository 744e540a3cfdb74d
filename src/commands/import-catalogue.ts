import { closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentDigest, contentHash } from '../content-hash.js';
import { mergePorts, type CataloguePort, type ImportChanges, type PortObject } from '../derive/merge-ports.js';
import { Interrupted } from '../problems/interrupted.js';
import { MachineFault } from '../problems/machine-fault.js';
import { UsageError } from '../problems/usage-error.js';
import { ProblemLog } from '../problems/problem-log.js';
import { error, type Problem } from '../problems/problem.js';
import { canonicalPort } from '../read/canonical-port-line.js';
import { parseJson, readCatalogueBytes } from '../read/read-json-file.js';
import { silentProgress, type Progress } from '../report/progress.js';
import { eachChunk, writeAll } from './chunks.js';
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
}

export interface ImportResult {
  ok: boolean;
  log: ProblemLog;
  changes: ImportChanges | undefined;
  /** Whether portindex.json was written (not on a dry run, nor when nothing changed). */
  wrote: boolean;
}

/**
 * The catalogue as it is now: its ports, and the content hash of its bytes (which are not kept:
 * a catalogue written again is told unchanged by its hash); no ports before the first import.
 */
function readCatalogue(file: string, name: string, log: ProblemLog): { ports: CataloguePort[]; hash?: string } | undefined {
  if (!existsSync(file)) return { ports: [] };
  const read = readCatalogueBytes(file, name);
  if (!read.ok) return void log.addAll(read.problems);
  const ports = catalogueLines(read.value) ?? catalogueDocument(read.value, name, log);
  return ports && { ports, hash: contentHash(read.value) };
}

/** A catalogue port from its object: its text as the merge compares it (JSON.stringify's). */
const cataloguePort = (port: PortObject): CataloguePort => ({ name: port.name, active: port.active !== false, text: JSON.stringify(port) });

/**
 * The ports of a catalogue in the layout catalogueParts writes (the head, one port a line, the
 * end), read a line at a time so that no two copies of every port are held at once; undefined
 * when the file is laid out otherwise (edited by hand), which is then read whole.
 */
function catalogueLines(bytes: Buffer): CataloguePort[] | undefined {
  // Each line decoded alone: the file decoded whole would be one string of two bytes a
  // character as soon as one port has a character beyond Latin-1.
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; ) {
    const end = bytes.indexOf(0x0a, at);
    if (end === -1) return undefined; // the layout ends with a line break
    lines.push(bytes.toString('utf8', at, end));
    at = end + 1;
  }
  if (lines.at(-1) !== ']}' || !lines[0]?.endsWith('"ports":[')) return undefined;
  const ports: CataloguePort[] = [];
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const last = i === lines.length - 2;
    if (last === line.endsWith(',')) return undefined;
    const text = last ? line : line.slice(0, -1);
    // A line as the import writes it is its own text: not parsed and written again.
    const canonical = canonicalPort(text);
    if (canonical) {
      ports.push({ ...canonical, text });
      continue;
    }
    let port: unknown;
    try {
      port = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (typeof port !== 'object' || port === null || typeof (port as PortObject).name !== 'string') return undefined;
    ports.push(cataloguePort(port as PortObject));
  }
  return ports;
}

/** The ports of a catalogue read whole. */
function catalogueDocument(bytes: Buffer, name: string, log: ProblemLog): CataloguePort[] | undefined {
  const parsed = parseJson(bytes, name);
  if (!parsed.ok) return void log.addAll(parsed.problems);
  const ports = (parsed.value as { ports?: unknown } | null)?.ports;
  if (!Array.isArray(ports)) return void log.add(error('invalid-type', name, { path: 'ports' }, 'expected an array of ports'));
  return (ports as PortObject[]).map(cataloguePort);
}

/**
 * portindex.json's text, a part at a time: the index's other keys, then one port a line (small
 * diffs, fast reads), then the end. Never joined: the catalogue is hashed and written through
 * one small buffer (see eachChunk), and a single port's non-Latin-1 character would make one
 * joined string take two bytes a character.
 */
export function* catalogueParts(head: Record<string, unknown>, portTexts: readonly string[]): Iterable<string> {
  const start = JSON.stringify(head).slice(0, -1);
  yield `${start}${start === '{' ? '' : ','}"ports":[\n`;
  for (let i = 0; i < portTexts.length; i++) yield i < portTexts.length - 1 ? `${portTexts[i]},\n` : `${portTexts[i]}\n`;
  yield ']}\n';
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
 * The catalogue directory, made when it is new: its last level only, so that a mistyped path
 * makes no tree, and never with `mkdir -p`, which spins for ever on a file system that makes no
 * directories (/proc). What stands in the way is the user's to fix: one line, exit 2.
 */
function makeCatalogueDirectory(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      const parent = path.dirname(dir);
      if (!statSync(parent, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`cannot make the catalogue ${dir}: its directory ${parent} does not exist (or is a link to nowhere); make it first`);
      throw new MachineFault(`cannot make the catalogue ${dir}: its file system makes no new directories (ENOENT); choose another --catalogue`);
    }
    if (code !== 'EEXIST') throw cause;
  }
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`the catalogue ${dir} is not a directory (or is a link to nowhere): choose another --catalogue`);
}

/**
 * The temporary files of imports that were killed before their rename (`portindex.json.<pid>.tmp`,
 * their process gone), so that none piles up or is committed with the catalogue. A live
 * process's file is another import's, still writing: left alone.
 */
function removeDeadTemporaries(file: string): void {
  const pattern = new RegExp(`^${path.basename(file).replace(/\./g, '\\.')}\\.([0-9]+)\\.tmp$`);
  for (const name of readdirSync(path.dirname(file))) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isRunning(pid)) rmSync(path.join(path.dirname(file), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM'; // there, and another user's
  }
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
  let read = options.source === '-' ? checkPipedSource(await unlessInterrupted(options.stdin ? options.stdin() : readStdin(signal), signal), log) : readSourceFile(options.cwd, options.source, log);
  await checkpoint(signal);
  progress.phase('checking the ports');
  const checking = read && startSourceCheck(read, sourceName(options.cwd, options.source), log, options.sharedFrom, options.keepGoing);
  read = undefined; // a local lives across the awaits below
  let source: CheckedSource | undefined;
  const catalogueLog = new ProblemLog();
  let existing: ReturnType<typeof readCatalogue>;
  try {
    // A large source is checked on a second thread meanwhile (see shared-check).
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
    if (digest.digest() === existing.hash) return { ok: true, log, changes, wrote: false };
  }
  await checkpoint(signal);

  progress.phase(`writing ${name}`);
  const temporary = `${file}.${process.pid}.tmp`;
  makeCatalogueDirectory(path.dirname(file));
  removeDeadTemporaries(file);
  try {
    const fd = openSync(temporary, 'wx');
    try {
      eachChunk(parts(), (chunk) => void writeAll(fd, chunk, null, temporary));
    } finally {
      closeSync(fd);
    }
    await checkpoint(signal);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  return { ok: true, log, changes, wrote: true };
}
