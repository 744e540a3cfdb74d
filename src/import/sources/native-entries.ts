/**
 * Native PortIndex entries made into the ports the merge takes: each entry's list read, made
 * into portindex2json's port object and checked with a build's rules. Done for a range of
 * entries, so that two threads can share a large index (see native-source); pure.
 */
import type { PortObject } from '../../derive/merge-ports.js';
import { portFromEntry } from './portindex-entry.js';
import { error } from '../../core/problems/problem.js';
import { readNativeEntry, type NativeBodies } from './native-port-index.js';
import { portProblems } from '../../catalogue/records/validate-portindex.js';
import { indexPort } from './index-port.js';
import type { CheckedEntries } from './source-check.js';

/** Entries `from` to `to` (not included) of `bodies`, read and checked. */
export function checkNativeEntries(bodies: NativeBodies, from: number, to: number, file: string): CheckedEntries {
  const checked: CheckedEntries = { ports: [], problems: [] };
  for (let index = from; index < to; index++) {
    const read = readNativeEntry(bodies, index, file);
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
