/**
 * portindex2json's JSON checked as the source of `ports-gen import`: split into its ports where
 * it splits (see split-port-index), each port parsed, checked and made text on its own, so that
 * the document's objects are never all alive at once (several times its size), and on two
 * threads when it is large (see shared-check); read whole otherwise, which also locates a
 * syntax error.
 */
import type { IndexPort, PortObject } from '../../derive/merge-ports.js';
import type { Problem } from '../../core/problems/problem.js';
import { parseJson } from '../../catalogue/read-json-file.js';
import { splitPortIndex } from '../../catalogue/portindex/split-port-index.js';
import { hasBom } from '../../catalogue/utf8.js';
import { noPorts, portIndexTopProblems, portProblems } from '../../catalogue/records/validate-portindex.js';
import { below } from '../../catalogue/records/zod-problems.js';
import { indexPort } from './index-port.js';
import { checkJsonEntries } from './json-entries.js';
import { sharedChecker, type SharedCheckOptions } from './shared-check.js';
import type { SourceCheck, SourceRead } from './source-check.js';

/** Starts checking portindex2json's JSON (after a byte-order mark, if any). */
export function startJsonCheck(bytes: Uint8Array, file: string, options: SharedCheckOptions = {}): SourceCheck {
  const checker = sharedChecker(bytes.subarray(hasBom(bytes) ? 3 : 0), 'json', file, options);
  const body = Buffer.from(checker.input.buffer, checker.input.byteOffset, checker.input.length);
  const split = splitDocument(body, file, false);
  if (!split || split.problems.length > 0 || split.starts.length === 0) {
    void checker.abandon();
    const read = split ?? readExactly(body, file);
    return { finish: async () => read, stop: async () => {} };
  }
  const check = checker.check({ body, names: [], lines: [], starts: split.starts, ends: split.ends });
  return {
    async finish() {
      const chunks = await check.finish();
      // A port's end guessed wrong from the layout, or a port that is not JSON: read again.
      if (chunks.some((chunk) => chunk.unparsable)) return readExactly(body, file);
      const problems = chunks.flatMap((chunk) => chunk.problems);
      return { head: split.head, ports: chunks.flatMap((chunk) => chunk.ports), problems, entryProblems: new Set(problems) };
    },
    stop: () => check.stop(),
  };
}

interface SplitDocument extends SourceRead {
  starts: number[];
  ends: number[];
}

/**
 * The document split into its head and its ports' texts, with the problems of its head (or of
 * an empty `ports`); undefined when it does not split or its head is not JSON.
 */
function splitDocument(body: Buffer, file: string, exact: boolean): SplitDocument | undefined {
  const parts = splitPortIndex(body, exact);
  if (!parts) return undefined;
  let skeleton: Record<string, unknown>;
  try {
    skeleton = JSON.parse(parts.skeleton) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const problems: Problem[] = portIndexTopProblems(skeleton, file);
  // The emptied array says nothing of its ports: none is a problem of its own.
  if (problems.length === 0 && parts.elements.length === 0) problems.push(noPorts(file));
  const { ports: _emptied, ...head } = skeleton;
  return { head, ports: [], problems, entryProblems: new Set(), starts: parts.elements.map(([start]) => start), ends: parts.elements.map(([, end]) => end) };
}

/** Split without guessing any port's end from the layout, on this thread; read whole when even that fails. */
function readExactly(body: Buffer, file: string): SourceRead {
  const split = splitDocument(body, file, true);
  if (split && split.problems.length === 0) {
    const checked = checkJsonEntries({ body, starts: split.starts, ends: split.ends }, 0, split.starts.length, file);
    if (!checked.unparsable) return { head: split.head, ports: checked.ports, problems: checked.problems, entryProblems: new Set(checked.problems) };
  }
  return split && split.problems.length > 0 ? split : readWhole(body, file);
}

/** The document parsed whole: the plain path, which locates a syntax error. */
function readWhole(body: Buffer, file: string): SourceRead {
  const parsed = parseJson(body, file);
  if (!parsed.ok) return { head: {}, ports: [], problems: parsed.problems, entryProblems: new Set() };
  const top = portIndexTopProblems(parsed.value, file);
  const { ports, ...head } = parsed.value as Record<string, unknown>;
  if (top.length > 0) return { head, ports: [], problems: top, entryProblems: new Set() };
  if ((ports as unknown[]).length === 0) return { head, ports: [], problems: [noPorts(file)], entryProblems: new Set() };
  // A name listed twice is the index's to give (the later entry wins): not a problem here.
  const valid: IndexPort[] = [];
  const problems: Problem[] = [];
  (ports as unknown[]).forEach((port, index) => {
    const found = portProblems(port, file, (path) => ({ path: below(`ports[${index}]`, path) }));
    problems.push(...found);
    if (found.length === 0) valid.push(indexPort(port as PortObject));
  });
  return { head, ports: valid, problems, entryProblems: new Set(problems) };
}
