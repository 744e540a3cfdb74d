/**
 * One native PortIndex entry (its Tcl list of key/value pairs, already split into elements) as
 * the port object MacPorts' converter `portindex2json` writes for it, so that importing a
 * native PortIndex and importing that converter's JSON give the same catalogue. Pure.
 *
 * What the converter does, key by key (docs/catalogue-format.md, "Importing"):
 * - `categories`, `variants`, `license` and every `depends_*`: the value read as a Tcl list, an
 *   array of its elements; an element that is itself a list of two or more elements becomes a
 *   nested array (`license {MIT {PSF ZPL}}` gives `["MIT", ["PSF", "ZPL"]]`);
 * - `maintainers`: each element, `openmaintainer` and `nomaintainer` left out, read as a list
 *   of addresses: `@handle` is a GitHub handle (all leading `@` removed), `name@domain` an
 *   address, `domain:name` an obfuscated one, a bare word a name at macports.org; a later
 *   address of the same kind replaces an earlier one. `closedmaintainer` is true unless an
 *   element is `openmaintainer` or `nomaintainer`;
 * - `description`, `long_description` and `notes`: the value read as a list, joined with single
 *   spaces;
 * - `vinfo`: a list of variant names and their properties, one object for each variant:
 *   `{"variant": name, ...its properties}`, `requires` and `conflicts` as arrays, the others text;
 * - any other key (keys we do not know included): the value's text as it is.
 * A key given twice takes its later value, as Tcl's `array set` does.
 */

import { parseTclList } from '../../catalogue/tcl-list.js';
import { portKeysInOrder, put, variantKeysInOrder } from './port-key-order.js';

interface Maintainer {
  email?: { name: string; domain: string };
  github?: string;
}

type EntryConversion = { ok: true; port: Record<string, unknown> } | { ok: false; key: string; message: string };

class NotAList extends Error {}

function list(text: string, what: string): string[] {
  const parsed = parseTclList(text);
  if (!parsed.ok) throw new NotAList(`expected ${what} to be a Tcl list, found ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)}: ${parsed.message}`);
  return parsed.elements;
}

/** One maintainer element (a list of addresses) as the converter's object. */
export function maintainerFrom(element: string): Maintainer {
  let github: string | undefined;
  let email: { name: string; domain: string } | undefined;
  for (const entry of list(element, 'a maintainer')) {
    const at = entry.indexOf('@');
    if (at === 0) {
      github = entry.replace(/^@+/, '');
    } else if (at > 0) {
      const parts = entry.split('@');
      email = { name: parts[0]!, domain: parts[1]! };
    } else if (entry.includes(':')) {
      const parts = entry.split(':');
      email = { name: parts[1]!, domain: parts[0]! };
    } else {
      email = { name: entry, domain: 'macports.org' };
    }
  }
  return { ...(email && { email }), ...(github !== undefined && { github }) };
}

const POLICIES = new Set(['openmaintainer', 'nomaintainer']);

/** The `maintainers` value as the converter's list, and whether the port is closed. */
export function maintainersFrom(value: string): { maintainers: Maintainer[]; closedmaintainer: boolean } {
  const elements = list(value, 'maintainers');
  return {
    maintainers: elements.filter((element) => !POLICIES.has(element)).map(maintainerFrom),
    closedmaintainer: !elements.some((element) => POLICIES.has(element)),
  };
}


const isListKey = (key: string) => key === 'categories' || key === 'variants' || key === 'license' || key.startsWith('depends_');
const isTextKey = (key: string) => key === 'description' || key === 'long_description' || key === 'notes';
const isVariantListKey = (key: string) => key === 'requires' || key === 'conflicts';

/** A list's elements, each one that is itself a list of two or more elements as an array of them. */
function nestedList(text: string, what: string): Array<string | string[]> {
  return list(text, what).map((element) => {
    // Without white space an element is one word (or not a list): not parsed again.
    if (!HAS_SPACE.test(element)) return element;
    const inner = parseTclList(element);
    return inner.ok && inner.elements.length >= 2 ? inner.elements : element;
  });
}

/** Tcl's list separators. */
const HAS_SPACE = /[ \t\n\v\f\r]/;

/**
 * Words with no brace, quote or backslash, one space between each: a list whose elements,
 * joined with single spaces, are the text itself. A description nearly always is one.
 */
const SPACED_WORDS = /^[^{"\\ \t\n\v\f\r]+(?: [^{"\\ \t\n\v\f\r]+)*$/;
/** Text in which only white space separates elements (no element starts with a brace or quote, none has a backslash). */
const PLAIN_WORDS = /^[^{"\\]*$/;
const SPACES = /[ \t\n\v\f\r]+/;

/**
 * The elements of a list joined with single spaces, as the converter writes a description.
 * Words alone need no parsing: a bare word is all its characters up to white space, so only a
 * text with a brace, quote or backslash is read as a Tcl list.
 */
function joinedList(text: string, what: string): string {
  if (SPACED_WORDS.test(text)) return text;
  if (PLAIN_WORDS.test(text)) return text.split(SPACES).filter((word) => word !== '').join(' ');
  return list(text, what).join(' ');
}

/** Key/value pairs of a Tcl list (a dict), in order; an odd count is not one. */
function pairs(text: string, what: string): Array<[string, string]> {
  const elements = list(text, what);
  if (elements.length % 2 !== 0) throw new NotAList(`expected ${what} to be pairs of names and values, found ${elements.length} elements`);
  const out: Array<[string, string]> = [];
  for (let i = 0; i < elements.length; i += 2) out.push([elements[i]!, elements[i + 1]!]);
  return out;
}

/**
 * `vinfo`: one object for each variant, its name first, then its properties (a later one of the
 * same name replacing an earlier one), in the one key order (see port-key-order).
 */
function variantsFrom(value: string): Array<Record<string, unknown>> {
  return pairs(value, 'vinfo').map(([variant, properties]) => {
    const values = new Map([['variant', variant], ...pairs(properties, `the properties of variant ${variant}`)]);
    const object: Record<string, unknown> = {};
    for (const key of variantKeysInOrder(values)) {
      const text = values.get(key)!;
      put(object, key, key !== 'variant' && isVariantListKey(key) ? list(text, `${key} of variant ${variant}`) : text);
    }
    return object;
  });
}

/**
 * `elements`: an even number of strings, keys and values in turn. The port's keys are in the one
 * order (see port-key-order), so that it needs no reordering: objects given their keys in one
 * order share V8's shapes, and are made several times faster than in each entry's own order.
 */
export function portFromEntry(elements: readonly string[]): EntryConversion {
  const values = new Map<string, string>();
  for (let i = 0; i + 1 < elements.length; i += 2) values.set(elements[i]!, elements[i + 1]!);
  // The converter derives closedmaintainer from maintainers, over any such key of the entry.
  if (values.has('maintainers') && !values.has('closedmaintainer')) values.set('closedmaintainer', '');
  const port: Record<string, unknown> = {};
  let closed: boolean | undefined;
  for (const key of portKeysInOrder(values)) {
    const value = values.get(key)!;
    try {
      if (isListKey(key)) put(port, key, nestedList(value, key));
      else if (key === 'vinfo') put(port, key, variantsFrom(value));
      else if (key === 'maintainers') {
        const { maintainers, closedmaintainer } = maintainersFrom(value);
        put(port, key, maintainers);
        closed = closedmaintainer;
      } else if (key === 'closedmaintainer' && closed !== undefined) put(port, key, closed);
      else if (isTextKey(key)) put(port, key, joinedList(value, key));
      else put(port, key, value);
    } catch (problem) {
      if (problem instanceof NotAList) return { ok: false, key, message: problem.message };
      throw problem;
    }
  }
  return { ok: true, port };
}
