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
 * The index as the search reads it, made once when it is loaded. Its ports are laid out in the
 * order ties are shown (shorter names first, then catalogue order): walking them, each match
 * has its place in its rank already, so a keystroke costs one pass with no sort, however many
 * ports match. For each, in that order: its name in lower case; its name and description in
 * lower case in one text (a newline between, which no word of a query holds, so a word never
 * spans both); and three masks of the letters and digits (see bitOf) in its text, in its name,
 * and starting a word of its text. A port whose text lacks a letter of the query is passed over
 * on one test of its mask, and a query of one letter (the broadest, which nearly every port
 * matches) is answered from the masks alone.
 */
export interface SearchIndex {
  ports: SearchIndexed[];
  names: string[];
  texts: string[];
  textMasks: Int32Array;
  nameMasks: Int32Array;
  startMasks: Int32Array;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether a character is part of a word: a letter or a digit (ASCII told apart without a regular expression, as most text is). */
function inWord(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return LETTER_OR_DIGIT.test(String.fromCharCode(code));
}

/** A character's bit in the masks: its own for a letter a-z, one shared by two digits, none for any other. */
function bitOf(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 48 && code <= 57) return 1 << (26 + ((code - 48) % 5));
  return 0;
}

function maskOf(word: string): number {
  let mask = 0;
  for (let at = 0; at < word.length; at++) mask |= bitOf(word.charCodeAt(at));
  return mask;
}

export function indexed(entries: readonly SearchEntry[]): SearchIndex {
  // By name length, catalogue order kept within each length: a counting sort.
  const byLength: SearchEntry[][] = [];
  for (const entry of entries) (byLength[entry[0].length] ??= []).push(entry);
  const ports = byLength.flat().map(([name, description, active]) => ({ name, description, active: active !== 0 }));
  const names = ports.map((port) => port.name.toLowerCase());
  const texts = ports.map((port, at) => `${names[at]}\n${port.description.toLowerCase()}`);
  const [textMasks, nameMasks, startMasks] = [0, 1, 2].map(() => new Int32Array(ports.length)) as [Int32Array, Int32Array, Int32Array];
  texts.forEach((text, at) => {
    let previous = 10; // the start of the text starts a word
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const bit = bitOf(code);
      textMasks[at]! |= bit;
      if (i < names[at]!.length) nameMasks[at]! |= bit;
      if (!inWord(previous)) startMasks[at]! |= bit;
      previous = code;
    }
  });
  return { ports, names, texts, textMasks, nameMasks, startMasks };
}

/** The ports shown of a search's results at first, and how many more each "Show more" adds. */
export const SHOWN = 50;

/** The ranks, best first: the name itself, names that start with the query, names that hold each word, descriptions where each word starts a word, the rest. */
const RANKS = 5;

/** A search's matches, ranked: how many, and any run of them (the page shows them a few at a time). */
export interface SearchResults {
  total: number;
  slice(from: number, to: number): SearchIndexed[];
}

const holdsEvery = (text: string, words: readonly string[]) => {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
};

/** Whether `word` starts a word of `text` somewhere: no letter or digit stands before it. */
function startsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at === 0 || !inWord(text.charCodeAt(at - 1))) return true;
  }
  return false;
}

/**
 * Every port whose name or description holds each word of `query` (case-insensitive), best
 * first: exact name, then names that start with the query, then names that hold it, then
 * descriptions (words that start there before words found inside others); ties by shorter
 * name, then catalogue order.
 */
export function search(index: SearchIndex, query: string): SearchResults {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const { names, texts, textMasks, nameMasks, startMasks } = index;
  const whole = words.join(' ');
  const needed = maskOf(whole);
  const firstBits = words.map((word) => bitOf(word.charCodeAt(0)));
  // One letter a-z has a bit of its own: the masks say all.
  const letter = whole.length === 1 && whole >= 'a' && whole <= 'z' ? needed : 0;
  const startsEvery = (at: number) => words.every((word, w) => (startMasks[at]! & firstBits[w]!) === firstBits[w] && startsWord(texts[at]!, word));
  // Each port's rank plus one (0: no match), in one typed array: no list grows per match, and a
  // keystroke leaves next to nothing for the garbage collector.
  const ranks = new Uint8Array(texts.length);
  const counts = new Array<number>(RANKS).fill(0);
  for (let at = 0; words.length > 0 && at < texts.length; at++) {
    if ((textMasks[at]! & needed) !== needed) continue;
    const name = names[at]!;
    let rank: number;
    if (letter) {
      rank = name === whole ? 0 : name.charCodeAt(0) === whole.charCodeAt(0) ? 1 : nameMasks[at]! & letter ? 2 : startMasks[at]! & letter ? 3 : 4;
    } else {
      if (!holdsEvery(texts[at]!, words)) continue;
      rank = name === whole ? 0 : name.startsWith(whole) ? 1 : holdsEvery(name, words) ? 2 : startsEvery(at) ? 3 : 4;
    }
    ranks[at] = rank + 1;
    counts[rank]!++;
  }
  return {
    total: counts.reduce((sum, count) => sum + count, 0),
    slice(from, to) {
      const found: SearchIndexed[] = [];
      let skip = from;
      for (let rank = 1; rank <= RANKS && found.length < to - from; rank++) {
        if (skip >= counts[rank - 1]!) {
          skip -= counts[rank - 1]!;
          continue;
        }
        for (let at = 0; at < ranks.length && found.length < to - from; at++) {
          if (ranks[at] !== rank) continue;
          if (skip > 0) skip--;
          else found.push(index.ports[at]!);
        }
      }
      return found;
    },
  };
}
