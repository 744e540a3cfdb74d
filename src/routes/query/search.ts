import { foldCase } from './fold-case.js';
import type { QueryIndex, RefLists } from './read-query-index.js';
import { JointMatch } from './joint-match.js';

/**
 * DRF's SearchFilter over the index (SPEC section 4b): every term a case-insensitive substring
 * (see foldCase) of a port's name, or of a handle of one of its maintainers, a variant or a
 * category. The terms are narrowed first: repeats and empty terms (which every name holds)
 * dropped, the longest first, since they are the likeliest to leave few ports for the next.
 */
export function searchKeys(terms: readonly string[]): string[] {
  return [...new Set(terms.map(foldCase))].filter((term) => term !== '').sort((a, b) => b.length - a.length);
}

/** Whether each string of the index holds the term, found once per string and term. */
class TermMemo {
  private readonly askedFor: Int32Array;
  private readonly holds: Uint8Array;
  private round = 0;
  private term = '';

  constructor(private readonly folded: readonly string[]) {
    this.askedFor = new Int32Array(folded.length);
    this.holds = new Uint8Array(folded.length);
  }

  next(term: string): void {
    this.term = term;
    this.round++;
  }

  anyHolds(lists: RefLists, port: number): boolean {
    for (let k = lists.starts[port]!; k < lists.starts[port + 1]!; k++) {
      const ref = lists.refs[k]!;
      if (this.askedFor[ref] !== this.round) {
        this.askedFor[ref] = this.round;
        this.holds[ref] = this.folded[ref]!.includes(this.term) ? 1 : 0;
      }
      if (this.holds[ref]) return true;
    }
    return false;
  }
}

/**
 * The ports of `candidates` (in their order) that the search keeps. Each term, one at a time,
 * keeps the ports where some string holds it: the cost is the ports still in the running, and
 * a search of a thousand terms ends as soon as none is. All terms must then hold together in
 * the name and one row of the live query's joins (see JointMatch).
 */
export function searchPorts(index: QueryIndex, candidates: Int32Array, keys: readonly string[]): Int32Array {
  const { foldedNames, searched } = index.ports;
  const memo = new TermMemo(index.foldedStrings);
  // Narrowed in place, a copy of the candidates: no new array per term.
  const kept = candidates.slice();
  let length = kept.length;
  for (const key of keys) {
    if (length === 0) break;
    memo.next(key);
    let still = 0;
    for (let i = 0; i < length; i++) {
      const port = kept[i]!;
      if (foldedNames[port]!.includes(key) || memo.anyHolds(searched, port)) kept[still++] = port;
    }
    length = still;
  }
  if (keys.length < 2 || length === 0) return kept.subarray(0, length);
  const joint = new JointMatch(index, keys);
  return kept.subarray(0, length).filter((port) => joint.matches(port));
}

/** The maintainer list's search: every term in the person's name or handle (one row, no join). */
export function searchMaintainers(index: QueryIndex, candidates: readonly number[], keys: readonly string[]): number[] {
  const { foldedNames, foldedHandles } = index.maintainers;
  let kept = candidates;
  for (const key of keys) {
    if (kept.length === 0) break;
    kept = kept.filter((person) => foldedNames[person]!.includes(key) || foldedHandles[person]!.includes(key));
  }
  return [...kept];
}
