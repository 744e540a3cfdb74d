/**
 * MacPorts' native PortIndex as an import source: its entries found on this thread (cheap: the
 * header lines and a count of characters, see native-port-index), then each entry's list read,
 * made into portindex2json's port object and checked with a build's rules, the import's main
 * cost, which two threads share when the index is large (see parallel-check).
 */
import { error } from '../../core/problems/problem.js';
import type { PortObject } from '../../derive/merge-ports.js';
import { portProblems } from '../../catalogue/records/validate-portindex.js';
import { indexPort } from './index-port.js';
import { findNativeEntries, inLineOrder, readNativeEntry, type NativeSpans } from './native-port-index.js';
import { portFromEntry } from './portindex-entry.js';
import type { CheckedEntries, EntrySpans, ImportSource, SourceRead } from './source-kind.js';

export const native: ImportSource<NativeSpans> = {
  kind: 'native',
  // It has no mark of its own: it is whatever no other kind claims (see SOURCE_KINDS).
  sniff: () => true,
  find: (bytes, file) => ({ entries: findEntries(bytes, file) }),
  check: checkNativeEntries,
  join: joinNativeEntries,
};

/**
 * Where the entries are, with the problems of finding them. The document is what portindex2json
 * writes without `--info`: `{"ports": [...]}`.
 */
function findEntries(bytes: Uint8Array, file: string): NativeSpans {
  const spans = findNativeEntries(bytes, file);
  if (spans.names.length === 0 && spans.problems.length === 0) spans.problems.push(error('no-ports', file, {}, 'expected at least one port entry ("<name> <length>" and its data), found none'));
  return spans;
}

/** Entries `from` to `to` (not included), read and checked; pure. */
function checkNativeEntries(spans: EntrySpans, from: number, to: number, file: string): CheckedEntries {
  const checked: CheckedEntries = { ports: [], problems: [] };
  for (let index = from; index < to; index++) {
    const read = readNativeEntry(spans, index, file);
    if (!read.ok) {
      checked.problems.push(read.problem);
      continue;
    }
    const { name, line, elements } = read.entry;
    const converted = portFromEntry(elements);
    if (!converted.ok) {
      checked.problems.push({ ...error('invalid-value', file, { line, path: converted.key }, converted.message), port: name });
      continue;
    }
    const found = portProblems(converted.port, file, (path) => (path ? { line, path } : { line }));
    for (const problem of found) checked.problems.push({ ...problem, port: problem.port ?? name });
    if (found.length === 0) checked.ports.push(indexPort(converted.port as PortObject, true)); // made in the one key order
  }
  return checked;
}

/** The chunks' ports in order, and their problems with those of finding the entries, in line order. */
function joinNativeEntries(spans: NativeSpans, chunks: CheckedEntries[]): SourceRead {
  const ofEntries = chunks.flatMap((chunk) => chunk.problems);
  return { head: {}, ports: chunks.flatMap((chunk) => chunk.ports), problems: inLineOrder(spans.problems, ofEntries), entryProblems: new Set(ofEntries) };
}
