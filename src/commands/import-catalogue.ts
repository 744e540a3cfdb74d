import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mergePorts, type ImportChanges, type PortObject } from '../derive/merge-ports.js';
import { ProblemLog } from '../problems/problem-log.js';
import { error } from '../problems/problem.js';
import { UsageError } from '../problems/usage-error.js';
import { parseJson, readCatalogueBytes } from '../read/read-json-file.js';
import { validatePortIndex } from '../validate/validate-portindex.js';

export interface ImportOptions {
  cwd: string;
  /** The source: a file, or `-` for standard input. */
  source: string;
  catalogue: string;
  /** Report what would change, write nothing. */
  dryRun: boolean;
  /** Standard input, when the source is `-`. */
  stdin?: () => Buffer;
}

export interface ImportResult {
  ok: boolean;
  log: ProblemLog;
  changes: ImportChanges | undefined;
  /** Whether portindex.json was written (not on a dry run, nor when nothing changed). */
  wrote: boolean;
}

/** The source's ports, checked as a build checks a catalogue's; undefined when it has problems. */
function readSource(options: ImportOptions, log: ProblemLog): { document: Record<string, unknown>; ports: PortObject[] } | undefined {
  const name = options.source === '-' ? '<stdin>' : path.relative(options.cwd, path.resolve(options.cwd, options.source)) || options.source;
  let bytes: Buffer;
  if (options.source === '-') {
    bytes = (options.stdin ?? (() => readFileSync(0)))();
  } else {
    const read = readCatalogueBytes(path.resolve(options.cwd, options.source), name);
    if (!read.ok) return void log.addAll(read.problems);
    bytes = read.value;
  }
  if (!/^\s*[{[]/.test(bytes.subarray(0, 64).toString('latin1'))) {
    // MacPorts' own PortIndex is Tcl text: convert it with portindex2json for now.
    throw new UsageError(`${name} is not JSON: only portindex2json's JSON is imported so far (run portindex2json on a native PortIndex first)`);
  }
  const parsed = parseJson(bytes, name);
  if (!parsed.ok) return void log.addAll(parsed.problems);
  const document = parsed.value as Record<string, unknown>;
  const ports = Array.isArray(document?.ports) ? (structuredClone(document.ports) as PortObject[]) : [];
  // A name listed twice is the index's to give (the later entry wins): not a problem here.
  log.addAll(validatePortIndex(document, name).problems.filter((problem) => problem.code !== 'duplicate-name'));
  return log.errors > 0 ? undefined : { document, ports };
}

/** The catalogue's ports as they are now; none before the first import. */
function readCatalogue(file: string, name: string, log: ProblemLog): PortObject[] | undefined {
  if (!existsSync(file)) return [];
  const read = readCatalogueBytes(file, name);
  if (!read.ok) return void log.addAll(read.problems);
  const parsed = parseJson(read.value, name);
  if (!parsed.ok) return void log.addAll(parsed.problems);
  const ports = (parsed.value as { ports?: unknown } | null)?.ports;
  if (!Array.isArray(ports)) return void log.add(error('invalid-type', name, { path: 'ports' }, 'expected an array of ports'));
  return ports as PortObject[];
}

/** portindex.json's text: the index's other keys, then one port a line (small diffs, fast reads). */
export function renderCatalogue(document: Record<string, unknown>, ports: readonly PortObject[]): string {
  const { ports: _replaced, ...rest } = document;
  const head = JSON.stringify(rest).slice(0, -1);
  return `${head}${head === '{' ? '' : ','}"ports":[\n${ports.map((port) => JSON.stringify(port)).join(',\n')}\n]}\n`;
}

/**
 * `ports-gen import`: the source merged into `<catalogue>/portindex.json` (see merge-ports),
 * written whole beside it and renamed over it, only when the source has no problem.
 */
export function importCatalogue(options: ImportOptions): ImportResult {
  const log = new ProblemLog();
  const file = path.resolve(options.cwd, options.catalogue, 'portindex.json');
  const name = path.relative(options.cwd, file) || 'portindex.json';
  const source = readSource(options, log);
  const existing = readCatalogue(file, name, log);
  if (!source || !existing) return { ok: false, log, changes: undefined, wrote: false };
  const { ports, changes } = mergePorts(existing, source.ports);
  const text = renderCatalogue(source.document, ports);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (options.dryRun || text === current) return { ok: true, log, changes, wrote: false };
  const temporary = `${file}.${process.pid}.tmp`;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  return { ok: true, log, changes, wrote: true };
}
