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
  const byLowerName = new Map<string, number>();
  records.forEach((record, i) => byLowerName.set(record.name.toLowerCase(), i));
  const warnings: Problem[] = [];
  // reverseLists[target][kindIndex] = dependent port indices, collected then sorted by name;
  // made on first use, since most ports have no dependents (8 arrays × 40,000 ports otherwise).
  const reverseLists: Array<number[][] | undefined> = new Array(records.length);

  const forward = records.map((record, portIndex) => {
    const kinds: DependencyResource[] = [];
    DEPENDENCY_KINDS.forEach((kind, kindIndex) => {
      if (record.depends[kind].length === 0) return; // most ports name few kinds
      const seen = new Set<number>();
      const ports: string[] = [];
      record.depends[kind].forEach((spec, specIndex) => {
        const target = byLowerName.get(dependencyTarget(spec).toLowerCase());
        if (target === undefined) {
          const problem = warning(
            'unresolved-dependency',
            file,
            `ports[${record.index}].depends_${kind}[${specIndex}]`,
            `${JSON.stringify(spec)} names no port in the catalogue; it is left out of "dependencies"`,
          );
          problem.port = record.name;
          warnings.push(problem);
          return;
        }
        if (seen.has(target)) return;
        seen.add(target);
        ports.push(records[target]!.name);
        (reverseLists[target] ??= DEPENDENCY_KINDS.map(() => []))[kindIndex]!.push(portIndex);
      });
      if (ports.length > 0) kinds.push({ type: kind, ports });
    });
    return kinds;
  });

  const reverse = Array.from(reverseLists, (perKind) => {
    const kinds: DependencyResource[] = [];
    if (!perKind) return kinds;
    perKind.forEach((dependents, kindIndex) => {
      if (dependents.length === 0) return;
      // Plain code-unit order, as SPEC 2.1 asks: `Zlib` sorts before `apr`.
      const ports = dependents.map((i) => records[i]!.name).sort(compareCodeUnits);
      kinds.push({ type: DEPENDENCY_KINDS[kindIndex]!, ports });
    });
    return kinds;
  });

  return { forward, reverse, warnings };
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
