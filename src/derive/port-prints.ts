import type { PortCore } from '../validate/port-record.js';
import { VERSION } from '../version.js';
import type { DependencyLinks } from './dependencies.js';
import { doubled } from './doubled.js';
import type { MaintainerTally } from './maintainers.js';

/**
 * Raise when anything that turns a port's text into its file's bytes changes (its record's
 * defaults, derivation, rendering), as PAGES_FORMAT for the pages: prints made by other code
 * are never compared.
 */
const PORT_FILES_FORMAT = 2;

/** Which code made a set of prints: only prints of the same key are compared. */
export const PRINTS_KEY = `${PORT_FILES_FORMAT}/${VERSION}`;

/**
 * A port's print: two ports with equal prints have files with equal bytes, so a rebuild can
 * carry the previous file over instead of rendering it again. The print is the digest of the
 * port's own text (PortCore.sourcePrint), which makes its record, followed by a 64-bit hash
 * of everything its file takes from the rest of the catalogue: how its categories are first
 * spelled, its maintainers as published (counts included), the names its dependencies resolve
 * to, and the ports that depend on it. A port without a source print has none.
 *
 * The second part is a hash made in JavaScript from the derived tables, not a digest of text:
 * a digest of the derived parts (or of the rendered file) costs as much as rendering it, which
 * is what the print saves. Accidental equality of two 64-bit hashes is the only way to a stale
 * file (about 1 in 10^19 per changed port).
 */
export class PortPrints {
  private readonly names: TextHashes;
  /**
   * Dependents are a set (SPEC 2.1 publishes them sorted), so they are summed: a hash of each
   * (kind, dependent) pair, added up per target, whatever order the pairs come in.
   */
  private readonly dependentsA: Int32Array;
  private readonly dependentsB: Int32Array;
  private readonly dependents: Int32Array;
  /** Maintainers and categories are few and listed by many ports: each is hashed once. */
  private readonly people: TextHashes;
  private readonly spellings = new Map<string, number>();
  private readonly spellingHashes = new TextHashes(0);

  constructor(
    private readonly records: readonly PortCore[],
    private readonly categories: ReadonlyMap<string, string>,
    private readonly maintainers: MaintainerTally,
    private readonly links: DependencyLinks,
  ) {
    const { pairs, firstPair } = links;
    const names = (this.names = new TextHashes(records.length));
    for (let i = 0; i < records.length; i++) names.set(i, records[i]!.name);
    const people = (this.people = new TextHashes(maintainers.people.length));
    maintainers.people.forEach((person, i) => people.set(i, person.name, person.github, String(person.ports_count)));
    this.dependentsA = new Int32Array(records.length);
    this.dependentsB = new Int32Array(records.length);
    this.dependents = new Int32Array(records.length);
    for (let port = 0; port < records.length; port++) {
      for (let k = firstPair[port]!; k < firstPair[port + 1]!; k++) {
        const target = pairs.targetAt(k);
        const kind = pairs.kindAt(k);
        this.dependentsA[target] = (this.dependentsA[target]! + finishA(stepA(stepA(stepA(SEED_A, kind), names.a[port]!), names.b[port]!))) | 0;
        this.dependentsB[target] = (this.dependentsB[target]! + finishB(stepB(stepB(stepB(SEED_B, kind), names.a[port]!), names.b[port]!))) | 0;
        this.dependents[target]!++;
      }
    }
  }

  /** The print of the port at `index`; undefined when it has no source print. */
  printAt(index: number): string | undefined {
    const record = this.records[index]!;
    if (record.sourcePrint === undefined) return undefined;
    const { pairs, firstPair } = this.links;
    const lanes = new Lanes();
    lanes.word(record.categories.length);
    for (const category of record.categories) {
      let known = this.spellings.get(category);
      if (known === undefined) this.spellings.set(category, (known = this.spellingHashes.add(this.categories.get(category.toLowerCase()) ?? category)));
      lanes.pair(this.spellingHashes, known);
    }
    const maintainers = this.maintainers;
    lanes.word(maintainers.firstOf(index + 1) - maintainers.firstOf(index));
    for (let k = maintainers.firstOf(index); k < maintainers.firstOf(index + 1); k++) lanes.pair(this.people, maintainers.personAt(k));
    lanes.word(firstPair[index + 1]! - firstPair[index]!);
    for (let k = firstPair[index]!; k < firstPair[index + 1]!; k++) {
      lanes.word(pairs.kindAt(k));
      lanes.pair(this.names, pairs.targetAt(k));
    }
    lanes.word(this.dependents[index]!);
    lanes.word(this.dependentsA[index]!);
    lanes.word(this.dependentsB[index]!);
    return `${record.sourcePrint}.${lanes.digest()}`;
  }
}

/** The two lanes' hashes of texts (or of runs of texts), by number. */
class TextHashes {
  a: Int32Array;
  b: Int32Array;
  private count = 0;

  constructor(size: number) {
    this.a = new Int32Array(Math.max(size, 16));
    this.b = new Int32Array(Math.max(size, 16));
  }

  set(index: number, ...texts: string[]): void {
    const lanes = new Lanes();
    for (const text of texts) lanes.text(text);
    this.a[index] = lanes.a;
    this.b[index] = lanes.b;
  }

  /** Hashes of the next number; the number. */
  add(...texts: string[]): number {
    if (this.count === this.a.length) {
      this.a = doubled(this.a);
      this.b = doubled(this.b);
    }
    this.set(this.count, ...texts);
    return this.count++;
  }
}

const DIGITS = Uint16Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', (c) => c.charCodeAt(0));
const SEED_A = 0x9747b28c;
const SEED_B = 0x3c6ef372;
/** Ends every text: no UTF-16 code unit has this value, so texts cannot run into each other. */
const END_OF_TEXT = 0x10000;

/**
 * Two 32-bit lanes, each mixing one 32-bit word at a time as MurmurHash3 does, with different
 * constants and rotations so that what makes one lane collide does not carry over to the other.
 */
class Lanes {
  a = SEED_A;
  b = SEED_B;

  word(value: number): void {
    this.a = stepA(this.a, value);
    this.b = stepB(this.b, value);
  }

  text(value: string): void {
    for (let i = 0; i < value.length; i++) this.word(value.charCodeAt(i));
    this.word(END_OF_TEXT);
  }

  /** The two words `hashes` has for `index`. */
  pair(hashes: TextHashes, index: number): void {
    this.word(hashes.a[index]!);
    this.word(hashes.b[index]!);
  }

  /** The 64 bits, in eleven base64url characters. */
  digest(): string {
    const a = finishA(this.a ^ this.b);
    const b = finishB(this.b ^ Math.imul(this.a, 0x27d4eb2d));
    return String.fromCharCode(
      DIGITS[a & 63]!, DIGITS[(a >>> 6) & 63]!, DIGITS[(a >>> 12) & 63]!, DIGITS[(a >>> 18) & 63]!, DIGITS[(a >>> 24) & 63]!,
      DIGITS[((a >>> 30) | (b << 2)) & 63]!, DIGITS[(b >>> 4) & 63]!, DIGITS[(b >>> 10) & 63]!, DIGITS[(b >>> 16) & 63]!,
      DIGITS[(b >>> 22) & 63]!, DIGITS[(b >>> 28) & 63]!,
    );
  }
}

function stepA(hash: number, value: number): number {
  let k = Math.imul(value, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const h = hash ^ k;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
}

function stepB(hash: number, value: number): number {
  let k = Math.imul(value, 0x85ebca77);
  k = (k << 11) | (k >>> 21);
  k = Math.imul(k, 0xc2b2ae3d);
  const h = hash ^ k;
  return (Math.imul((h << 17) | (h >>> 15), 9) + 0x165667b1) | 0;
}

function finishA(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function finishB(hash: number): number {
  let h = hash ^ (hash >>> 15);
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  return h ^ (h >>> 15);
}
