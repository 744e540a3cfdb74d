import type { Problem } from '../problems/problem.js';
import { PortTexts } from '../render/port-text.js';
import type { PortCore, PortRecord } from '../validate/port-record.js';
import { categoriesOf, spellCategories } from './categories.js';
import { DependencyLists, resolveDependencies, type DependencyResource } from './dependencies.js';
import { MaintainerTally, type MaintainerResource } from './maintainers.js';
import { PortPrints } from './port-prints.js';

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
  /** The port's file: the same text as `toJsonText(at(index))`, made faster (see PortTexts). */
  textAt(index: number): string;
  /** What the file's bytes are made from (see port-prints); undefined when it cannot be told. */
  printAt(index: number): string | undefined;
}

export interface DerivedPorts {
  ports: PortList;
  warnings: Problem[];
}

/**
 * The whole record of the port at an index, for its file. When derivation is given whole
 * records, each is its own; a rebuild keeps only the ports' cores and makes a whole record
 * only for a port whose file it renders (see prepare-ports). An object with a method, not a
 * function: see DerivedPortList.
 */
export interface WholeRecords {
  at(index: number): PortRecord;
}

class OwnRecords implements WholeRecords {
  constructor(private readonly records: readonly PortRecord[]) {}

  at(index: number): PortRecord {
    return this.records[index]!;
  }
}

/** Pure: validated records in, published resources out (no I/O, testable without a disk). */
export function derivePorts(records: readonly PortRecord[], file: string): DerivedPorts;
export function derivePorts(records: readonly PortCore[], file: string, whole: WholeRecords): DerivedPorts;
export function derivePorts(records: readonly PortCore[], file: string, whole?: WholeRecords): DerivedPorts {
  const categories = spellCategories(records);
  const maintainers = new MaintainerTally(records);
  const { links, warnings } = resolveDependencies(records, file);
  const prints = new PortPrints(records, categories, maintainers, links);
  const wholeRecords = whole ?? new OwnRecords(records as readonly PortRecord[]);
  return { ports: new DerivedPortList(records, wholeRecords, categories, maintainers, new DependencyLists(records, links), prints), warnings };
}

/**
 * A class rather than closures over the tables: optimised code that calls these methods
 * does not hold the tables themselves (a closure called from a hot loop can be embedded in
 * the loop's optimised code, and with it everything it closes over, past the build's use).
 */
class DerivedPortList implements PortList {
  constructor(
    private readonly records: readonly PortCore[],
    private readonly whole: WholeRecords,
    private readonly categories: ReadonlyMap<string, string>,
    private readonly maintainers: MaintainerTally,
    private readonly dependencies: DependencyLists,
    private readonly prints: PortPrints,
  ) {}

  private readonly texts = new PortTexts();

  get length(): number {
    return this.records.length;
  }

  nameAt(index: number): string {
    return this.records[index]!.name;
  }

  at(index: number): PortResource {
    return this.resourceOf(this.whole.at(index), index);
  }

  textAt(index: number): string {
    const record = this.whole.at(index);
    return this.texts.of(this.resourceOf(record, index), record.escapeFree);
  }

  private resourceOf(record: PortRecord, index: number): PortResource {
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

  printAt(index: number): string | undefined {
    return this.prints.printAt(index);
  }
}

/** Every resource at once, for tests and small catalogues. */
export function allPorts(list: PortList): PortResource[] {
  return Array.from({ length: list.length }, (_, i) => list.at(i));
}
