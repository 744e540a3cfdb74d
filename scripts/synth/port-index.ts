/** Serialises drawn ports the way portindex2json lays out portindex.json (see json-write). */
import { jsonWrite, writtenObject } from './json-write.js';
import type { PortRec } from './port-rec.js';

/** One port's fields, keyed by their PortIndex names. */
export type PortFields = Record<string, unknown>;

/** Tcl-array-like key order (portindex2json writes its keys in hash order, not a tidy one). */
const KEY_ORDER = [
  'variants', 'portdir', 'description', 'homepage', 'depends_fetch', 'epoch', 'platforms', 'name',
  'depends_lib', 'maintainers', 'closedmaintainer', 'long_description', 'license', 'depends_extract',
  'categories', 'version', 'revision', 'depends_build', 'subports', 'vinfo', 'depends_run',
  'installs_libs', 'depends_patch', 'notes', 'replaced_by', 'depends_test', 'conflicts', 'active',
  'depends_skip_archcheck', 'license_noconflict',
];

export function formatPortJson(f: PortFields): string {
  const obj: PortFields = {};
  for (const k of KEY_ORDER) if (f[k] !== undefined) obj[k] = f[k];
  return jsonWrite(obj);
}

/**
 * The whole file: an `info` header, then the ports in PortIndex order, by port directory
 * and then name (the tree walk portindex does).
 */
export function formatPortIndex(recs: readonly PortRec[], portdirs: readonly string[], lines: readonly string[], seed: number): string {
  const order = lines.map((_, i) => i);
  const dirKey = (i: number): string => (portdirs[i] as string) + '\u0000' + (recs[i] as PortRec).name;
  const keys = order.map(dirKey);
  order.sort((a, b) => {
    const ka = keys[a] as string;
    const kb = keys[b] as string;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const info = { generator: 'ports-gen synth-catalogue', seed: String(seed), ports: String(recs.length) };
  return `${writtenObject([['info', jsonWrite(info)], ['ports', `[${order.map((i) => lines[i]).join(',')}]`]])}\n`;
}
