import { stripPython } from '../python-text.js';

/**
 * DRF's OrderingFilter on the ports list (SPEC section 4b): the value split at commas, each
 * part stripped; a part counts when it is `name`, `created_at` or `updated_at`, with or
 * without one leading `-`; the rest is dropped silently; nothing left is the default
 * `-created_at`. A port is created when the catalogue first lists it, and a catalogue records
 * no modification time, so both times are the catalogue's order. Names are unique and so is
 * that order: the first part that counts decides every place, the later ones break no tie.
 */
export type PortOrder = 'catalogue' | 'reverse-catalogue' | 'name' | 'reverse-name';

const DEFAULT_ORDER: PortOrder = 'reverse-catalogue';

const FIELDS: Readonly<Record<string, PortOrder>> = {
  name: 'name',
  '-name': 'reverse-name',
  created_at: 'catalogue',
  '-created_at': 'reverse-catalogue',
  updated_at: 'catalogue',
  '-updated_at': 'reverse-catalogue',
};

/** The order an `ordering` value (its last one) asks for. */
export function readOrdering(value: string | undefined): PortOrder {
  if (!value) return DEFAULT_ORDER;
  for (const part of value.split(',')) {
    const field = stripPython(part);
    if (Object.hasOwn(FIELDS, field)) return FIELDS[field]!;
  }
  return DEFAULT_ORDER;
}
