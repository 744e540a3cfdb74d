import { doubled } from './doubled.js';

/** Growable packed (kind index, target index) pairs: no array per port. */
export class PairList {
  private kinds: Uint8Array = new Uint8Array(1024);
  private targets: Int32Array = new Int32Array(1024);
  length = 0;

  /** The pairs of `kinds` and `targets`, taken as they are (not copied). */
  static of(kinds: Uint8Array, targets: Int32Array): PairList {
    const list = new PairList();
    list.kinds = kinds;
    list.targets = targets;
    list.length = targets.length;
    return list;
  }

  /** Every pair's kind index, then every pair's target (views, not copies). */
  views(): { kinds: Uint8Array; targets: Int32Array } {
    return { kinds: this.kinds.subarray(0, this.length), targets: this.targets.subarray(0, this.length) };
  }

  push(kindIndex: number, target: number): void {
    if (this.length === this.targets.length) {
      this.kinds = doubled(this.kinds);
      this.targets = doubled(this.targets);
    }
    this.kinds[this.length] = kindIndex;
    this.targets[this.length++] = target;
  }

  kindAt(k: number): number {
    return this.kinds[k]!;
  }

  targetAt(k: number): number {
    return this.targets[k]!;
  }
}
