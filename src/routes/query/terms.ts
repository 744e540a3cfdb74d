import { isPythonSpace, stripPython } from '../python-text.js';

/**
 * DRF 3.15's search terms (`search_smart_split`) of a `search` value, in linear time: the value
 * cut as Django's `smart_split` cuts it, then each token's commas at its ends dropped; a token
 * quoted at both ends with the same quote is one term, unquoted as `unescape_string_literal`
 * does; any other token is split at commas, each non-empty piece stripped of white space.
 */
export function searchTerms(value: string): string[] {
  const terms: string[] = [];
  for (const token of smartSplit(value)) {
    const term = stripCommas(token);
    const quote = term[0];
    if ((quote === '"' || quote === "'") && term.at(-1) === quote) {
      terms.push(unescapeStringLiteral(term, quote));
      continue;
    }
    for (const piece of term.split(',')) if (piece !== '') terms.push(stripPython(piece));
  }
  return terms;
}

const isQuote = (c: string | undefined) => c === '"' || c === "'";
/** Neither white space nor a quote: Django's `[^\s'"]`. */
const isPlain = (c: string) => !isQuote(c) && !isPythonSpace(c);

/**
 * The end of the quoted string that starts at `start`, just past its closing quote, or -1:
 * `"(?:[^"\\]|\\.)*"`, where a backslash escapes any character but a newline (`.`).
 * `failures` holds, per quote, where its last failed scan stopped: a scan from a later quote
 * of the same kind before that point is in step with the failed one (that quote was escaped
 * in it) and fails there too, so no character is scanned twice for one kind of quote.
 */
function quotedEnd(text: string, start: number, failures: Map<string, number>): number {
  const quote = text[start]!;
  if (start < (failures.get(quote) ?? -1)) return -1;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === quote) return i + 1;
    if (c === '\\') {
      if (i + 1 >= text.length || text[i + 1] === '\n') {
        failures.set(quote, i);
        return -1;
      }
      i++;
    }
  }
  failures.set(quote, text.length);
  return -1;
}

/**
 * Django's `smart_split`, the regular expression `((?:[^\s'"]*(?:(?:"…"|'…')[^\s'"]*)+)|\S+)`
 * matched left to right, in linear time (see quotedEnd): a value of unclosed quotes costs
 * the regular expression a scan to the end from each of them.
 */
export function smartSplit(text: string): string[] {
  const tokens: string[] = [];
  const failures = new Map<string, number>();
  let i = 0;
  while (i < text.length) {
    if (isPythonSpace(text[i]!)) {
      i++;
      continue;
    }
    let at = i;
    while (at < text.length && isPlain(text[at]!)) at++;
    // The first alternative: plain characters with at least one whole quoted string among them.
    let end = -1;
    while (isQuote(text[at])) {
      const closed = quotedEnd(text, at, failures);
      if (closed === -1) break;
      at = closed;
      while (at < text.length && isPlain(text[at]!)) at++;
      end = at;
    }
    // Otherwise `\S+`.
    if (end === -1) for (end = i; end < text.length && !isPythonSpace(text[end]!); ) end++;
    tokens.push(text.slice(i, end));
    i = end;
  }
  return tokens;
}

/** Python's `token.strip(',')`. */
function stripCommas(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && token[start] === ',') start++;
  while (end > start && token[end - 1] === ',') end--;
  return token.slice(start, end);
}

/** Django's unescape_string_literal: quotes removed, `\<quote>` then `\\` undone. */
function unescapeStringLiteral(term: string, quote: string): string {
  return term.slice(1, -1).replaceAll(`\\${quote}`, quote).replaceAll('\\\\', '\\');
}
