import { warning, type Problem } from '../core/problems/problem.js';
import { DEPENDENCY_KINDS, type DependencyKind } from '../catalogue/records/port-schema.js';
import type { PortCore } from '../catalogue/records/port-record.js';
import { PairList } from './pair-list.js';
import { hashText, PrintHash, type Lanes } from './print-hash.js';

export interface DependencyResource {
  type: DependencyKind;
  ports: string[];
}

/** `port:NAME`, `bin:FILE:NAME`, `lib:LIB:NAME`, `path:PATH:NAME`: the port is after the last `:`. */
export function dependencyTarget(spec: string): string {
  return spec.slice(spec.lastIndexOf(':') + 1);
}

interface ResolvedDependencies {
  links: DependencyLinks;
  warnings: Problem[];
}

/**
 * Every resolved dependency as a (kind index, target index) pair, port after port, kinds in
 * DEPENDENCY_KINDS order and targets in source order within a kind, each target once per kind:
 * port i's are the pairs numbered `firstPair[i]` up to `firstPair[i + 1]`. The published lists
 * are made from these per port when its file is rendered (see DependencyLists), so a rebuild
 * that renders a few files makes a few lists, not 40,000 of each.
 */
export interface DependencyLinks {
  pairs: PairList;
  firstPair: Int32Array;
}

/**
 * Resolves every dependency string case-insensitively to the catalogue's spelling (the live
 * service drops names it cannot resolve; we warn about them). `names`: the records' names, when
 * the caller has them already.
 */
export function resolveDependencies(records: readonly PortCore[], file: string, names = records.map((record) => record.name)): ResolvedDependencies {
  const resolver = new DependencyResolver(names, file);
  const warnings: Problem[] = [];
  const pairs = new PairList();
  const firstPair = new Int32Array(records.length + 1);
  for (let portIndex = 0; portIndex < records.length; portIndex++) {
    firstPair[portIndex] = pairs.length;
    resolver.resolve(records[portIndex]!, pairs, warnings);
  }
  firstPair[records.length] = pairs.length;
  return { links: { pairs, firstPair }, warnings };
}

/** Names a resolver for few ports searches for before it indexes them all (see DependencyResolver). */
const SEARCHED_MOST = 64;

/** Resolves ports' dependencies against the catalogue's names, one port at a time (see resolveDependencies). */
export class DependencyResolver {
  private byName: Map<string, number> | undefined;
  private byLowerName: Map<string, number> | undefined;
  /** lastSeen[target] === the current (port, kind)'s number: that target is listed already. */
  private lastSeen: Int32Array | undefined;
  private listNumber = 0;
  /** Names looked for by searching the list, while `few` (see indexOf). */
  private searched = 0;

  /**
   * `few`: only a few ports' dependencies will be resolved (a rebuild's changed ports), so that
   * names are searched for in the list, not indexed, until more than SEARCHED_MOST were.
   */
  constructor(
    private readonly names: readonly string[],
    private readonly file: string,
    private readonly few = false,
  ) {}

  /** The index of the port named exactly `name`. */
  indexOf(name: string): number | undefined {
    if (!this.byName && this.few && this.searched++ < SEARCHED_MOST) {
      const index = this.names.indexOf(name);
      return index < 0 ? undefined : index;
    }
    if (!this.byName) {
      this.byName = new Map<string, number>();
      for (let i = 0; i < this.names.length; i++) this.byName.set(this.names[i]!, i);
    }
    return this.byName.get(name);
  }

  /** Pushes the port's resolved dependencies to `pairs`, kinds in DEPENDENCY_KINDS order, and a warning for each it cannot resolve. */
  resolve(record: PortCore, pairs: PairList, warnings: Problem[]): void {
    for (let kindIndex = 0; kindIndex < DEPENDENCY_KINDS.length; kindIndex++) {
      const kind = DEPENDENCY_KINDS[kindIndex]!;
      const specs = record.depends[kind];
      if (specs.length === 0) continue; // most ports name few kinds
      const listNumber = ++this.listNumber;
      for (let specIndex = 0; specIndex < specs.length; specIndex++) {
        const spec = specs[specIndex]!;
        const target = this.targetOf(dependencyTarget(spec));
        if (target === undefined) {
          const problem = warning(
            'unresolved-dependency',
            this.file,
            { path: `ports[${record.index}].depends_${kind}[${specIndex}]` },
            `${JSON.stringify(spec)} names no port in the catalogue; it is left out of "dependencies"`,
          );
          problem.port = record.name;
          warnings.push(problem);
          continue;
        }
        const lastSeen = (this.lastSeen ??= new Int32Array(this.names.length).fill(-1));
        if (lastSeen[target] === listNumber) continue;
        lastSeen[target] = listNumber;
        pairs.push(kindIndex, target);
      }
    }
  }

  /**
   * Names are unique case-insensitively (checked before), so a spec that spells the name as
   * the catalogue does resolves without lower-casing it: nearly all of them do, and the
   * lower-cased names are made only when one does not (searched, while the names are not
   * indexed: see `few`).
   */
  private targetOf(name: string): number | undefined {
    const target = this.indexOf(name);
    if (target !== undefined) return target;
    if (!this.byName) {
      const lower = name.toLowerCase();
      const index = this.names.findIndex((other) => other.toLowerCase() === lower);
      return index < 0 ? undefined : index;
    }
    if (!this.byLowerName) {
      this.byLowerName = new Map<string, number>();
      for (let i = 0; i < this.names.length; i++) this.byLowerName.set(this.names[i]!.toLowerCase(), i);
    }
    return this.byLowerName.get(name.toLowerCase());
  }
}

/**
 * The published `dependencies` and `depends_on` (docs/api.md) of one port at a time, from the
 * links. The reverse relation is indexed once by target (typed arrays, no list per port).
 */
export class DependencyLists {
  /** Per target, the ports that depend on it and how: entries `firstDependent[t]` up to `firstDependent[t + 1]`. */
  private readonly firstDependent: Int32Array;
  private readonly dependents: Int32Array;
  private readonly dependentKinds: Uint8Array;
  /** Each port's name hashed (see hashText), two numbers a port, made when first printed. */
  private nameHashes: Int32Array | undefined;

  constructor(
    /** Each port's name, in catalogue order. */
    private readonly names: readonly string[],
    readonly links: DependencyLinks,
  ) {
    const { pairs, firstPair } = links;
    const first = (this.firstDependent = new Int32Array(names.length + 1));
    for (let k = 0; k < pairs.length; k++) first[pairs.targetAt(k) + 1]!++;
    for (let t = 0; t < names.length; t++) first[t + 1]! += first[t]!;
    const next = first.slice(0, names.length);
    this.dependents = new Int32Array(pairs.length);
    this.dependentKinds = new Uint8Array(pairs.length);
    for (let port = 0; port < names.length; port++) {
      for (let k = firstPair[port]!; k < firstPair[port + 1]!; k++) {
        const slot = next[pairs.targetAt(k)]!++;
        this.dependents[slot] = port;
        this.dependentKinds[slot] = pairs.kindAt(k);
      }
    }
  }

  /** Per kind, in DEPENDENCY_KINDS order, the names the port's dependencies resolve to, in source order. */
  forwardOf(index: number): DependencyResource[] {
    const { pairs, firstPair } = this.links;
    const kinds: DependencyResource[] = [];
    for (let k = firstPair[index]!; k < firstPair[index + 1]!; k++) {
      const type = DEPENDENCY_KINDS[pairs.kindAt(k)]!;
      const name = this.names[pairs.targetAt(k)]!;
      const last = kinds.at(-1);
      if (last?.type === type) last.ports.push(name);
      else kinds.push({ type, ports: [name] });
    }
    return kinds;
  }

  /** What the port's `dependencies` and `depends_on` take from other ports, hashed: the links part of its print (see PortList.printAt). */
  linkLanes(index: number): Lanes {
    const hash = new PrintHash();
    this.printForward(hash, index);
    this.printReverse(hash, index);
    return hash.lanes();
  }

  /** The port's dependencies as published, for its print: kinds and names. */
  private printForward(hash: PrintHash, index: number): void {
    const { pairs, firstPair } = this.links;
    hash.add(firstPair[index + 1]! - firstPair[index]!);
    for (let k = firstPair[index]!; k < firstPair[index + 1]!; k++) this.printLink(hash, pairs.kindAt(k), pairs.targetAt(k));
  }

  /** The ports that depend on this one and how, in catalogue order (what `reverseOf` sorts), for its print. */
  private printReverse(hash: PrintHash, index: number): void {
    hash.add(this.firstDependent[index + 1]! - this.firstDependent[index]!);
    for (let slot = this.firstDependent[index]!; slot < this.firstDependent[index + 1]!; slot++) this.printLink(hash, this.dependentKinds[slot]!, this.dependents[slot]!);
  }

  private printLink(hash: PrintHash, kindIndex: number, port: number): void {
    const names = (this.nameHashes ??= hashNames(this.names));
    hash.add(kindIndex);
    hash.add(names[2 * port]!, names[2 * port + 1]!);
  }

  /**
   * Per kind, the ports that depend on this one, sorted in plain code-unit order (`Zlib`
   * before `apr`, which is what the default sort compares), as docs/api.md publishes them.
   */
  reverseOf(index: number): DependencyResource[] {
    const start = this.firstDependent[index]!;
    const end = this.firstDependent[index + 1]!;
    if (start === end) return [];
    const perKind: Array<string[] | undefined> = new Array(DEPENDENCY_KINDS.length);
    for (let slot = start; slot < end; slot++) {
      (perKind[this.dependentKinds[slot]!] ??= []).push(this.names[this.dependents[slot]!]!);
    }
    const kinds: DependencyResource[] = [];
    for (let kindIndex = 0; kindIndex < DEPENDENCY_KINDS.length; kindIndex++) {
      const ports = perKind[kindIndex];
      if (ports) kinds.push({ type: DEPENDENCY_KINDS[kindIndex]!, ports: ports.sort() });
    }
    return kinds;
  }
}

function hashNames(names: readonly string[]): Int32Array {
  const hashes = new Int32Array(2 * names.length);
  for (let i = 0; i < names.length; i++) [hashes[2 * i], hashes[2 * i + 1]] = hashText(names[i]!);
  return hashes;
}

export { PairList };
