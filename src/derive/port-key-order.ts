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

import type { PortObject } from './merge-ports.js';

const PORT_KEYS = [
  'name', 'portdir', 'version', 'revision', 'epoch', 'license', 'platforms', 'categories', 'maintainers', 'closedmaintainer',
  'variants', 'vinfo', 'depends_fetch', 'depends_extract', 'depends_patch', 'depends_build', 'depends_lib', 'depends_run',
  'depends_test', 'description', 'long_description', 'homepage', 'replaced_by', 'active',
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An order: the rank of each key it names first. */
const orderOf = (first: readonly string[]) => new Map(first.map((key, index) => [key, index]));

function ordered(object: Record<string, unknown>, rank: ReadonlyMap<string, number>, each: (key: string, value: unknown) => unknown = (_key, value) => value): Record<string, unknown> {
  const keys = Object.keys(object).sort((a, b) => {
    const ra = rank.get(a) ?? rank.size;
    const rb = rank.get(b) ?? rank.size;
    return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
  });
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = each(key, object[key]);
    // defineProperty: a key such as `__proto__` stays a key.
    if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out;
}

const PORT_ORDER = orderOf(PORT_KEYS);
const MAINTAINER_ORDER = orderOf(['email', 'github']);
const EMAIL_ORDER = orderOf(['name', 'domain']);
const VARIANT_ORDER = orderOf(['variant', 'description', 'is_default', 'requires', 'conflicts']);

const maintainer = (value: unknown) => (isObject(value) ? ordered(value, MAINTAINER_ORDER, (key, inner) => (key === 'email' && isObject(inner) ? ordered(inner, EMAIL_ORDER) : inner)) : value);

const variant = (value: unknown) => (isObject(value) ? ordered(value, VARIANT_ORDER) : value);

/** `port` with its keys in the fixed order; a value that is not a port object is returned as it is. */
export function withKeyOrder<T>(port: T): T {
  if (!isObject(port)) return port;
  return ordered(port, PORT_ORDER, (key, value) => {
    if (key === 'maintainers' && Array.isArray(value)) return value.map(maintainer);
    if (key === 'vinfo' && Array.isArray(value)) return value.map(variant);
    return value;
  }) as T;
}

export const withKeyOrderAll = (ports: readonly PortObject[]): PortObject[] => ports.map((port) => withKeyOrder(port));
