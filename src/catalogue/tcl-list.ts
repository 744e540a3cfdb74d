/**
 * A Tcl list, read by Tcl 8.6's own rules (TclFindElement and TclParseBackslash), because a
 * native MacPorts PortIndex is Tcl list text and `portindex2json`, the converter whose output we
 * must equal, reads it with Tcl. Pure: text in, the elements (strings) out; an element that is
 * itself a list is parsed again, by the caller, only when it is needed (as Tcl does). A list that
 * Tcl refuses is returned as data, with Tcl's message and the offset (in UTF-16 code units, as
 * Tcl 8.6 counts characters) where the trouble is.
 *
 * The rules:
 * - elements are separated by ASCII white space (space, \t, \n, \v, \f, \r);
 * - `{...}`: braces nest, a backslash hides the character after it (so `\{` and `\}` do not
 *   count), and the content is taken verbatim, backslashes and backslash-newlines included;
 * - `"..."`: the content up to the next unescaped quote, with backslash substitution;
 * - a bare word: up to the next white space, with backslash substitution (a backslash-newline
 *   does not end it);
 * - after a closing brace or quote there must be white space or the end: `{a}b` is refused.
 */

type TclListResult = { ok: true; elements: string[] } | { ok: false; offset: number; message: string };

/** White space by its code (space, \t, \n, \v, \f, \r): the scanning loops compare numbers, not one-character strings. */
const isSpaceCode = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c);
const isOctal = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '7';

const SIMPLE: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** The hex digits at `start` (at most `max`, and for `\U` never past U+10FFFF): their value and count. */
function hexDigits(text: string, start: number, max: number, limit = Infinity): { value: number; count: number } {
  let value = 0;
  let count = 0;
  while (count < max && isHex(text[start + count])) {
    const next = value * 16 + parseInt(text[start + count]!, 16);
    if (next > limit) break;
    value = next;
    count++;
  }
  return { value, count };
}

/** The character a 16-bit Tcl 8.6 makes of a code point: one beyond the BMP becomes U+FFFD. */
const tclChar = (code: number): string => (code > 0xffff ? '\ufffd' : String.fromCharCode(code));

/**
 * The backslash sequence at `at` (which holds the backslash): what it stands for and how many
 * code units it takes. Tcl 8.6: `\a \b \f \n \r \t \v`; `\xH` (1-2 hex digits); `\uH` (1-4);
 * `\UH` (1-8, up to U+10FFFF); `\ooo` (1-3 octal digits, a third only while the value fits in a byte); a backslash-newline
 * and the spaces and tabs after it become one space; any other `\c` is `c`; a lone backslash at
 * the end is itself.
 */
function backslash(text: string, at: number): { value: string; length: number } {
  const c = text[at + 1];
  if (c === undefined) return { value: '\\', length: 1 };
  if (c in SIMPLE) return { value: SIMPLE[c]!, length: 2 };
  if (c === 'x' || c === 'u' || c === 'U') {
    const { value, count } = c === 'x' ? hexDigits(text, at + 2, 2) : c === 'u' ? hexDigits(text, at + 2, 4) : hexDigits(text, at + 2, 8, 0x10ffff);
    return count === 0 ? { value: c, length: 2 } : { value: tclChar(value), length: 2 + count };
  }
  if (c === '\n') {
    let end = at + 2;
    while (text[end] === ' ' || text[end] === '\t') end++;
    return { value: ' ', length: end - at };
  }
  if (isOctal(c)) {
    // A third digit only while the value stays within a byte: `\777` is `\77` then `7`.
    let value = 0;
    let count = 0;
    while (count < 3 && isOctal(text[at + 1 + count]) && value * 8 + Number(text[at + 1 + count]) <= 0xff) {
      value = value * 8 + Number(text[at + 1 + count]);
      count++;
    }
    return { value: String.fromCharCode(value), length: 1 + count };
  }
  const point = text.codePointAt(at + 1)!;
  const char = String.fromCodePoint(point);
  return { value: char, length: 1 + char.length };
}

/** `text` with every backslash sequence replaced by what it stands for. */
export function substituteBackslashes(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const next = text.indexOf('\\', i);
    if (next < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, next);
    const { value, length } = backslash(text, next);
    out += value;
    i = next + length;
  }
  return out;
}

/** Up to 20 characters from `at`, to the next white space, as Tcl quotes junk after an element. */
function junkAt(text: string, at: number): string {
  let end = at;
  while (end < text.length && !isSpaceCode(text.charCodeAt(end)) && end < at + 20) end++;
  return text.slice(at, end);
}

const BACKSLASH = 92;
const OPEN = 123;
const CLOSE = 125;
/** What matters inside braces: nesting, and a backslash that hides the character after it. */
const BRACE_STOPS = /[{}\\]/g;

export function parseTclList(text: string): TclListResult {
  const elements: string[] = [];
  const length = text.length;
  let i = 0;
  for (;;) {
    while (i < length && isSpaceCode(text.charCodeAt(i))) i++;
    if (i >= length) return { ok: true, elements };
    const start = i;
    const first = text[i];
    if (first === '{') {
      // From one brace or backslash to the next by a native search: a value in braces (a
      // paragraph of description) is mostly text with none.
      let depth = 1;
      BRACE_STOPS.lastIndex = i + 1;
      for (;;) {
        const stop = BRACE_STOPS.exec(text);
        if (stop === null) return { ok: false, offset: start, message: 'unmatched open brace in list' };
        const c = text.charCodeAt(stop.index);
        if (c === BACKSLASH) BRACE_STOPS.lastIndex = stop.index + 2;
        else if (c === OPEN) depth++;
        else if (c === CLOSE && --depth === 0) {
          i = stop.index;
          break;
        }
      }
      elements.push(text.slice(start + 1, i));
      i++;
      if (i < text.length && !isSpaceCode(text.charCodeAt(i))) {
        return { ok: false, offset: i, message: `list element in braces followed by "${junkAt(text, i)}" instead of space` };
      }
    } else if (first === '"') {
      i++;
      for (;;) {
        if (i >= text.length) return { ok: false, offset: start, message: 'unmatched open quote in list' };
        const c = text[i];
        if (c === '\\') i += backslash(text, i).length;
        else if (c === '"') break;
        else i++;
      }
      elements.push(substituteBackslashes(text.slice(start + 1, i)));
      i++;
      if (i < text.length && !isSpaceCode(text.charCodeAt(i))) {
        return { ok: false, offset: i, message: `list element in quotes followed by "${junkAt(text, i)}" instead of space` };
      }
    } else {
      for (;;) {
        if (i >= length) break;
        const c = text.charCodeAt(i);
        if (isSpaceCode(c)) break;
        i += c === BACKSLASH ? backslash(text, i).length : 1;
      }
      elements.push(substituteBackslashes(text.slice(start, i)));
    }
  }
}
