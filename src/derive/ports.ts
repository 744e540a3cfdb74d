import type { Problem } from '../problems/problem.js';
import type { PortRecord } from '../validate/port-record.js';
import { categoriesOf, spellCategories } from './categories.js';
import { DependencyLists, resolveDependencies, type DependencyResource } from './dependencies.js';
import { MaintainerTally, type MaintainerResource } from './maintainers.js';

/** docs/api.md: the keys are declared in the published order; JSON.stringify keeps it. */
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
  /** Whether the port's own strings need no escaping in JSON (see PortRecord.escapeFree). */
  escapeFreeAt(index: number): boolean;
}

export interface DerivedPorts {
  ports: PortList;
  warnings: Problem[];
}

/** Pure: validated records in, published resources out (no I/O, testable without a disk). */
export function derivePorts(records: readonly PortRecord[], file: string): DerivedPorts {
  const categories = spellCategories(records);
  const maintainers = new MaintainerTally(records);
  const { links, warnings } = resolveDependencies(records, file);
  return { ports: new DerivedPortList(records, categories, maintainers, new DependencyLists(records, links)), warnings };
}

/**
 * A class rather than closures over the tables: optimised code that calls these methods
 * does not hold the tables themselves (a closure called from a hot loop can be embedded in
 * the loop's optimised code, and with it everything it closes over, past the build's use).
 */
class DerivedPortList implements PortList {
  constructor(
    private readonly records: readonly PortRecord[],
    private readonly categories: ReadonlyMap<string, string>,
    private readonly maintainers: MaintainerTally,
    private readonly dependencies: DependencyLists,
  ) {}

  get length(): number {
    return this.records.length;
  }

  nameAt(index: number): string {
    return this.records[index]!.name;
  }

  escapeFreeAt(index: number): boolean {
    return this.records[index]!.escapeFree;
  }

  at(index: number): PortResource {
    const record = this.records[index]!;
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
      categories: categoriesOf(record, this.categories),
      maintainers: this.maintainers.of(index),
      variants: record.variants,
      dependencies: this.dependencies.forwardOf(index),
      depends_on: this.dependencies.reverseOf(index),
    };
  }
}

/** Every resource at once, for tests and small catalogues. */
export function allPorts(list: PortList): PortResource[] {
  return Array.from({ length: list.length }, (_, i) => list.at(i));
}
