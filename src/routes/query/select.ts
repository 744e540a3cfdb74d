import type { MaintainerFilters, PortFilters } from './filters.js';
import type { PortOrder } from './ordering.js';
import type { QueryIndex, RefLists } from './read-query-index.js';
import { searchMaintainers, searchPorts } from './search.js';

/** How many of a port's refs are `ref`. */
function timesListed(lists: RefLists, port: number, ref: number): number {
  let times = 0;
  for (let k = lists.starts[port]!; k < lists.starts[port + 1]!; k++) if (lists.refs[k] === ref) times++;
  return times;
}

function listsAny(lists: RefLists, port: number, refs: ReadonlySet<number>): boolean {
  for (let k = lists.starts[port]!; k < lists.starts[port + 1]!; k++) if (refs.has(lists.refs[k]!)) return true;
  return false;
}

/** The ports the filters keep, in catalogue order; `times`: those listed more than once. */
interface Filtered {
  ports: Int32Array;
  times: Map<number, number>;
}

/** The place of the port named `name` exactly, or -1: no two names are one in lower case (see readQueryIndex). */
function exactPlace(byLowerName: ReadonlyMap<string, number>, names: readonly string[], name: string): number {
  const place = byLowerName.get(name.toLowerCase());
  return place !== undefined && names[place] === name ? place : -1;
}

/**
 * The ports the filters keep. The `maintainers__github` filter joins the maintainers without
 * DISTINCT, so a port with two people of that handle is listed twice, unless a `categories`
 * filter (which asks for DISTINCT) is there too.
 */
function filterPorts(index: QueryIndex, filters: PortFilters): Filtered {
  const { byLowerName, names, handles, variants, categories } = index.ports;
  const times = new Map<number, number>();
  const id = (text: string | undefined) => (text === undefined ? undefined : index.stringIds.get(text) ?? -1);
  const [github, variant] = [id(filters.github), id(filters.variant)];
  const named = filters.name === undefined ? undefined : exactPlace(byLowerName, names, filters.name);
  if (github === -1 || variant === -1 || named === -1) return { ports: new Int32Array(0), times };
  const chosen = filters.categories && new Set(filters.categories.map((name) => index.stringIds.get(name)!));
  const [from, to] = named === undefined ? [0, names.length] : [named, named + 1];
  const kept = new Int32Array(to - from);
  let length = 0;
  for (let port = from; port < to; port++) {
    if (chosen && !listsAny(categories, port, chosen)) continue;
    if (variant !== undefined && timesListed(variants, port, variant) === 0) continue;
    const listed = github === undefined ? 1 : timesListed(handles, port, github);
    if (listed === 0) continue;
    if (listed > 1 && !chosen) times.set(port, listed);
    kept[length++] = port;
  }
  return { ports: kept.subarray(0, length), times };
}

/** `ports` (in catalogue order, a copy of the caller's own) in `order`. */
function orderPorts(index: QueryIndex, ports: Int32Array, order: PortOrder): Int32Array {
  if (order === 'catalogue') return ports;
  if (order === 'reverse-catalogue') return ports.reverse();
  // One walk of the name order over a mark per port: linear, whatever the number kept.
  const kept = new Uint8Array(index.ports.names.length);
  for (const port of ports) kept[port] = 1;
  let length = 0;
  for (const port of index.ports.nameOrder) if (kept[port] === 1) ports[length++] = port;
  return order === 'name' ? ports : ports.reverse();
}

/** A result of the ports list: its ports in the page order, each as many times as listed. */
interface PortResult {
  count: number;
  slice(from: number, to: number): number[];
}

/** The ports list's result (catalogue places): filters, the search, the order. */
export function selectPorts(index: QueryIndex, filters: PortFilters, keys: readonly string[], order: PortOrder): PortResult {
  const { ports, times } = filterPorts(index, filters);
  const ordered = orderPorts(index, searchPorts(index, ports, keys), order);
  if (times.size === 0) return { count: ordered.length, slice: (from, to) => [...ordered.subarray(from, to)] };
  const all: number[] = [];
  for (const port of ordered) for (let n = times.get(port) ?? 1; n > 0; n--) all.push(port);
  return { count: all.length, slice: (from, to) => all.slice(from, to) };
}

/** Whether the port at `port` is among those the filters and the search keep (the port route). */
export function portKept(index: QueryIndex, port: number, filters: PortFilters, keys: readonly string[]): boolean {
  if (filters.name !== undefined && index.ports.names[port] !== filters.name) return false;
  const { ports } = filterPorts(index, { ...filters, name: index.ports.names[port] });
  return searchPorts(index, ports, keys).length > 0;
}

/** The maintainer list's result (its places, in its order): the filters, then the search. */
export function selectMaintainers(index: QueryIndex, filters: MaintainerFilters, keys: readonly string[]): number[] {
  const { names, handles } = index.maintainers;
  const kept: number[] = [];
  for (let person = 0; person < names.length; person++) {
    if (filters.name !== undefined && names[person] !== filters.name) continue;
    if (filters.github !== undefined && handles[person] !== filters.github) continue;
    kept.push(person);
  }
  return searchMaintainers(index, kept, keys);
}
