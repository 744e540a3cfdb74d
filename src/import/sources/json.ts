/**
 * portindex2json's JSON as an import source: split into its ports where it splits (see
 * split-port-index), each port parsed, checked with a build's rules and made text on its own,
 * so that the document's objects are never all alive at once (several times its size), on two
 * threads when it is large (see parallel-check). A port's text that is not JSON, or a document
 * that does not split, is parsed whole as a build parses it (see parseWholePortIndex), which
 * locates a syntax error.
 */
import { isAscii } from 'node:buffer';
import type { Problem } from '../../core/problems/problem.js';
import type { PortObject } from '../../derive/merge-ports.js';
import { splitPortIndex } from '../../catalogue/portindex/split-port-index.js';
import { isPortSyntaxError, parsePort, parseSkeleton, parseWholePortIndex, type PortIndexDocument } from '../../catalogue/portindex/read-port-index.js';
import { noPorts, portIndexTopProblems, portProblems } from '../../catalogue/records/validate-portindex.js';
import { below } from '../../catalogue/records/zod-problems.js';
import { hasBom } from '../../catalogue/utf8.js';
import { indexPort } from './index-port.js';
import type { CheckedEntries, EntrySpans, ImportSource, SourceRead } from './source-kind.js';

/** The ports' texts found, and the document's other keys. */
interface JsonSpans extends EntrySpans {
  head: Record<string, unknown>;
}

export const json: ImportSource<JsonSpans> = {
  kind: 'json',
  sniff: isJsonSource,
  find: findPorts,
  check: checkJsonEntries,
  join: joinJsonEntries,
};

/** Told apart by content: its first character other than white space (after a byte-order mark) is `{` or `[`. */
function isJsonSource(bytes: Uint8Array): boolean {
  for (let i = hasBom(bytes) ? 3 : 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x20 || (byte >= 0x09 && byte <= 0x0d)) continue;
    return byte === 0x7b || byte === 0x5b;
  }
  return false;
}

/**
 * Where the ports' texts are, the document's other keys
 * checked; the problems of those keys, or of an empty `ports`, are the source's. A document
 * that does not split is read again.
 */
function findPorts(bytes: Uint8Array, file: string): { entries: JsonSpans } | { read: SourceRead } {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).subarray(hasBom(bytes) ? 3 : 0);
  const parts = splitPortIndex(body);
  const skeleton = parts && parseSkeleton(parts.skeleton);
  if (!parts || skeleton === undefined) return { read: readAgain(body, file) };
  const { head, problems } = checkHead(skeleton, () => parts.elements.length, file);
  if (problems.length > 0) return { read: { head, ports: [], problems, entryProblems: new Set() } };
  return { entries: { body, names: [], lines: [], starts: parts.elements.map(([start]) => start), ends: parts.elements.map(([, end]) => end), head } };
}

/** Ports `from` to `to` (not included); `unparsable` as soon as one's text is not JSON. */
function checkJsonEntries({ body, starts, ends }: EntrySpans, from: number, to: number, file: string): CheckedEntries {
  if (from >= to) return { ports: [], problems: [] };
  // ASCII text (the usual) is decoded as Latin-1: the same text, without UTF-8's checks.
  const encoding = isAscii(body.subarray(starts[from], ends[to - 1])) ? 'latin1' : 'utf8';
  try {
    return checkPorts((index) => parsePort(body.toString(encoding, starts[index], ends[index])), from, to, file);
  } catch (cause) {
    if (!isPortSyntaxError(cause)) throw cause;
    return { ports: [], problems: [], unparsable: true };
  }
}

/** The ports taken (`take` throws a PortSyntaxError for one that is not JSON), checked and made text in the one key order. */
function checkPorts(take: (index: number) => unknown, from: number, to: number, file: string): CheckedEntries {
  const checked: CheckedEntries = { ports: [], problems: [] };
  for (let index = from; index < to; index++) {
    const port = take(index);
    const found = portProblems(port, file, (path) => ({ path: below(`ports[${index}]`, path) }));
    checked.problems.push(...found);
    if (found.length === 0) checked.ports.push(indexPort(port as PortObject));
  }
  return checked;
}

function joinJsonEntries(spans: JsonSpans, chunks: CheckedEntries[], file: string): SourceRead {
  // A port that is not JSON: the document parsed whole, which says where.
  if (chunks.some((chunk) => chunk.unparsable)) return readAgain(spans.body, file);
  const problems = chunks.flatMap((chunk) => chunk.problems);
  return { head: spans.head, ports: chunks.flatMap((chunk) => chunk.ports), problems, entryProblems: new Set(problems) };
}

/** The document parsed whole, as a build parses one it cannot split, which locates a syntax error. */
function readAgain(body: Buffer, file: string): SourceRead {
  const read = parseWholePortIndex(body, file);
  return read.ok ? checkDocument(read.value, file) : { head: {}, ports: [], problems: read.problems, entryProblems: new Set() };
}

/** The document's other keys checked, then its ports, taken one at a time when it was split. */
function checkDocument({ document, entries }: PortIndexDocument, file: string): SourceRead {
  const { ports } = document as { ports: unknown[] };
  const count = () => entries?.count ?? ports.length;
  const { head, problems } = checkHead(document, count, file);
  if (problems.length > 0) return { head, ports: [], problems, entryProblems: new Set() };
  // A name listed twice is the index's to give (the later entry wins): not a problem here.
  const checked = checkPorts(entries ? entries.take : (index) => ports[index], 0, count(), file);
  return { head, ports: checked.ports, problems: checked.problems, entryProblems: new Set(checked.problems) };
}

/** The document's keys but `ports`, and their problems, or that of a `ports` of none (`count` of them). */
function checkHead(document: unknown, count: () => number, file: string): { head: Record<string, unknown>; problems: Problem[] } {
  const problems = portIndexTopProblems(document, file);
  // An emptied array says nothing of its ports: none is a problem of its own.
  if (problems.length === 0 && count() === 0) problems.push(noPorts(file));
  const { ports: _ports, ...head } = document as Record<string, unknown>;
  return { head, problems };
}
