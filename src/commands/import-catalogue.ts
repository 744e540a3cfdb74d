import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mergePorts, type ImportChanges, type PortObject } from '../derive/merge-ports.js';
import { ProblemLog } from '../problems/problem-log.js';
import { withKeyOrderAll } from '../derive/port-key-order.js';
import { portFromEntry } from '../derive/portindex-entry.js';
import { error, type Problem } from '../problems/problem.js';
import { readNativePortIndex } from '../read/native-port-index.js';
import { parseJson, readCatalogueBytes } from '../read/read-json-file.js';
import { hasBom } from '../read/utf8.js';
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

type Source = { document: Record<string, unknown>; ports: PortObject[] };

/**
 * Whether the source is JSON (portindex2json's) rather than a native PortIndex: told apart by
 * content, its first character other than white space (after a byte-order mark) being `{` or `[`.
 */
export function isJsonSource(bytes: Uint8Array): boolean {
  for (let i = hasBom(bytes) ? 3 : 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x20 || (byte >= 0x09 && byte <= 0x0d)) continue;
    return byte === 0x7b || byte === 0x5b;
  }
  return false;
}

/** The source's ports, checked as a build checks a catalogue's; undefined when it has problems. */
function readSource(options: ImportOptions, log: ProblemLog): Source | undefined {
  const name = options.source === '-' ? '<stdin>' : path.relative(options.cwd, path.resolve(options.cwd, options.source)) || options.source;
  let bytes: Buffer;
  if (options.source === '-') {
    bytes = (options.stdin ?? (() => readFileSync(0)))();
  } else {
    const read = readCatalogueBytes(path.resolve(options.cwd, options.source), name);
    if (!read.ok) return void log.addAll(read.problems);
    bytes = read.value;
  }
  const source = isJsonSource(bytes) ? readJsonSource(bytes, name, log) : readNativeSource(bytes, name, log);
  // One key order whatever the source's (see port-key-order).
  return source && { document: source.document, ports: withKeyOrderAll(source.ports) };
}

function readJsonSource(bytes: Buffer, name: string, log: ProblemLog): Source | undefined {
  const parsed = parseJson(hasBom(bytes) ? bytes.subarray(3) : bytes, name);
  if (!parsed.ok) return void log.addAll(parsed.problems);
  const document = parsed.value as Record<string, unknown>;
  const ports = Array.isArray(document?.ports) ? (structuredClone(document.ports) as PortObject[]) : [];
  // A name listed twice is the index's to give (the later entry wins): not a problem here.
  log.addAll(validatePortIndex(document, name).problems.filter((problem) => problem.code !== 'duplicate-name'));
  return log.errors > 0 ? undefined : { document, ports };
}

/**
 * A native PortIndex: each entry made into the port object portindex2json would write for it,
 * then checked as the JSON is. The document is what that converter writes without `--info`:
 * `{"ports": [...]}`. Problems name the line of the port's `<name> <length>` line.
 */
function readNativeSource(bytes: Buffer, name: string, log: ProblemLog): Source | undefined {
  const { entries, problems } = readNativePortIndex(bytes, name);
  log.addAll(problems);
  if (entries.length === 0 && problems.length === 0) {
    log.add(error('no-ports', name, {}, 'expected at least one port entry ("<name> <length>" and its data), found none'));
  }
  const ports: PortObject[] = [];
  const lines: number[] = [];
  const names: string[] = [];
  for (const entry of entries) {
    const converted = portFromEntry(entry.elements);
    if (!converted.ok) {
      log.add({ ...error('invalid-value', name, { line: entry.line, path: converted.key }, converted.message), port: entry.name });
      continue;
    }
    ports.push(converted.port as PortObject);
    lines.push(entry.line);
    names.push(entry.name);
  }
  if (ports.length > 0) {
    const checked = validatePortIndex({ ports: structuredClone(ports) }, name).problems;
    for (const problem of checked) {
      if (problem.code === 'duplicate-name') continue;
      log.add(atEntryLine(problem, lines, names));
    }
  }
  return log.errors > 0 ? undefined : { document: { ports }, ports };
}

/** A problem at `ports[i]...` of the converted ports, located at entry i's line instead. */
function atEntryLine(problem: Problem, lines: readonly number[], names: readonly string[]): Problem {
  const match = /^ports\[(\d+)\]\.?(.*)$/.exec(problem.location.path ?? '');
  if (!match) return problem;
  const index = Number(match[1]);
  const location = match[2] ? { line: lines[index]!, path: match[2] } : { line: lines[index]! };
  return { ...problem, location, port: problem.port ?? names[index]! };
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
