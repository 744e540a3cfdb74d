import type { Problem } from '../problems/problem.js';
import type { PortRecord } from '../validate/port-record.js';
import { categoriesOf, spellCategories } from './categories.js';
import { resolveDependencies, type DependencyResource } from './dependencies.js';
import { tallyMaintainers, type MaintainerResource } from './maintainers.js';

/** SPEC 2.1: the keys are declared in the published order; JSON.stringify keeps it. */
export interface PortResource {
  name: string;
  portdir: string;
  version: string;
  license: string;
  platforms: string;
  epoch: number;
  replaced_by: string | null;
  homepage: string;
  description: string;
  long_description: string;
  active: boolean;
  categories: string[];
  maintainers: MaintainerResource[];
  variants: string[];
  dependencies: DependencyResource[];
  depends_on: DependencyResource[];
}

/**
 * The resources in catalogue order, each made when it is asked for: at 40,000 ports, holding
 * them all beside the records they are made from took some 45 MB more at the build's peak.
 */
export interface PortList {
  readonly length: number;
  nameAt(index: number): string;
  at(index: number): PortResource;
}

export interface DerivedPorts {
  ports: PortList;
  warnings: Problem[];
}

/** Pure: validated records in, published resources out (no I/O, testable without a disk). */
export function derivePorts(records: readonly PortRecord[], file: string): DerivedPorts {
  const categories = spellCategories(records);
  const maintainers = tallyMaintainers(records);
  const { forward, reverse, warnings } = resolveDependencies(records, file);
  const resourceAt = (i: number): PortResource => {
    const record = records[i]!;
    return {
      name: record.name,
      portdir: record.portdir,
      version: record.version,
      license: record.license,
      platforms: record.platforms,
      epoch: record.epoch,
      replaced_by: record.replacedBy,
      homepage: record.homepage,
      description: record.description,
      long_description: record.longDescription,
      active: record.active,
      categories: categoriesOf(record, categories),
      maintainers: maintainers[i]!,
      variants: record.variants,
      dependencies: forward[i]!,
      depends_on: reverse[i]!,
    };
  };
  const ports: PortList = { length: records.length, nameAt: (i) => records[i]!.name, at: resourceAt };
  return { ports, warnings };
}

/** Every resource at once, for tests and small catalogues. */
export function allPorts(list: PortList): PortResource[] {
  return Array.from({ length: list.length }, (_, i) => list.at(i));
}
