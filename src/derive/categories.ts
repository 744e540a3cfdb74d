import type { PortCore } from '../validate/port-record.js';

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
