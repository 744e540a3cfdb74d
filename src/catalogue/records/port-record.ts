import { variantNotes } from './variant-notes.js';
import { DEPENDENCY_KINDS, type DependencyKind, type PortSource } from './port-schema.js';

export interface MaintainerSource {
  name: string;
  domain: string;
  github: string;
}

/** What derivation takes from a validated port to derive the ports' relations (see derive/). */
export interface PortCore {
  /** Position in `ports`, for problem locations. */
  index: number;
  name: string;
  categories: string[];
  maintainers: MaintainerSource[];
  /** Raw dependency strings per kind (`port:zlib`, `lib:libz:zlib`, ...). */
  depends: Record<DependencyKind, string[]>;
  /** Whether the port is active: the category and maintainer pages list only active ports. */
  active: boolean;
  /**
   * Its description, kept for the browser's search index, which lists every port's: read again
   * from every port's text (see PortRecord.own), a one-port rebuild would take a third longer.
   */
  description: string;
  /** Its variants' names, kept for the query index, which searches and filters by them. */
  variants: string[];
  /**
   * Its entry of `dump/versions.json` (see render/versions), as JSON text: its version,
   * revision, epoch, port directory and activity. Kept for every port, as the description is,
   * so that the versions file is made without reading every port's text again.
   */
  release: string;
}

/** The fields a port's text makes alone, with the defaults of docs/catalogue-format.md applied. */
export interface PortOwn {
  portdir: string;
  version: string;
  license: string;
  platforms: string;
  epoch: number;
  replacedBy: string | null;
  homepage: string;
  description: string;
  longDescription: string;
  active: boolean;
  variants: string[];
  /**
   * Each variant's description, by its name in lower case (see variantNotes): shown by the
   * pages, never published by the API; undefined when not known (a port made again from its
   * last file).
   */
  variantNotes?: Record<string, string>;
}

/** A validated port, as its file publishes it. */
export interface PortRecord extends PortCore {
  /**
   * The port's own fields, or undefined when they are read again from its text when its file
   * is made (see ValidatedPorts.ownOf): every port's strings held from the reading to the
   * writing would make the heap grow past where V8 marks it whole, which cost a rebuild more
   * than the few ports it reads again.
   */
  own: PortOwn | undefined;
  /**
   * The port's text in `portindex.json` has no backslash, so none of its strings needs
   * escaping in JSON (see render/port-text): no `"`, `\`, control character or lone surrogate
   * can reach a string but through an escape. False when it was not told.
   */
  escapeFree: boolean;
  /**
   * The content hash of the port's text in `portindex.json`: the same text makes the same
   * record, so it stands for every field above in a port's print (see derive/ports). Undefined
   * when the document was read whole.
   */
  textHash: string | undefined;
  /**
   * An element of its lists was itself a list, read joined (see wordsOf): its text makes a
   * `nested-list` warning, so its record is not kept for the next build (see record-cache),
   * which reads the port again and warns again.
   */
  joinedLists: boolean;
}

export type OwnOf = (record: PortRecord) => PortOwn;

/** The own fields of records that keep them (see toPortRecord). */
export const keptOwn: OwnOf = (record) => {
  if (!record.own) throw new Error(`port ${record.name} was read without its own fields, and they cannot be read again`);
  return record.own;
};

/** One shared empty list for every absent key: most ports lack most dependency kinds. */
const NONE: string[] = Object.freeze([]) as unknown as string[];

/** docs/catalogue-format.md: `["MIT", ["PSF", "ZPL"]]` is published as `MIT and (PSF or ZPL)`. */
function joinLicense(license: PortSource['license']): string {
  if (license === undefined) return '';
  if (typeof license === 'string') return license;
  return license.map((part) => (typeof part === 'string' ? part : `(${part.join(' or ')})`)).join(' and ');
}

/** Source order, later repeats of the same name in another letter case dropped. */
function uniqueCaseInsensitive(values: readonly string[]): string[] {
  if (values.length < 2) return values.length === 0 ? NONE : [...values];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** A list as the port publishes it: an element that is a list (an early PortIndex's) read as Tcl reads it, its words joined by one space. */
function wordsOf(list: ReadonlyArray<string | string[]> | undefined): string[] {
  if (list === undefined) return NONE;
  for (const element of list) if (typeof element !== 'string') return list.map((item) => (typeof item === 'string' ? item : item.join(' ')));
  return list as string[];
}

/** The lists whose elements may be lists, by key (see wordsOf). */
const WORD_LIST_KEYS = ['categories', 'variants', ...DEPENDENCY_KINDS.map((kind) => `depends_${kind}` as const)] as const;

/** Each element of a port's lists that is itself a list: its JSON path in the port, and its words. */
export function nestedElements(source: PortSource): Array<{ path: string; words: string[] }> {
  const found: Array<{ path: string; words: string[] }> = [];
  for (const key of WORD_LIST_KEYS) {
    source[key]?.forEach((element, i) => {
      if (typeof element !== 'string') found.push({ path: `${key}[${i}]`, words: element });
    });
  }
  return found;
}

function hasNestedElement(source: PortSource): boolean {
  for (const key of WORD_LIST_KEYS) if (source[key] !== undefined && wordsOf(source[key]) !== source[key]) return true;
  return false;
}

function dependsOf(source: PortSource): Record<DependencyKind, string[]> {
  // Read by name, in DEPENDENCY_KINDS order: one object shape for every port.
  return {
    lib: wordsOf(source.depends_lib),
    extract: wordsOf(source.depends_extract),
    run: wordsOf(source.depends_run),
    patch: wordsOf(source.depends_patch),
    build: wordsOf(source.depends_build),
    test: wordsOf(source.depends_test),
    fetch: wordsOf(source.depends_fetch),
  };
}

function maintainersOf(source: PortSource): MaintainerSource[] {
  return (source.maintainers ?? []).map((m) => ({
    name: m.email?.name ?? '',
    domain: m.email?.domain ?? '',
    github: m.github ?? '',
  }));
}

/**
 * Every field spelled out, one object shape for every port (a spread was twice as slow). The own
 * fields are left out when `keepOwn` is false: the caller can read them again (see PortRecord.own).
 */
export function toPortRecord(source: PortSource, index: number, escapeFree = false, textHash?: string, keepOwn = true): PortRecord {
  return {
    index,
    name: source.name,
    categories: wordsOf(source.categories),
    maintainers: maintainersOf(source),
    depends: dependsOf(source),
    active: source.active ?? true,
    description: source.description ?? '',
    variants: variantsOf(source),
    release: releaseOf(source),
    own: keepOwn ? toPortOwn(source) : undefined,
    escapeFree,
    textHash,
    joinedLists: hasNestedElement(source),
  };
}

/** A record taken from the cache of an earlier build (see record-cache), in the shape toPortRecord makes. */
export function cachedPortRecord(core: Omit<PortCore, 'index'>, index: number, escapeFree: boolean, textHash: string): PortRecord {
  return {
    index,
    name: core.name,
    categories: core.categories,
    maintainers: core.maintainers,
    depends: core.depends,
    active: core.active,
    description: core.description,
    variants: core.variants,
    release: core.release,
    own: undefined,
    escapeFree,
    textHash,
    joinedLists: false,
  };
}

export function toPortOwn(source: PortSource): PortOwn {
  return {
    portdir: source.portdir,
    version: source.version,
    license: joinLicense(source.license),
    platforms: source.platforms ?? 'darwin',
    epoch: source.epoch === undefined ? 0 : Number(source.epoch),
    replacedBy: source.replaced_by ?? null,
    homepage: source.homepage ?? '',
    description: source.description ?? '',
    longDescription: source.long_description ?? '',
    active: source.active ?? true,
    variants: variantsOf(source),
    variantNotes: variantNotes(source.vinfo),
  };
}

/** A port's variants' names: its `variants`, else those `vinfo` describes; repeats dropped letter case aside. */
function variantsOf(source: PortSource): string[] {
  return uniqueCaseInsensitive(source.variants ? wordsOf(source.variants) : Array.isArray(source.vinfo) ? source.vinfo.map((v) => v.variant) : NONE);
}

/**
 * A port's entry of the versions file: what a program comparing versions needs, in this order.
 * The revision, which no port object carries, as the catalogue gives it: a string of digits (as
 * portindex2json writes every value) or an integer is a number, 0 when absent; any other text
 * stays text.
 */
function releaseOf(source: PortSource): string {
  const revision = revisionOf(source.revision);
  const epoch = source.epoch === undefined ? 0 : Number(source.epoch);
  return JSON.stringify({ version: source.version, revision, epoch, portdir: source.portdir, active: source.active ?? true });
}

/** A revision as the versions file and the record of changes publish it (see releaseOf). */
export function revisionOf(value: unknown): number | string {
  if (value === undefined || value === null) return 0;
  return /^[0-9]{1,15}$/.test(String(value)) ? Number(value) : String(value);
}
