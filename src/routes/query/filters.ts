import { stripPython } from '../python-text.js';
import { allValues, lastValue, type QueryPairs } from './query-string.js';

/**
 * The live lists' django-filter filters (SPEC section 4b). A text filter (CharFilter) takes the
 * last value, stripped of Python's white space; empty is no filter; a NUL is an error. The
 * `categories` filter (ModelMultipleChoiceFilter) takes every value, unstripped, each of which
 * must name a category exactly. The form's errors are one 400 body, in the filters' order.
 */
export const NULL_CHARACTERS = 'Null characters are not allowed.';

/** A port filter's value; undefined: no filtering. */
export interface PortFilters {
  name?: string;
  /** Any of these (OR); each an existing category. */
  categories?: string[];
  github?: string;
  variant?: string;
}

export interface MaintainerFilters {
  name?: string;
  github?: string;
}

/** The filters, or the 400 body of their errors (keys in the filter set's order). */
type FilterRead<F> = { ok: true; filters: F } | { ok: false; errors: Record<string, string[]> };

type Cleaned = { value?: string; error?: string };

/** Django's forms.CharField(strip=True, required=False) as a CharFilter cleans its value. */
function cleanText(pairs: QueryPairs, key: string): Cleaned {
  const raw = lastValue(pairs, key);
  const value = raw === undefined ? '' : stripPython(raw);
  if (value === '') return {};
  return value.includes('\0') ? { error: NULL_CHARACTERS } : { value };
}

/**
 * ModelMultipleChoiceField: the first value (in the query's order; Django checks a frozenset,
 * in no order one could state) that names no category is the error.
 */
function cleanCategories(pairs: QueryPairs, categories: ReadonlySet<string>): { values?: string[]; error?: string } {
  const values = allValues(pairs, 'categories');
  if (values.length === 0) return {};
  const bad = values.find((value) => !categories.has(value));
  return bad === undefined ? { values } : { error: `Select a valid choice. ${bad} is not one of the available choices.` };
}

/** Each field's error, in the given order, as the form's `errors` body. */
function errorsOf(fields: ReadonlyArray<readonly [string, string | undefined]>): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  for (const [field, error] of fields) if (error !== undefined) errors[field] = [error];
  return Object.keys(errors).length === 0 ? undefined : errors;
}

/** `PortAPIView.filterset_fields`: name, categories, maintainers__github, variants__variant. */
export function readPortFilters(pairs: QueryPairs, categories: ReadonlySet<string>): FilterRead<PortFilters> {
  const name = cleanText(pairs, 'name');
  const chosen = cleanCategories(pairs, categories);
  const github = cleanText(pairs, 'maintainers__github');
  const variant = cleanText(pairs, 'variants__variant');
  const errors = errorsOf([
    ['name', name.error],
    ['categories', chosen.error],
    ['maintainers__github', github.error],
    ['variants__variant', variant.error],
  ]);
  if (errors) return { ok: false, errors };
  return { ok: true, filters: { name: name.value, categories: chosen.values, github: github.value, variant: variant.value } };
}

/** `MaintainerAPIView`'s filters: name, github. */
export function readMaintainerFilters(pairs: QueryPairs): FilterRead<MaintainerFilters> {
  const name = cleanText(pairs, 'name');
  const github = cleanText(pairs, 'github');
  const errors = errorsOf([
    ['name', name.error],
    ['github', github.error],
  ]);
  return errors ? { ok: false, errors } : { ok: true, filters: { name: name.value, github: github.value } };
}
