import { contentHash } from '../content-hash.js';
import type { PortResource } from './ports.js';

/**
 * The fields of a port's resource (SPEC 2.1) made from the port's own text alone, with the
 * record's defaults. Every other field takes something from the rest of the catalogue (how a
 * category is first spelled, a maintainer's count, the names dependencies resolve to, the
 * ports that depend on this one).
 */
export const OWN_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'portdir',
  'version',
  'license',
  'platforms',
  'epoch',
  'replaced_by',
  'homepage',
  'description',
  'long_description',
  'active',
  'variants',
]);

/**
 * A port's print: two ports with equal prints have files with equal bytes (under the same
 * code, see code-fingerprint), so a rebuild can keep the previous file instead of rendering it.
 * It hashes the port's own text, which makes every own field, and the value of every other
 * field the resource has, whatever fields it has: a field added to PortResource is in the print
 * unless it is declared own. Hashing these few fields costs a fraction of rendering the file.
 */
export function portPrint(port: PortResource, sourceHash: string): string {
  const taken: unknown[] = [];
  for (const key of Object.keys(port) as Array<keyof PortResource>) if (!OWN_FIELDS.has(key)) taken.push(port[key]);
  return contentHash(`${sourceHash}${JSON.stringify(taken)}`);
}
