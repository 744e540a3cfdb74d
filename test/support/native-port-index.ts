import type { Problem } from '../../src/core/problems/problem.js';
import { findNativeEntries, inLineOrder, readNativeEntry } from '../../src/import/sources/native-port-index.js';

type NativeEntry = Extract<ReturnType<typeof readNativeEntry>, { ok: true }>['entry'];

/** The entries of a native PortIndex and its problems, in line order: found, then read, in one thread. */
export function readNativePortIndex(input: Uint8Array | string, file: string): { entries: NativeEntry[]; problems: Problem[] } {
  const spans = findNativeEntries(input, file);
  const entries: NativeEntry[] = [];
  const problems: Problem[] = [];
  for (let i = 0; i < spans.names.length; i++) {
    const read = readNativeEntry(spans, i, file);
    if (read.ok) entries.push(read.entry);
    else problems.push(read.problem);
  }
  return { entries, problems: inLineOrder(spans.problems, problems) };
}
