/**
 * The source of `ports-gen import`, read and checked: portindex2json's JSON or a native
 * PortIndex, told apart by content, each port as that converter writes it and with its keys in
 * one order (see port-key-order), checked with a build's rules. Problems are logged, located in
 * the source; nothing is returned when there is any.
 */
import path from 'node:path';
import type { IndexPort, PortObject } from '../derive/merge-ports.js';
import type { ProblemLog } from '../problems/problem-log.js';
import { error } from '../problems/problem.js';
import { parseJson, readCatalogueBytes } from '../read/read-json-file.js';
import { hasBom } from '../read/utf8.js';
import { portIndexProblems } from '../validate/validate-portindex.js';
import { indexPort } from './index-port.js';
import { startNativeCheck, type NativeCheck } from './native-source.js';

/** The source: its keys other than `ports` (portindex2json's `info`), and its ports as JSON texts. */
export type Source = { head: Record<string, unknown>; ports: IndexPort[] };

/** How the source is named in problems: as the user gave it, `<stdin>` for `-`. */
export function sourceName(cwd: string, source: string): string {
  return source === '-' ? '<stdin>' : path.relative(cwd, path.resolve(cwd, source)) || source;
}

/**
 * The source file's bytes, or its problem (unreadable, empty) logged. In shared memory: a
 * large native index is read on two threads (see native-source).
 */
export function readSourceFile(cwd: string, source: string, log: ProblemLog): Buffer | undefined {
  const read = readCatalogueBytes(path.resolve(cwd, source), sourceName(cwd, source), true);
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

/**
 * The source being checked: a large native PortIndex on a second thread too, which goes on while
 * this thread does other work (see native-source). `finish` logs its problems and gives its
 * ports, or undefined when it has problems; `stop` ends the checking early (an interrupt).
 */
export interface SourceCheck {
  finish(): Promise<Source | undefined>;
  stop(): Promise<void>;
}

/** Starts checking the source, as a build checks a catalogue; JSON is checked at once. */
export function startSourceCheck(bytes: Buffer, name: string, log: ProblemLog, sharedFrom?: number): SourceCheck {
  return isJsonSource(bytes) ? checkedNow(readJsonSource(bytes, name, log)) : nativeCheck(startNativeCheck(bytes, name, { sharedFrom }), log);
}

// Each in a function of its own: closures made in one scope share it, and would keep the
// source's bytes alive through the check.
const checkedNow = (source: Source | undefined): SourceCheck => ({ finish: async () => source, stop: async () => {} });

function nativeCheck(native: NativeCheck, log: ProblemLog): SourceCheck {
  return {
    async finish() {
      const { ports, problems } = await native.finish();
      log.addAll(problems);
      return problems.some((problem) => problem.severity === 'error') ? undefined : { head: {}, ports };
    },
    stop: () => native.stop(),
  };
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
