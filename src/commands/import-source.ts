/**
 * The source of `ports-gen import`, read and checked: portindex2json's JSON or a native
 * PortIndex, told apart by content, each port as that converter writes it and with its keys in
 * one order (see port-key-order), checked with a build's rules. Problems are logged, located in
 * the source; nothing is returned when there is any.
 */
import { isAscii } from 'node:buffer';
import path from 'node:path';
import type { IndexPort, PortObject } from '../derive/merge-ports.js';
import type { ProblemLog } from '../problems/problem-log.js';
import { error, type Problem } from '../problems/problem.js';
import { parseJson, readCatalogueBytes } from '../read/read-json-file.js';
import { hasBom } from '../read/utf8.js';
import { splitPortIndex } from '../read/split-port-index.js';
import { portIndexProblems, portIndexTopProblems, portProblems } from '../validate/validate-portindex.js';
import { below } from '../validate/zod-problems.js';
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

/**
 * portindex2json's JSON, read a port at a time where the document splits into its ports (see
 * split-port-index), so that its objects are never all alive at once (several times the
 * document's size); read whole otherwise, which also locates a syntax error.
 */
function readJsonSource(bytes: Buffer, name: string, log: ProblemLog): Source | undefined {
  const body = hasBom(bytes) ? bytes.subarray(3) : bytes;
  const read = readJsonByPort(body, name, false) ?? readJsonByPort(body, name, true) ?? readJsonWhole(body, name);
  log.addAll(read.problems);
  return log.errors > 0 ? undefined : read.source;
}

type JsonRead = { source: Source; problems: Problem[] };

/**
 * The document port by port, with the problems the whole document would have, in its order;
 * undefined when it does not split, or a port's text is not JSON (its end may have been guessed
 * from the layout: `exact` splits without guessing).
 */
function readJsonByPort(body: Buffer, name: string, exact: boolean): JsonRead | undefined {
  const parts = splitPortIndex(body, exact);
  if (!parts) return undefined;
  let skeleton: Record<string, unknown>;
  try {
    skeleton = JSON.parse(parts.skeleton) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const problems = portIndexTopProblems(skeleton, name);
  const { ports: _emptied, ...head } = skeleton;
  const source: Source = { head, ports: [] };
  if (problems.length > 0) return { source, problems };
  // An ASCII document (the usual) is decoded as Latin-1: the same text, without UTF-8's checks.
  const encoding = isAscii(body) ? 'latin1' : 'utf8';
  for (const [index, [start, end]] of parts.elements.entries()) {
    let port: unknown;
    try {
      port = JSON.parse(body.toString(encoding, start, end));
    } catch {
      return undefined;
    }
    const found = portProblems(port, name, (path) => ({ path: below(`ports[${index}]`, path) }));
    problems.push(...found);
    if (found.length === 0) source.ports.push(indexPort(port as PortObject));
  }
  // The emptied array said nothing of its ports: none is a problem of its own.
  if (parts.elements.length === 0) problems.push(error('no-ports', name, { path: 'ports' }, 'expected at least one port, found an empty array'));
  return { source, problems };
}

function readJsonWhole(body: Buffer, name: string): JsonRead {
  const parsed = parseJson(body, name);
  if (!parsed.ok) return { source: { head: {}, ports: [] }, problems: parsed.problems };
  const { ports, ...head } = parsed.value as Record<string, unknown>;
  // A name listed twice is the index's to give (the later entry wins): not a problem here.
  const problems = portIndexProblems(parsed.value, name);
  const checked = problems.length === 0 ? (ports as PortObject[]).map((port) => indexPort(port)) : [];
  return { source: { head, ports: checked }, problems };
}
