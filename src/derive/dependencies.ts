import { warning, type Problem } from '../problems/problem.js';
import { DEPENDENCY_KINDS, type DependencyKind } from '../validate/port-schema.js';
import type { PortCore } from '../validate/port-record.js';
import { doubled } from './doubled.js';
import { hashText, type PrintHash } from './print-hash.js';

export interface DependencyResource {
  type: DependencyKind;
  ports: string[];
}

/** `port:NAME`, `bin:FILE:NAME`, `lib:LIB:NAME`, `path:PATH:NAME`: the port is after the last `:`. */
export function dependencyTarget(spec: string): string {
  return spec.slice(spec.lastIndexOf(':') + 1);
}

export interface ResolvedDependencies {
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
 * service drops names it cannot resolve; we warn about them).
 */
export function resolveDependencies(records: readonly PortCore[], file: string): ResolvedDependencies {
  // Names are unique case-insensitively (checked before), so a spec that spells the name as
  // the catalogue does resolves without lower-casing it: nearly all of them do, and the
  // lower-cased names are made only when one does not.
  const byName = new Map<string, number>();
  for (let i = 0; i < records.length; i++) byName.set(records[i]!.name, i);
  let byLowerName: Map<string, number> | undefined;
  const warnings: Problem[] = [];
  const pairs = new PairList();
  const firstPair = new Int32Array(records.length + 1);
  // lastSeen[target] === the current (port, kind)'s number: that target is listed already.
  const lastSeen = new Int32Array(records.length).fill(-1);
  let listNumber = 0;

  for (let portIndex = 0; portIndex < records.length; portIndex++) {
    const record = records[portIndex]!;
    firstPair[portIndex] = pairs.length;
    for (let kindIndex = 0; kindIndex < DEPENDENCY_KINDS.length; kindIndex++) {
      const kind = DEPENDENCY_KINDS[kindIndex]!;
      const specs = record.depends[kind];
      if (specs.length === 0) continue; // most ports name few kinds
      listNumber++;
      for (let specIndex = 0; specIndex < specs.length; specIndex++) {
        const spec = specs[specIndex]!;
        const name = dependencyTarget(spec);
        let target = byName.get(name);
        if (target === undefined) {
          byLowerName ??= lowerCaseNames(records);
          target = byLowerName.get(name.toLowerCase());
        }
        if (target === undefined) {
          const problem = warning(
            'unresolved-dependency',
            file,
            { path: `ports[${record.index}].depends_${kind}[${specIndex}]` },
            `${JSON.stringify(spec)} names no port in the catalogue; it is left out of "dependencies"`,
          );
          problem.port = record.name;
          warnings.push(problem);
          continue;
        }
        if (lastSeen[target] === listNumber) continue;
        lastSeen[target] = listNumber;
        pairs.push(kindIndex, target);
      }
    }
  }
  firstPair[records.length] = pairs.length;
  return { links: { pairs, firstPair }, warnings };
}

function lowerCaseNames(records: readonly PortCore[]): Map<string, number> {
  const byLowerName = new Map<string, number>();
  for (let i = 0; i < records.length; i++) byLowerName.set(records[i]!.name.toLowerCase(), i);
  return byLowerName;
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
    private readonly records: readonly PortCore[],
    private readonly links: DependencyLinks,
  ) {
    const { pairs, firstPair } = links;
    const first = (this.firstDependent = new Int32Array(records.length + 1));
    for (let k = 0; k < pairs.length; k++) first[pairs.targetAt(k) + 1]!++;
    for (let t = 0; t < records.length; t++) first[t + 1]! += first[t]!;
    const next = first.slice(0, records.length);
    this.dependents = new Int32Array(pairs.length);
    this.dependentKinds = new Uint8Array(pairs.length);
    for (let port = 0; port < records.length; port++) {
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
      const name = this.records[pairs.targetAt(k)]!.name;
      const last = kinds.at(-1);
      if (last?.type === type) last.ports.push(name);
      else kinds.push({ type, ports: [name] });
    }
    return kinds;
  }

  /** The port's dependencies as published, for its print (see derive/ports): kinds and names. */
  printForward(hash: PrintHash, index: number): void {
    const { pairs, firstPair } = this.links;
    hash.add(firstPair[index + 1]! - firstPair[index]!);
    for (let k = firstPair[index]!; k < firstPair[index + 1]!; k++) this.printLink(hash, pairs.kindAt(k), pairs.targetAt(k));
  }

  /** The ports that depend on this one and how, in catalogue order (what `reverseOf` sorts), for its print. */
  printReverse(hash: PrintHash, index: number): void {
    hash.add(this.firstDependent[index + 1]! - this.firstDependent[index]!);
    for (let slot = this.firstDependent[index]!; slot < this.firstDependent[index + 1]!; slot++) this.printLink(hash, this.dependentKinds[slot]!, this.dependents[slot]!);
  }

  private printLink(hash: PrintHash, kindIndex: number, port: number): void {
    const names = (this.nameHashes ??= hashNames(this.records));
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
      (perKind[this.dependentKinds[slot]!] ??= []).push(this.records[this.dependents[slot]!]!.name);
    }
    const kinds: DependencyResource[] = [];
    for (let kindIndex = 0; kindIndex < DEPENDENCY_KINDS.length; kindIndex++) {
      const ports = perKind[kindIndex];
      if (ports) kinds.push({ type: DEPENDENCY_KINDS[kindIndex]!, ports: ports.sort() });
    }
    return kinds;
  }
}

function hashNames(records: readonly PortCore[]): Int32Array {
  const hashes = new Int32Array(2 * records.length);
  for (let i = 0; i < records.length; i++) [hashes[2 * i], hashes[2 * i + 1]] = hashText(records[i]!.name);
  return hashes;
}

/** Growable packed (kind index, target index) pairs: no array per port. */
export class PairList {
  private kinds: Uint8Array = new Uint8Array(1024);
  private targets: Int32Array = new Int32Array(1024);
  length = 0;

  push(kindIndex: number, target: number): void {
    if (this.length === this.targets.length) {
      this.kinds = doubled(this.kinds);
      this.targets = doubled(this.targets);
    }
    this.kinds[this.length] = kindIndex;
    this.targets[this.length++] = target;
  }

  kindAt(k: number): number {
    return this.kinds[k]!;
  }

  targetAt(k: number): number {
    return this.targets[k]!;
  }
}
