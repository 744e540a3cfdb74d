/**
 * A port object with its keys in one fixed order, so that the catalogue `ports-gen import`
 * writes depends on the ports' values only, not on the order their source happened to give the
 * keys in. `portindex2json` writes each port's keys (and each maintainer's) in the order of a
 * Tcl hash table, which no other reader can reproduce and which can change from one Tcl to the
 * next; a native PortIndex gives them in its own order. With one order, importing a native
 * PortIndex and importing that converter's JSON of it write the same bytes, and a port whose
 * values did not change is not reported as updated. Pure.
 *
 * The order: the keys of docs/catalogue-format.md's table, in its order, then any other key in
 * code-unit order; a maintainer's `email` then `github`, an email's `name` then `domain`; a
 * variant's `variant`, `description`, `is_default`, `requires`, `conflicts`, then the others.
 */

const PORT_KEYS = [
  'name', 'portdir', 'version', 'revision', 'epoch', 'license', 'platforms', 'categories', 'maintainers', 'closedmaintainer',
  'variants', 'vinfo', 'depends_fetch', 'depends_extract', 'depends_patch', 'depends_build', 'depends_lib', 'depends_run',
  'depends_test', 'description', 'long_description', 'homepage', 'replaced_by', 'active',
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An order: the rank of each key it names first. */
const orderOf = (first: readonly string[]) => new Map(first.map((key, index) => [key, index]));

/** Keys sorted in an order: the ranked first, by rank, then the others in code-unit order. */
function sorted(keys: Iterable<string>, rank: ReadonlyMap<string, number>): string[] {
  return [...keys].sort((a, b) => {
    const ra = rank.get(a) ?? rank.size;
    const rb = rank.get(b) ?? rank.size;
    return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Sets an own key, `__proto__` included (a port may have any key); plainly otherwise, which is faster. */
export function put(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

function ordered(object: Record<string, unknown>, rank: ReadonlyMap<string, number>, each: (key: string, value: unknown) => unknown = (_key, value) => value): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of sorted(Object.keys(object), rank)) put(out, key, each(key, object[key]));
  return out;
}

const PORT_ORDER = orderOf(PORT_KEYS);
const MAINTAINER_ORDER = orderOf(['email', 'github']);
const EMAIL_ORDER = orderOf(['name', 'domain']);
const VARIANT_KEYS = ['variant', 'description', 'is_default', 'requires', 'conflicts'];
const VARIANT_ORDER = orderOf(VARIANT_KEYS);

const maintainer = (value: unknown) => (isObject(value) ? ordered(value, MAINTAINER_ORDER, (key, inner) => (key === 'email' && isObject(inner) ? ordered(inner, EMAIL_ORDER) : inner)) : value);

const variant = (value: unknown) => (isObject(value) ? ordered(value, VARIANT_ORDER) : value);

/**
 * The keys `present` has, in an order: the keys it names first, looked up one by one (no sort),
 * then any others sorted.
 */
function keysInOrder(present: ReadonlyMap<string, unknown>, first: readonly string[], rank: ReadonlyMap<string, number>): string[] {
  const keys: string[] = [];
  for (const key of first) if (present.has(key)) keys.push(key);
  // Joined, not pushed as arguments: an entry may have a hundred thousand keys.
  return keys.length < present.size ? keys.concat(sorted([...present.keys()].filter((key) => !rank.has(key)), rank)) : keys;
}

/** The keys of a port's values in the fixed order. */
export const portKeysInOrder = (values: ReadonlyMap<string, unknown>): string[] => keysInOrder(values, PORT_KEYS, PORT_ORDER);

/** The keys of a variant's values (see vinfo) in the fixed order. */
export const variantKeysInOrder = (values: ReadonlyMap<string, unknown>): string[] => keysInOrder(values, VARIANT_KEYS, VARIANT_ORDER);

/** `port` with its keys in the fixed order; a value that is not a port object is returned as it is. */
export function withKeyOrder<T>(port: T): T {
  if (!isObject(port)) return port;
  return ordered(port, PORT_ORDER, (key, value) => {
    if (key === 'maintainers' && Array.isArray(value)) return value.map(maintainer);
    if (key === 'vinfo' && Array.isArray(value)) return value.map(variant);
    return value;
  }) as T;
}

