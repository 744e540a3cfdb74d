import type { Problem } from '../problems/problem.js';
import type { PortRecord } from '../validate/port-record.js';
import { categoriesOf, spellCategories } from './categories.js';
import { resolveDependencies, type DependencyResource } from './dependencies.js';
import { maintainersOf, tallyMaintainers, type MaintainerResource } from './maintainers.js';

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

export interface DerivedPorts {
  ports: PortResource[];
  warnings: Problem[];
}

/** Pure: validated records in, published resources out (no I/O, testable without a disk). */
export function derivePorts(records: readonly PortRecord[], file: string): DerivedPorts {
  const categories = spellCategories(records);
  const people = tallyMaintainers(records);
  const { forward, reverse, warnings } = resolveDependencies(records, file);
  const ports = records.map(
    (record, i): PortResource => ({
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
      maintainers: maintainersOf(record, people),
      variants: record.variants,
      dependencies: forward[i]!,
      depends_on: reverse[i]!,
    }),
  );
  return { ports, warnings };
}
