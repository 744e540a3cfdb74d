import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MARKER_FILE } from '../routes/site-files.js';

/** Relative path → content hash of every file a build wrote; stored in the marker file. */
export type Manifest = Map<string, string>;

export interface Marker {
  generator: 'ports-gen';
  files: Record<string, string>;
}

export function hashBody(body: string | Uint8Array): string {
  return createHash('sha1').update(body).digest('base64url');
}

/** The previous build's manifest, or an empty one when there is none or it cannot be read. */
export function readManifest(out: string): Manifest {
  try {
    const marker = JSON.parse(readFileSync(path.join(out, MARKER_FILE), 'utf8')) as Partial<Marker>;
    if (marker.generator !== 'ports-gen' || typeof marker.files !== 'object' || marker.files === null) return new Map();
    return new Map(Object.entries(marker.files).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return new Map();
  }
}

export function renderMarker(manifest: Manifest): string {
  const files: Record<string, string> = {};
  for (const [file, hash] of manifest) files[file] = hash;
  return `${JSON.stringify({ generator: 'ports-gen', files } satisfies Marker)}\n`;
}
