import type { Problem } from '../core/problems/problem.js';
import { keptOwn, type OwnOf, type PortOwn, type PortRecord } from '../catalogue/records/port-record.js';
import { categoriesOf, printCategories, spellCategories } from './categories.js';
import { DependencyLists, resolveDependencies, type DependencyLinks, type DependencyResource } from './dependencies.js';
import { listCategories, listMaintainers, type CategoryListing, type MaintainerListing } from './listings.js';
import { MaintainerTally, type MaintainerResource } from './maintainers.js';
import { hexOf, joinLanes, PrintHash, type Lanes } from './print-hash.js';

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

/** The fields a port's own text makes alone (through its record); see PortList.printAt. */
export const OWN_FIELDS = ['name', 'portdir', 'version', 'license', 'platforms', 'epoch', 'replaced_by', 'homepage', 'description', 'long_description', 'active', 'variants'] as const satisfies ReadonlyArray<keyof PortResource>;

/** The fields that take something from other ports: every field not declared own. */
type CrossField = Exclude<keyof PortResource, (typeof OWN_FIELDS)[number]>;

/** The fields made from the dependency links (see DependencyLists.linkLanes); the others are the listing part of a print. */
type LinkField = 'dependencies' | 'depends_on';
type ListingField = Exclude<CrossField, LinkField>;

/**
 * The resources in catalogue order, each made when it is asked for: held all at once beside
 * the records they are made from, they would raise the build's peak memory.
 */
export interface PortSummary {
  name: string;
  description: string;
  active: boolean;
}

/** What a port's page shows: its resource, and what the API does not publish of it. */
export interface PortPageData {
  port: PortResource;
  variantNotes: Record<string, string>;
}

/** A port's fields that queries search and filter (SPEC 4b), as its resource publishes them. */
export type QueryFacts = Pick<PortResource, 'name' | 'categories' | 'maintainers' | 'variants'>;

export interface PortList {
  readonly length: number;
  nameAt(index: number): string;
  at(index: number): PortResource;
  /** The resource and its variants' descriptions, for the port's page (see PortOwn.variantNotes). */
  pageAt(index: number): PortPageData;
  /** What the browser's search index holds of a port (see render/search-index). */
  summaryAt(index: number): PortSummary;
  /** What the query index holds of a port (see render/query-index): its fields as published, without its own text. */
  queryFactsAt(index: number): QueryFacts;
  /** Whether the port's own strings need no escaping in JSON (see PortRecord.escapeFree). */
  escapeFreeAt(index: number): boolean;
  /**
   * The port's print: two ports with equal prints have equal resources (and files, under the
   * same code), so a rebuild can keep a port's previous file instead of making it again. It
   * hashes the port's text, which makes every own field, and what each other field takes from
   * the other ports. Undefined when the port's text is not known (a document read whole).
   * What it takes is hashed in two parts, joined (see joinLanes): the listing part (its
   * categories and maintainers, see listingDigestAt) and the links part (its dependencies both
   * ways, see DependencyLists.linkLanes), so that a rebuild can make one again without the
   * other.
   */
  printAt(index: number): string | undefined;
  /** The listing part of the port's print. */
  listingDigestAt(index: number): string;
  /** The resolved dependencies of every port. */
  links(): DependencyLinks;
  /** The categories and the maintainers, as their lists publish them (see listings). */
  categoryListings(): CategoryListing[];
  maintainerListings(): MaintainerListing[];
}

interface DerivedPorts {
  ports: PortList;
  warnings: Problem[];
}

/**
 * Pure: validated records in, published resources out (no I/O, testable without a disk). The
 * records' own fields are taken by `ownOf` (see ValidatedPorts.ownOf) when a resource is made.
 */
export function derivePorts(records: readonly PortRecord[], file: string, ownOf: OwnOf = keptOwn): DerivedPorts {
  const categories = spellCategories(records);
  const maintainers = new MaintainerTally(records);
  const names = records.map((record) => record.name);
  const { links, warnings } = resolveDependencies(records, file, names);
  return { ports: new DerivedPortList(records, ownOf, categories, maintainers, new DependencyLists(names, links)), warnings };
}

/**
 * A class rather than closures over the tables: optimised code that calls these methods
 * does not hold the tables themselves (a closure called from a hot loop can be embedded in
 * the loop's optimised code, and with it everything it closes over, past the build's use).
 */
class DerivedPortList implements PortList {
  /**
   * Per field of the listing part, how what it takes is fed to a port's print. A field added to
   * PortResource and declared neither own nor a link must have one here, or this does not
   * compile. Static, as the methods are: nothing compiled from a hot loop holds a list's tables.
   */
  private static readonly LISTING_PRINTS: { readonly [K in ListingField]: (list: DerivedPortList, hash: PrintHash, index: number) => void } = {
    categories: (list, hash, index) => printCategories(hash, list.records[index]!, list.categories, (list.firstSpellings ??= new Set(list.categories.values()))),
    maintainers: (list, hash, index) => list.maintainers.print(hash, index),
  };
  private static readonly LISTING_FIELDS = Object.keys(DerivedPortList.LISTING_PRINTS) as ListingField[];
  /** The categories as first spelled (see printCategories), made when first printed. */
  private firstSpellings: Set<string> | undefined;
  /** Each port's listing part, two lanes a port, as printAt made it (see listingDigestAt); 0, 0 when not made yet. */
  private listingLanes: Uint32Array | undefined;

  constructor(
    private readonly records: readonly PortRecord[],
    private readonly ownOf: OwnOf,
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

  printAt(index: number): string | undefined {
    const record = this.records[index]!;
    if (record.textHash === undefined) return undefined;
    return record.textHash + joinLanes(this.listingPart(index), this.dependencies.linkLanes(index));
  }

  listingDigestAt(index: number): string {
    return hexOf(this.listingPart(index));
  }

  /** The listing part of the port's print, made once: the snapshot keeps it (see derive/snapshot). */
  private listingPart(index: number): Lanes {
    const lanes = (this.listingLanes ??= new Uint32Array(2 * this.records.length));
    if (lanes[2 * index] === 0 && lanes[2 * index + 1] === 0) {
      // Each field's part starts with its count of items: the parts cannot run into each other.
      const hash = new PrintHash();
      for (const field of DerivedPortList.LISTING_FIELDS) DerivedPortList.LISTING_PRINTS[field](this, hash, index);
      [lanes[2 * index], lanes[2 * index + 1]] = hash.lanes();
    }
    return [lanes[2 * index]!, lanes[2 * index + 1]!];
  }

  links(): DependencyLinks {
    return this.dependencies.links;
  }

  categoryListings(): CategoryListing[] {
    return listCategories(this.records, this.categories);
  }

  maintainerListings(): MaintainerListing[] {
    return listMaintainers(this.records, this.maintainers);
  }

  summaryAt(index: number): PortSummary {
    const record = this.records[index]!;
    return { name: record.name, description: record.description, active: record.active };
  }

  queryFactsAt(index: number): QueryFacts {
    const record = this.records[index]!;
    return { name: record.name, categories: categoriesOf(record, this.categories), maintainers: this.maintainers.of(index), variants: record.variants };
  }

  at(index: number): PortResource {
    const record = this.records[index]!;
    return this.resource(index, this.ownOf(record));
  }

  pageAt(index: number): PortPageData {
    const own = this.ownOf(this.records[index]!);
    return { port: this.resource(index, own), variantNotes: own.variantNotes ?? {} };
  }

  private resource(index: number, own: PortOwn): PortResource {
    const record = this.records[index]!;
    return portResource(record.name, own, {
      categories: categoriesOf(record, this.categories),
      maintainers: this.maintainers.of(index),
      dependencies: this.dependencies.forwardOf(index),
      depends_on: this.dependencies.reverseOf(index),
    });
  }
}

/** A port's resource from its own fields and what it takes from the other ports, in PortResource's order. */
export function portResource(name: string, own: PortOwn, cross: Pick<PortResource, CrossField>): PortResource {
  return {
    name,
    portdir: own.portdir,
    version: own.version,
    license: own.license,
    platforms: own.platforms,
    epoch: own.epoch,
    replaced_by: own.replacedBy,
    homepage: own.homepage,
    description: own.description,
    long_description: own.longDescription,
    active: own.active,
    categories: cross.categories,
    maintainers: cross.maintainers,
    variants: own.variants,
    dependencies: cross.dependencies,
    depends_on: cross.depends_on,
  };
}

/** What the search index and the pages' lists take of each port, in catalogue order. */
export function* summaries(list: PortList): Iterable<PortSummary> {
  for (let i = 0; i < list.length; i++) yield list.summaryAt(i);
}
