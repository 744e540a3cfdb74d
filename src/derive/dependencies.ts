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
  warnings: Problem[];
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
  records.forEach((record, i) => {
    byName.set(record.name, i);
    byLowerName.set(record.name.toLowerCase(), i);
  });
  const warnings: Problem[] = [];
  // Per port, its resolved dependencies as (kind index, target index) pairs, end to end.
  const edges: Array<number[] | undefined> = new Array(records.length);
  // lastSeen[target] === the current (port, kind)'s number: that target is listed already.
  const lastSeen = new Int32Array(records.length).fill(-1);
  let listNumber = 0;

  const forward = records.map((record, portIndex) => {
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
        (edges[portIndex] ??= []).push(kindIndex, target);
      }
      if (ports.length > 0) kinds.push({ type: kind, ports });
    }
    return kinds;
  });

  // reverseLists[target][kindIndex] = the names of its dependents, made on first use (most
  // ports have none). Dependents are visited in name order, so every list comes out sorted as
  // SPEC 2.1 asks (plain code-unit order: `Zlib` before `apr`): one sort of all the names
  // instead of one per list (pkgconfig alone has thousands of dependents).
  const reverseLists: Array<string[][] | undefined> = new Array(records.length);
  for (const portIndex of indicesByName(records)) {
    const pairs = edges[portIndex];
    if (!pairs) continue;
    for (let k = 0; k < pairs.length; k += 2) {
      (reverseLists[pairs[k + 1]!] ??= DEPENDENCY_KINDS.map(() => []))[pairs[k]!]!.push(records[portIndex]!.name);
    }
  }
  const reverse = Array.from(reverseLists, (perKind) => {
    const kinds: DependencyResource[] = [];
    perKind?.forEach((ports, kindIndex) => {
      if (ports.length > 0) kinds.push({ type: DEPENDENCY_KINDS[kindIndex]!, ports });
    });
    return kinds;
  });

  return { forward, reverse, warnings };
}

function indicesByName(records: readonly PortRecord[]): number[] {
  return records.map((_, i) => i).sort((a, b) => compareCodeUnits(records[a]!.name, records[b]!.name));
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
