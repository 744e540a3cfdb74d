/** The browser's search over the site's search index: pure, the index and the query in, the ranked ports out. */

/** `browser/search.json`: name and description of every port, in catalogue order; a third element 0 for a retired port. */
export type SearchEntry = [string, string] | [string, string, 0];

/** A port as the search reads it: its name and description, and both in lower case. */
export interface SearchIndexed {
  name: string;
  lower: string;
  description: string;
  text: string;
  active: boolean;
}

export const indexed = (entries: readonly SearchEntry[]): SearchIndexed[] =>
  entries.map(([name, description, active]) => ({ name, lower: name.toLowerCase(), description, text: description.toLowerCase(), active: active !== 0 }));

/** The ports shown of a search's results. */
export const SHOWN = 50;

/** Every port whose name or description has each word of `query`: exact names first, then names that start with it, then names, then descriptions. */
export function search(entries: readonly SearchIndexed[], query: string): { total: number; found: SearchIndexed[] } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { total: 0, found: [] };
  const whole = words.join(' ');
  const scored: Array<{ score: number; index: number }> = [];
  entries.forEach((entry, index) => {
    if (!words.every((word) => entry.lower.includes(word) || entry.text.includes(word))) return;
    const score = entry.lower === whole ? 0 : entry.lower.startsWith(whole) ? 1 : words.every((word) => entry.lower.includes(word)) ? 2 : 3;
    scored.push({ score, index });
  });
  scored.sort((a, b) => a.score - b.score || entries[a.index]!.name.length - entries[b.index]!.name.length || a.index - b.index);
  return { total: scored.length, found: scored.slice(0, SHOWN).map(({ index }) => entries[index]!) };
}
