/**
 * Synthetic native PortIndex files (docs/catalogue-format.md, "Importing"), from the synthetic
 * catalogue's ports (./synth/), for `npm run bench`'s import measurement: for each port a line
 * `<name> <length>`, then a line of its Tcl list of key/value pairs; `<length>` counts that
 * line's characters (UTF-16 code units, as Tcl 8.6 and a JavaScript string count them) and its
 * newline, as MacPorts' `portindex` writes `[string length $line] + 1`. Values
 * are written as MacPorts writes them: `categories {net www}`,
 * `maintainers {{jdoe @jdoe} gmail.com:kim openmaintainer}`, `vinfo {universal {description
 * {Build for multiple architectures}}}`.
 */
import type { Maintainer } from './synth/maintainers.js';
import type { PortFields } from './synth/port-index.js';
import { buildCatalogue } from './synth/ports.js';
import { mixSeed, Rng } from './synth/rng.js';
import { EXTRA_SENTENCES } from './synth/vocabulary.js';

/** What Tcl's `list` quotes in an element: white space, and what the list or a script reads. */
const SPECIAL = /[\s{}"\\[\]$;]/;

/** Braces can quote a word whose braces nest and which has no backslash (Tcl's TclScanElement). */
function bracesBalance(word: string): boolean {
  let depth = 0;
  for (const c of word) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/** One element of a Tcl list: bare when it can be, braced when it can be, backslashed otherwise. */
export function tclWord(word: string): string {
  if (word === '') return '{}';
  if (!SPECIAL.test(word) && !word.startsWith('#')) return word;
  if (!word.includes('\\') && bracesBalance(word)) return `{${word}}`;
  return word.replace(/[\s{}"\\[\]$;]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\${c}`));
}

export const tclList = (words: readonly string[]): string => words.map(tclWord).join(' ');

/** A list value (categories, depends_*, a license with alternatives): nested arrays are sublists. */
const listText = (items: readonly unknown[]): string => tclList(items.map((item) => (Array.isArray(item) ? listText(item) : String(item))));

/** MacPorts' addresses: a macports.org one by its name alone, another as `domain:name`, GitHub as `@handle`. */
function maintainerText(maintainer: Maintainer): string {
  const { email, github } = maintainer;
  const words = email ? [email.domain === 'macports.org' ? email.name : `${email.domain}:${email.name}`] : [];
  if (github !== undefined) words.push(`@${github}`);
  return tclList(words);
}

function maintainersText(maintainers: readonly Maintainer[], closed: boolean): string {
  const policy = closed ? [] : [maintainers.length ? 'openmaintainer' : 'nomaintainer'];
  return tclList([...maintainers.map(maintainerText), ...policy]);
}

/** `vinfo`: each variant's name, then its properties as a list of pairs. */
const vinfoText = (vinfo: ReadonlyArray<Record<string, unknown>>): string =>
  tclList(vinfo.flatMap(({ variant, ...properties }) => [String(variant), tclList(Object.entries(properties).flatMap(([key, value]) => [key, Array.isArray(value) ? listText(value) : String(value)]))]));

/**
 * One port's entry (without its header line), keys in the port's order. `closedmaintainer` is
 * written as MacPorts does, by `openmaintainer` or `nomaintainer` in `maintainers`; `active` is
 * the catalogue's, not the index's, and is left out.
 */
export function nativeEntry(port: PortFields): string {
  const words: string[] = [];
  for (const [key, value] of Object.entries(port)) {
    if (key === 'closedmaintainer' || key === 'active' || value === undefined) continue;
    words.push(key);
    if (key === 'maintainers') words.push(maintainersText(value as Maintainer[], port['closedmaintainer'] === true));
    else if (key === 'vinfo') words.push(vinfoText(value as Array<Record<string, unknown>>));
    else if (Array.isArray(value)) words.push(listText(value));
    else words.push(String(value));
  }
  return tclList(words);
}

export function formatNativePortIndex(ports: readonly PortFields[]): string {
  return ports.map((port) => {
    const entry = nativeEntry(port);
    return `${String(port['name'])} ${entry.length + 1}\n${entry}\n`;
  }).join('');
}

/** Two indexes of one catalogue over time, and what importing the second after the first reports. */
export interface PortIndexPair {
  first: string;
  second: string;
  /** The ports of each index. */
  ports: number;
  /** In the second index, not the first (added), in the first only (retired), in both (updated). */
  expected: { added: number; updated: number; retired: number };
}

/**
 * `ports` ports in each index: the second drops 1 % of the first's ports, lists 1 % that the
 * first did not, and changes every other port's version. Both are drawn from one synthetic
 * catalogue of `ports` + 1 % ports, in its order (by port directory, as portindex walks them),
 * so the new ports turn up among the others, as they do in MacPorts; the same seed gives the
 * same bytes.
 */
export function synthPortIndexPair(ports: number, seed: number): PortIndexPair {
  const share = Math.max(1, Math.round(ports / 100));
  const total = ports + share;
  const all = (JSON.parse(buildCatalogue(total, seed).json) as { ports: PortFields[] }).ports;
  // The catalogue's long descriptions are mostly the description again; MacPorts' run to a
  // paragraph, which makes its PortIndex some 1 KB a port (40 MB for 40,000 ports).
  const rng = new Rng(mixSeed(seed, 3));
  for (const port of all) port['long_description'] = [port['long_description'], ...Array.from({ length: rng.range(2, 10) }, () => rng.pick(EXTRA_SENTENCES))].join(' ');
  const stride = Math.floor(total / share);
  const inStride = (i: number, at: number) => i < share * stride && i % stride === at;
  const firstOnly = (i: number) => inStride(i, 0);
  const secondOnly = (i: number) => inStride(i, Math.floor(stride / 2));
  const first = all.filter((_, i) => !secondOnly(i));
  const second = all.map((port, i) => (secondOnly(i) ? port : { ...port, version: `${String(port['version'])}.1` })).filter((_, i) => !firstOnly(i));
  return {
    first: formatNativePortIndex(first),
    second: formatNativePortIndex(second),
    ports,
    expected: { added: share, updated: ports - share, retired: share },
  };
}
