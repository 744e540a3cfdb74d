import { stripPython } from './python-text.js';
import { LAST_PAGE } from './route-table.js';

const DECIMAL = /^\p{Nd}$/u;

/**
 * The digit value of a Unicode decimal digit. Nd characters come in runs of ten starting at
 * zero (U+0660 ٠…٩, U+1D7CE 𝟎…), so the value is the distance to the start of the run mod 10.
 */
function digitValue(c: string): number {
  let cp = c.codePointAt(0)!;
  let start = cp;
  while (DECIMAL.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/**
 * Python's `int(text)` for base 10 (PEP 515 underscores, any script's decimal digits, a sign,
 * surrounding white space), as DRF's paginator reads `page`. Returns undefined where int()
 * raises ValueError. BigInt, because `page=99999999999999999999` is a valid int (just past
 * the last page).
 */
export function pythonInt(text: string): bigint | undefined {
  // int() strips Python's white space from both ends.
  const trimmed = stripPython(text);
  const match = /^([+-]?)(\p{Nd}+(?:_\p{Nd}+)*)$/u.exec(trimmed);
  if (!match) return undefined;
  let value = 0n;
  for (const c of match[2]!) {
    if (c === '_') continue;
    value = value * 10n + BigInt(c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : digitValue(c));
  }
  return match[1] === '-' ? -value : value;
}

/**
 * DRF's PageNumberPagination.paginate_queryset: `query_params.get('page') or 1`, `last` is the
 * last page, and Django's Paginator.validate_number rejects non-integers, < 1 and > last.
 * Returns the page, or undefined for "Invalid page.".
 */
export function resolvePage(raw: string | undefined, pages: number): number | undefined {
  if (raw === undefined || raw === '') return 1;
  if (raw === LAST_PAGE) return pages;
  const n = pythonInt(raw);
  if (n === undefined || n < 1n || n > BigInt(pages)) return undefined;
  return Number(n);
}
