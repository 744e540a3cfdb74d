/**
 * The case folding of the live search: Django's `icontains` on PostgreSQL is
 * `UPPER(field) LIKE UPPER(pattern)`, and UPPER maps each character on its own by Unicode's
 * simple upper-case mapping (no `ß` to `SS`, no context: `σ` and `ς` both to `Σ`). JS's
 * toUpperCase is the full mapping; where it gives more than one character, the simple
 * mapping is the character itself but for the Greek letters with a subscript iota below.
 * Upper-casing (not lower-casing) keeps the final sigma and the dotless i as UPPER has them.
 */
const ASCII = /^[\x00-\x7f]*$/;

/** The characters whose full upper case is two or more and whose simple one is another letter: their title-case form. */
function subscriptIotaUpper(code: number): number | undefined {
  if ((code >= 0x1f80 && code <= 0x1f87) || (code >= 0x1f90 && code <= 0x1f97) || (code >= 0x1fa0 && code <= 0x1fa7)) return code + 8;
  if (code === 0x1fb3 || code === 0x1fc3 || code === 0x1ff3) return code + 9;
  return undefined;
}

/** `text` as UPPER writes it, for a plain substring test to be icontains. */
export function foldCase(text: string): string {
  if (ASCII.test(text)) return text.toUpperCase();
  let out = '';
  for (const c of text) {
    const upper = c.toUpperCase();
    const single = upper.length === 1 || (upper.length === 2 && upper.codePointAt(0)! > 0xffff);
    out += single ? upper : String.fromCodePoint(subscriptIotaUpper(c.codePointAt(0)!) ?? c.codePointAt(0)!);
  }
  return out;
}
