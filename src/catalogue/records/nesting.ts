/**
 * How deep a parsed value nests, checked without a call per level: a value nested thousands of
 * levels deep is valid JSON, but writing it again (JSON.stringify recurses) would overflow the
 * call stack. No PortIndex value nests more than four levels (vinfo's lists in objects in a list).
 */

/** The deepest nesting an imported port may have, far above any PortIndex's. */
export const MAX_NESTING = 64;

/**
 * The JSON path (below the value) of the first array or object nested more than `limit` levels
 * deep, `[0][0]…` or `extra[0]`; undefined when there is none.
 */
export function tooDeep(value: unknown, limit = MAX_NESTING): string | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 0, path: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > limit) return item.path;
    const entries = Array.isArray(item.value) ? item.value.map((v, i) => [`[${i}]`, v] as const) : Object.entries(item.value).map(([k, v]) => [item!.path === '' ? k : `.${k}`, v] as const);
    for (const [step, inner] of entries) if (typeof inner === 'object' && inner !== null) stack.push({ value: inner, depth: item.depth + 1, path: `${item.path}${step}` });
  }
  return undefined;
}
