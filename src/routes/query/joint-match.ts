import type { QueryIndex, RefLists } from './read-query-index.js';

/**
 * DRF hands every search term to one `filter()`, so Django joins each relation once and the
 * terms share the joined row: a port is kept when its name and ONE maintainer, ONE variant and
 * ONE category (each none when it has none) hold every term between them (SPEC section 4b).
 * `?search=universal debug` keeps a port named `...debug...` with a variant `universal`, not
 * one with the separate variants `universal` and `debug`.
 *
 * Which terms a string holds is a bit set, made once per string of the index and per port
 * name; a row holds every term when the union of its bit sets is full.
 */
export class JointMatch {
  private readonly words: number;
  private readonly full: Uint32Array;
  private readonly none: Uint32Array;
  /** The name's bit set, made again for each port asked about. */
  private readonly name: Uint32Array;
  private readonly ofRef = new Map<number, Uint32Array>();

  constructor(
    private readonly index: QueryIndex,
    private readonly keys: readonly string[],
  ) {
    this.words = Math.ceil(keys.length / 32);
    this.none = new Uint32Array(this.words);
    this.name = new Uint32Array(this.words);
    this.full = new Uint32Array(this.words).fill(0xffffffff);
    if (keys.length % 32 !== 0) this.full[this.words - 1] = 2 ** (keys.length % 32) - 1;
  }

  private fill(bits: Uint32Array, folded: string): Uint32Array {
    bits.fill(0);
    for (let t = 0; t < this.keys.length; t++) if (folded.includes(this.keys[t]!)) bits[t >>> 5]! |= 1 << (t & 31);
    return bits;
  }

  private bitsOf(ref: number): Uint32Array {
    let bits = this.ofRef.get(ref);
    if (!bits) this.ofRef.set(ref, (bits = this.fill(new Uint32Array(this.words), this.index.foldedStrings[ref]!)));
    return bits;
  }

  /** The k-th row of a port's relation, none past the last (a port without rows has the one none). */
  private row(lists: RefLists, port: number, k: number): Uint32Array {
    const at = lists.starts[port]! + k;
    return at < lists.starts[port + 1]! ? this.bitsOf(lists.refs[at]!) : this.none;
  }

  private covers(maintainer: Uint32Array, variant: Uint32Array, category: Uint32Array): boolean {
    for (let w = 0; w < this.words; w++) if (((this.name[w]! | maintainer[w]! | variant[w]! | category[w]!) >>> 0) !== this.full[w]) return false;
    return true;
  }

  /** Whether the port's name and one row hold every term, the port holding each somewhere already. */
  matches(port: number): boolean {
    const { foldedNames, handles, variants, categories } = this.index.ports;
    const count = (lists: RefLists) => Math.max(1, lists.starts[port + 1]! - lists.starts[port]!);
    const [people, kinds, groups] = [count(handles), count(variants), count(categories)];
    // One row in all: each term held somewhere is held by that row.
    if (people * kinds * groups === 1) return true;
    this.fill(this.name, foldedNames[port]!);
    for (let m = 0; m < people; m++) {
      const maintainer = this.row(handles, port, m);
      for (let v = 0; v < kinds; v++) {
        const variant = this.row(variants, port, v);
        for (let c = 0; c < groups; c++) if (this.covers(maintainer, variant, this.row(categories, port, c))) return true;
      }
    }
    return false;
  }
}
