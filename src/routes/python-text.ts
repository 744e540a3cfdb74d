/**
 * Python's idea of white space and of string order, which Django and DRF apply to a request's
 * text: JS's `\s` and `trim()` differ (U+FEFF is space to JS, `\x1c`-`\x1f` and U+0085 are not),
 * and so does `<` (UTF-16 code units, not code points).
 */

/** Python's str.isspace() set (what `\s` matches in a Python str pattern). */
const PYTHON_SPACE = /[\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const ONE_SPACE = new RegExp(`^${PYTHON_SPACE.source}$`);

export function isPythonSpace(c: string): boolean {
  return ONE_SPACE.test(c);
}

/**
 * Python's `text.strip()`, one character at a time, in linear time: a regular expression for
 * the trailing run (`\s+$`) tries again from every space of a run that does not end the text,
 * quadratic in a request's value.
 */
export function stripPython(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text[start]!)) start++;
  while (end > start && isPythonSpace(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** Python's comparison of two str: by code point, where `<` compares UTF-16 code units. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Only a surrogate against U+E000-U+FFFF orders differently: a surrogate stands for U+10000 and up.
    const surrogateX = x >= 0xd800 && x <= 0xdfff;
    const surrogateY = y >= 0xd800 && y <= 0xdfff;
    return surrogateX === surrogateY ? x - y : surrogateX ? 1 : -1;
  }
  return a.length - b.length;
}
