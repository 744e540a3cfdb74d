import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CatalogueSource {
  /** An object is written as JSON; a string or bytes are written as they are. */
  portindex: unknown;
  /**
   * Not given: the builds.ndjson there is kept, or an empty one made (a catalogue without
   * builds); `null`: no builds.ndjson at all.
   */
  builds?: string | Uint8Array | null;
}

export const zlib = { name: 'zlib', portdir: 'archivers/zlib', version: '1.3.1' };

/** A `portindex.json` text with one compact port per line, the rest of the document before them. */
export function onePortPerLine({ ports, ...rest }: { ports: unknown[] }): string {
  const head = JSON.stringify(rest).slice(0, -1);
  return `${head}${head === '{' ? '' : ','}"ports":[\n${ports.map((port) => JSON.stringify(port)).join(',\n')}\n]}\n`;
}

export function writeCatalogue(dir: string, source: CatalogueSource): string {
  mkdirSync(dir, { recursive: true });
  const { portindex, builds } = source;
  const body = typeof portindex === 'string' || portindex instanceof Uint8Array ? portindex : JSON.stringify(portindex, null, 2);
  writeFileSync(path.join(dir, 'portindex.json'), body);
  const buildsFile = path.join(dir, 'builds.ndjson');
  if (builds === null) rmSync(buildsFile, { force: true });
  else if (builds !== undefined) writeFileSync(buildsFile, builds);
  else if (!existsSync(buildsFile)) writeFileSync(buildsFile, '');
  return dir;
}
