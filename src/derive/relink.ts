import type { Problem } from '../core/problems/problem.js';
import { DependencyLists, PairList, type DependencyLinks } from './dependencies.js';
import { joinLanes, lanesOf } from './print-hash.js';

/** What a few ports' new dependencies change of the last build's links (see relink). */
interface Relinked {
  links: DependencyLinks;
  /** The published dependency lists, both ways, under the new links. */
  lists: DependencyLists;
  /** Every port's print's cross part, made again where its links digest changed. */
  crossDigests: string[];
  /** The ports whose links digest changed: the ports that name others anew, and those named or no longer named. */
  relinked: number[];
}

interface LastLinks {
  names: readonly string[];
  links: DependencyLinks;
  crossDigests: readonly string[];
  listingDigests: readonly string[];
}

/**
 * The links of `last` with the pairs of the ports in `replaced` (by index) in place of theirs,
 * and what changes with them: only those ports and the targets of their pairs, old and new,
 * can have other links (a port's reverse links are the pairs that name it). Pure.
 */
export function relink(last: LastLinks, replaced: ReadonlyMap<number, PairList>): Relinked {
  const { names, links } = last;
  const candidates = new Set<number>();
  const pairs = new PairList();
  const firstPair = new Int32Array(names.length + 1);
  for (let port = 0; port < names.length; port++) {
    firstPair[port] = pairs.length;
    const own = replaced.get(port);
    for (let k = links.firstPair[port]!; k < links.firstPair[port + 1]!; k++) {
      if (own) candidates.add(links.pairs.targetAt(k));
      else pairs.push(links.pairs.kindAt(k), links.pairs.targetAt(k));
    }
    if (!own) continue;
    candidates.add(port);
    for (let k = 0; k < own.length; k++) {
      pairs.push(own.kindAt(k), own.targetAt(k));
      candidates.add(own.targetAt(k));
    }
  }
  firstPair[names.length] = pairs.length;
  const lists = new DependencyLists(names, { pairs, firstPair });
  const crossDigests = [...last.crossDigests];
  const relinked: number[] = [];
  for (const port of [...candidates].sort((a, b) => a - b)) {
    const cross = joinLanes(lanesOf(last.listingDigests[port]!), lists.linkLanes(port));
    if (cross === crossDigests[port]) continue;
    crossDigests[port] = cross;
    relinked.push(port);
  }
  return { links: { pairs, firstPair }, lists, crossDigests, relinked };
}

/** Whether port `index` of `links` has exactly the pairs of `pairs`. */
export function samePairs(links: DependencyLinks, index: number, pairs: PairList): boolean {
  const start = links.firstPair[index]!;
  if (links.firstPair[index + 1]! - start !== pairs.length) return false;
  for (let k = 0; k < pairs.length; k++) {
    if (links.pairs.kindAt(start + k) !== pairs.kindAt(k) || links.pairs.targetAt(start + k) !== pairs.targetAt(k)) return false;
  }
  return true;
}

/**
 * The index of a name in `names`, for names asked for in the list's order (the warnings of
 * rewarned): found by going on from the last one found, from the start again when it is not
 * ahead. Undefined for a name not there.
 */
export function indexInOrder(names: readonly string[]): (name: string) => number | undefined {
  let at = 0;
  return (name) => {
    let index = names.indexOf(name, at);
    if (index < 0 && at > 0) index = names.indexOf(name);
    if (index < 0) return undefined;
    at = index;
    return index;
  };
}

/**
 * The derivation's warnings (each about one port, in port order, see resolveDependencies) with
 * those of the ports in `replaced` (by index) in place of theirs; undefined when a warning names
 * a port `indexOf` does not know.
 */
export function rewarned(warnings: readonly Problem[], replaced: ReadonlyMap<number, Problem[]>, indexOf: (name: string) => number | undefined): Problem[] | undefined {
  const placed: Array<[number, Problem]> = [];
  for (const problem of warnings) {
    const index = problem.port === undefined ? undefined : indexOf(problem.port);
    if (index === undefined) return undefined;
    if (!replaced.has(index)) placed.push([index, problem]);
  }
  for (const [index, own] of replaced) for (const problem of own) placed.push([index, problem]);
  // A stable sort: each port's warnings keep their order.
  return placed.sort((a, b) => a[0] - b[0]).map(([, problem]) => problem);
}
