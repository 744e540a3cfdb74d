import { warning, type Problem } from '../problems/problem.js';
import { DEPENDENCY_KINDS, type DependencyKind } from '../validate/port-schema.js';
import type { PortRecord } from '../validate/port-record.js';

export interface DependencyResource {
  type: DependencyKind;
  ports: string[];
}

/** `port:NAME`, `bin:FILE:NAME`, `lib:LIB:NAME`, `path:PATH:NAME`: the port is after the last `:`. */
export function dependencyTarget(spec: string): string {
  return spec.slice(spec.lastIndexOf(':') + 1);
}

export interface ResolvedDependencies {
  /** Per port (same order as the records), per kind, resolved names in source order. */
  forward: DependencyResource[][];
  /** Per port, the reverse relation (SPEC 2.1 `depends_on`). */
  reverse: DependencyResource[][];
  /** The same relation packed: what port prints are made from (see port-prints). */
  links: DependencyLinks;
  warnings: Problem[];
}

/**
 * Every resolved dependency as a (kind index, target index) pair, port after port, in the
 * order of `forward`: port i's are the pairs numbered `firstPair[i]` up to `firstPair[i + 1]`.
 */
export interface DependencyLinks {
  pairs: PairList;
  firstPair: Int32Array;
}

/**
 * Resolves every dependency string case-insensitively to the catalogue's spelling (the live
 * service drops names it cannot resolve; we warn about them) and builds the exact reverse.
 */
export function resolveDependencies(records: readonly PortRecord[], file: string): ResolvedDependencies {
  // Names are unique case-insensitively (checked before), so a spec that spells the name as
  // the catalogue does resolves without lower-casing it: nearly all of them do.
  const byName = new Map<string, number>();
  const byLowerName = new Map<string, number>();
  for (let i = 0; i < records.length; i++) {
    const name = records[i]!.name;
    byName.set(name, i);
    byLowerName.set(name.toLowerCase(), i);
  }
  const warnings: Problem[] = [];
  const pairs = new PairList();
  const firstPair = new Int32Array(records.length + 1);
  // lastSeen[target] === the current (port, kind)'s number: that target is listed already.
  const lastSeen = new Int32Array(records.length).fill(-1);
  let listNumber = 0;

  const forward: DependencyResource[][] = new Array(records.length);
  for (let portIndex = 0; portIndex < records.length; portIndex++) {
    const record = records[portIndex]!;
    firstPair[portIndex] = pairs.length;
    const kinds: DependencyResource[] = [];
    for (let kindIndex = 0; kindIndex < DEPENDENCY_KINDS.length; kindIndex++) {
      const kind = DEPENDENCY_KINDS[kindIndex]!;
      const specs = record.depends[kind];
      if (specs.length === 0) continue; // most ports name few kinds
      const ports: string[] = [];
      listNumber++;
      for (let specIndex = 0; specIndex < specs.length; specIndex++) {
        const spec = specs[specIndex]!;
        const name = dependencyTarget(spec);
        const target = byName.get(name) ?? byLowerName.get(name.toLowerCase());
        if (target === undefined) {
          const problem = warning(
            'unresolved-dependency',
            file,
            `ports[${record.index}].depends_${kind}[${specIndex}]`,
            `${JSON.stringify(spec)} names no port in the catalogue; it is left out of "dependencies"`,
          );
          problem.port = record.name;
          warnings.push(problem);
          continue;
        }
        if (lastSeen[target] === listNumber) continue;
        lastSeen[target] = listNumber;
        ports.push(records[target]!.name);
        pairs.push(kindIndex, target);
      }
      if (ports.length > 0) kinds.push({ type: kind, ports });
    }
    forward[portIndex] = kinds;
  }
  firstPair[records.length] = pairs.length;

  // reverseLists[target][kindIndex] = the names of its dependents, made on first use (most
  // ports have none). Dependents are visited in name order, so every list comes out sorted as
  // SPEC 2.1 asks (plain code-unit order: `Zlib` before `apr`, which is what the default sort
  // compares): one sort of all the names instead of one per list (pkgconfig alone has
  // thousands of dependents).
  const reverseLists: Array<string[][] | undefined> = new Array(records.length);
  const names = records.map((record) => record.name).sort();
  for (const name of names) {
    const portIndex = byName.get(name)!;
    for (let k = firstPair[portIndex]!; k < firstPair[portIndex + 1]!; k++) {
      const kindIndex = pairs.kindAt(k);
      (reverseLists[pairs.targetAt(k)] ??= DEPENDENCY_KINDS.map(() => []))[kindIndex]!.push(name);
    }
  }
  const reverse: DependencyResource[][] = new Array(records.length);
  for (let target = 0; target < records.length; target++) {
    const kinds: DependencyResource[] = [];
    const perKind = reverseLists[target];
    if (perKind) {
      for (let kindIndex = 0; kindIndex < perKind.length; kindIndex++) {
        const ports = perKind[kindIndex]!;
        if (ports.length > 0) kinds.push({ type: DEPENDENCY_KINDS[kindIndex]!, ports });
      }
    }
    reverse[target] = kinds;
  }

  return { forward, reverse, links: { pairs, firstPair }, warnings };
}

/** Growable packed (kind index, target index) pairs: no array per port. */
export class PairList {
  private kinds = new Uint8Array(1024);
  private targets = new Int32Array(1024);
  length = 0;

  push(kindIndex: number, target: number): void {
    if (this.length === this.targets.length) {
      const kinds = new Uint8Array(this.length * 2);
      const targets = new Int32Array(this.length * 2);
      kinds.set(this.kinds);
      targets.set(this.targets);
      this.kinds = kinds;
      this.targets = targets;
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
