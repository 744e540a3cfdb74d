import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CatalogueSource {
  /** An object is written as JSON; a string or bytes are written as they are. */
  portindex: unknown;
  builds?: string | Uint8Array;
}

export const zlib = { name: 'zlib', portdir: 'archivers/zlib', version: '1.3.1' };

/** A `portindex.json` text with one compact port per line, the rest of the document before them. */
export function onePortPerLine({ ports, ...rest }: { ports: unknown[] }): string {
  return `${JSON.stringify(rest).slice(0, -1)},"ports":[\n${ports.map((port) => JSON.stringify(port)).join(',\n')}\n]}\n`;
}

export function writeCatalogue(dir: string, source: CatalogueSource): string {
  mkdirSync(dir, { recursive: true });
  const { portindex, builds } = source;
  const body = typeof portindex === 'string' || portindex instanceof Uint8Array ? portindex : JSON.stringify(portindex, null, 2);
  writeFileSync(path.join(dir, 'portindex.json'), body);
  if (builds !== undefined) writeFileSync(path.join(dir, 'builds.ndjson'), builds);
  return dir;
}
