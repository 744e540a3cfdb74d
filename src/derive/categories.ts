import type { PortCore } from '../catalogue/records/port-record.js';
import type { PrintHash } from './print-hash.js';

/**
 * docs/catalogue-format.md: the live service keys categories case-insensitively, so a category is published
 * as it is first spelled anywhere in the catalogue (ports in order, categories in order).
 */
export function spellCategories(records: readonly PortCore[]): Map<string, string> {
  const spelling = new Map<string, string>();
  for (const record of records) {
    for (const category of record.categories) {
      const key = category.toLowerCase();
      if (!spelling.has(key)) spelling.set(key, category);
    }
  }
  return spelling;
}

export function categoriesOf(record: PortCore, spelling: ReadonlyMap<string, string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const category of record.categories) {
    const key = category.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(spelling.get(key) ?? category);
  }
  return out;
}

/**
 * What a port's categories take from other ports, for its print (see derive/ports): each
 * category's first spelling where it is not the port's own (its own text is printed anyway).
 * `firstSpellings`: the spellings themselves (most categories are one, found without lower-casing).
 */
export function printCategories(hash: PrintHash, record: PortCore, spelling: ReadonlyMap<string, string>, firstSpellings: ReadonlySet<string>): void {
  hash.add(record.categories.length);
  for (const category of record.categories) {
    if (firstSpellings.has(category)) {
      hash.add(0);
    } else {
      hash.add(1);
      hash.addText(spelling.get(category.toLowerCase())!);
    }
  }
}
