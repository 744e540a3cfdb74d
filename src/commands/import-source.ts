/**
 * The source of `ports-gen import`, read and checked: portindex2json's JSON or a native
 * PortIndex, told apart by content, each port as that converter writes it and with its keys in
 * one order (see port-key-order), checked with a build's rules. Problems are logged, located in
 * the source; nothing is returned when there is any.
 */
import path from 'node:path';
import type { IndexPort, PortObject } from '../derive/merge-ports.js';
import { withKeyOrder } from '../derive/port-key-order.js';
import { portFromEntry } from '../derive/portindex-entry.js';
import type { ProblemLog } from '../problems/problem-log.js';
import { error } from '../problems/problem.js';
import { readNativePortIndex } from '../read/native-port-index.js';
import { parseJson, readCatalogueBytes } from '../read/read-json-file.js';
import { hasBom } from '../read/utf8.js';
import { portIndexProblems, portProblems } from '../validate/validate-portindex.js';

/** The source: its keys other than `ports` (portindex2json's `info`), and its ports as JSON texts. */
export type Source = { head: Record<string, unknown>; ports: IndexPort[] };

/**
 * A checked port as the merge takes it: in the one key order (see port-key-order), without
 * `active` (the catalogue's flag, never the index's), as its JSON text.
 */
function indexPort(port: PortObject, inOrder = false): IndexPort {
  const ordered = inOrder ? port : withKeyOrder(port);
  const data = Object.hasOwn(ordered, 'active') ? withoutActive(ordered) : ordered;
  // A copy of the name: V8 keeps a long substring as a view of the string it was cut from, and
  // through it the whole decoded source (twice its size in bytes, for one non-Latin-1 character).
  return { name: Buffer.from(port.name).toString(), text: JSON.stringify(data) };
}

function withoutActive({ active: _dropped, ...data }: PortObject): Record<string, unknown> {
  return data;
}

/** How the source is named in problems: as the user gave it, `<stdin>` for `-`. */
export function sourceName(cwd: string, source: string): string {
  return source === '-' ? '<stdin>' : path.relative(cwd, path.resolve(cwd, source)) || source;
}

/** The source file's bytes, or its problem (unreadable, empty) logged. */
export function readSourceFile(cwd: string, source: string, log: ProblemLog): Buffer | undefined {
  const read = readCatalogueBytes(path.resolve(cwd, source), sourceName(cwd, source));
  if (!read.ok) return void log.addAll(read.problems);
  return read.value;
}

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
export function parseSource(bytes: Buffer, name: string, log: ProblemLog): Source | undefined {
  return isJsonSource(bytes) ? readJsonSource(bytes, name, log) : readNativeSource(bytes, name, log);
}

function readJsonSource(bytes: Buffer, name: string, log: ProblemLog): Source | undefined {
  const parsed = parseJson(hasBom(bytes) ? bytes.subarray(3) : bytes, name);
  if (!parsed.ok) return void log.addAll(parsed.problems);
  const { ports, ...head } = parsed.value as Record<string, unknown>;
  // A name listed twice is the index's to give (the later entry wins): not a problem here.
  log.addAll(portIndexProblems(parsed.value, name));
  if (log.errors > 0) return undefined;
  return { head, ports: (ports as PortObject[]).map((port) => indexPort(port)) };
}

/**
 * A native PortIndex: each entry made into the port object portindex2json would write for it,
 * then checked as the JSON is. The document is what that converter writes without `--info`:
 * `{"ports": [...]}`. Problems name the line of the port's `<name> <length>` line.
 */
function readNativeSource(bytes: Buffer, name: string, log: ProblemLog): Source | undefined {
  const ports: IndexPort[] = [];
  let entries = 0;
  const { problems } = readNativePortIndex(bytes, name, (entry) => {
    entries++;
    const converted = portFromEntry(entry.elements);
    if (!converted.ok) {
      log.add({ ...error('invalid-value', name, { line: entry.line, path: converted.key }, converted.message), port: entry.name });
      return;
    }
    // Checked and made text at once: only the text is kept (see merge-ports).
    const found = portProblems(converted.port, name, (path) => (path ? { line: entry.line, path } : { line: entry.line }));
    for (const problem of found) log.add({ ...problem, port: problem.port ?? entry.name });
    if (found.length === 0) ports.push(indexPort(converted.port as PortObject, true)); // made in the one key order
  });
  log.addAll(problems);
  if (entries === 0 && problems.length === 0) {
    log.add(error('no-ports', name, {}, 'expected at least one port entry ("<name> <length>" and its data), found none'));
  }
  return log.errors > 0 ? undefined : { head: {}, ports };
}
