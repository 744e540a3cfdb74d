/**
 * Writes a native PortIndex as MacPorts' `portindex` writes one, for tests: for each entry a
 * line `<name> <length>`, then a line of its key/value pairs as Tcl's `array get` makes them, the
 * length counting that line's characters (UTF-16 code units, as Tcl 8.6 counts them, so text
 * beyond ASCII and beyond the BMP included) and its newline: `[string length $line] + 1`.
 */
import { tclList, tclWord } from '../../scripts/synth-port-index.js';

/** A Tcl value: a string is one word; an array is a list of values (nested, where a value is itself a list). */
export type TclValue = string | readonly TclValue[];

/** The Tcl text of a value, as Tcl's `list` quotes it. */
export const tclText = (value: TclValue): string => (typeof value === 'string' ? value : tclList(value.map(tclText)));

export interface NativeEntry {
  name: string;
  /** Keys and their values in the entry's order (a value is its Tcl text, or a list made into one). */
  pairs: ReadonlyArray<readonly [string, TclValue]>;
}

/** One entry's line: the pairs as one Tcl list, each value one element of it. */
export const entryLine = (pairs: NativeEntry['pairs']): string => pairs.map(([key, value]) => `${tclWord(key)} ${tclWord(tclText(value))}`).join(' ');

export function nativePortIndex(entries: readonly NativeEntry[]): string {
  return entries
    .map(({ name, pairs }) => {
      const line = entryLine(pairs);
      return `${tclWord(name)} ${line.length + 1}\n${line}\n`;
    })
    .join('');
}
