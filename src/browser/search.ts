/** The browser's search over the site's search index: pure, the index and the query in, the ranked ports out. */

/** `browser/search.json`: name and description of every port, in catalogue order; a third element 0 for a retired port. */
export type SearchEntry = [string, string] | [string, string, 0];

/** A port as the search shows it. */
export interface SearchIndexed {
  name: string;
  description: string;
  active: boolean;
}

/**
 * The index as the search reads it, made once when it is loaded: each port's name and its
 * name and description in lower case in one text (a newline between, which no word of a query
 * holds, so a word never spans both), and the ports in the order ties are shown (shorter names
 * first, then catalogue order). Walking that order, each match lands in its rank's list already
 * in place: a keystroke costs one pass with no sort, however many ports match.
 */
export interface SearchIndex {
  ports: SearchIndexed[];
  lowerNames: string[];
  texts: string[];
  order: Uint32Array;
}

export function indexed(entries: readonly SearchEntry[]): SearchIndex {
  const ports = entries.map(([name, description, active]) => ({ name, description, active: active !== 0 }));
  const lowerNames = ports.map((port) => port.name.toLowerCase());
  const texts = ports.map((port, at) => `${lowerNames[at]}\n${port.description.toLowerCase()}`);
  const order = Uint32Array.from(ports.keys()).sort((a, b) => ports[a]!.name.length - ports[b]!.name.length || a - b);
  return { ports, lowerNames, texts, order };
}

/** The ports shown of a search's results at first, and how many more each "Show more" adds. */
export const SHOWN = 50;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether `word` starts a word of `text` somewhere: no letter or digit stands before it (ASCII told apart without a regular expression, as most text is). */
function startsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at === 0) return true;
    const code = text.charCodeAt(at - 1);
    const inWord = code < 128 ? (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90) : LETTER_OR_DIGIT.test(text[at - 1]!);
    if (!inWord) return true;
  }
  return false;
}

/** The ranks, best first: the name itself, names that start with the query, names that hold each word, descriptions where each word starts a word, the rest. */
const RANKS = 5;

function rank(name: string, text: string, whole: string, words: readonly string[]): number {
  if (name === whole) return 0;
  if (name.startsWith(whole)) return 1;
  if (words.every((word) => name.includes(word))) return 2;
  return words.every((word) => startsWord(text, word)) ? 3 : 4;
}

/**
 * Every port whose name or description holds each word of `query` (case-insensitive), best
 * first: exact name, then names that start with the query, then names that hold it, then
 * descriptions (words that start there before words found inside others); ties by shorter
 * name, then catalogue order.
 */
export function search(index: SearchIndex, query: string): SearchIndexed[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const whole = words.join(' ');
  const ranked: number[][] = Array.from({ length: RANKS }, () => []);
  const { order, texts, lowerNames } = index;
  for (let i = 0; i < order.length; i++) {
    const at = order[i]!;
    const text = texts[at]!;
    let every = true;
    for (const word of words) {
      if (!text.includes(word)) {
        every = false;
        break;
      }
    }
    if (every) ranked[rank(lowerNames[at]!, text, whole, words)]!.push(at);
  }
  return ranked.flat().map((at) => index.ports[at]!);
}
