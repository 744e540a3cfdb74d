/**
 * A native PortIndex checked as the source of `ports-gen import`: its entries found on this
 * thread (cheap), then read and checked (the import's main cost), on two threads when the
 * index is large (see shared-check).
 */
import { error, type Problem } from '../../core/problems/problem.js';
import { findNativeEntries, inLineOrder } from './native-port-index.js';
import { sharedChecker, type EntriesCheck, type SharedCheckOptions } from './shared-check.js';
import type { SourceCheck } from './source-check.js';

/**
 * Starts checking a native PortIndex. The document is what portindex2json writes without
 * `--info`: `{"ports": [...]}`.
 */
export function startNativeCheck(bytes: Uint8Array, file: string, options: SharedCheckOptions = {}): SourceCheck {
  const checker = sharedChecker(bytes, 'native', file, options);
  const spans = findNativeEntries(checker.input, file);
  const noPorts = spans.names.length === 0 && spans.problems.length === 0 ? [error('no-ports', file, {}, 'expected at least one port entry ("<name> <length>" and its data), found none')] : [];
  return joined(checker.check(spans), [...spans.problems, ...noPorts]);
}

/** The chunks' ports in order, and their problems with those of finding the entries, in line order. */
function joined(check: EntriesCheck, found: Problem[]): SourceCheck {
  return {
    async finish() {
      const chunks = await check.finish();
      const ofEntries = chunks.flatMap((chunk) => chunk.problems);
      return { head: {}, ports: chunks.flatMap((chunk) => chunk.ports), problems: inLineOrder(found, ofEntries), entryProblems: new Set(ofEntries) };
    },
    stop: () => check.stop(),
  };
}
