/**
 * `<catalogue>/source.json`: what the server said of the source the last import of a URL
 * fetched (its ETag and Last-Modified), so that the next import of the same URL asks only
 * whether it changed (see fetch-source). The URL is kept as shown: without credentials.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '../core/fs.js';
import { shownUrl } from '../core/shown-url.js';
import type { Validators } from './fetch-source.js';

const VALIDATORS_FILE = 'source.json';

/** What the last import of `url` into `catalogue` was told; none for another URL. */
export function loadValidators(catalogue: string, url: string): Validators | undefined {
  try {
    const kept = JSON.parse(readFileSync(path.join(catalogue, VALIDATORS_FILE), 'utf8')) as { url?: unknown; etag?: unknown; lastModified?: unknown };
    if (kept.url !== shownUrl(url)) return undefined;
    return { ...(typeof kept.etag === 'string' ? { etag: kept.etag } : {}), ...(typeof kept.lastModified === 'string' ? { lastModified: kept.lastModified } : {}) };
  } catch {
    return undefined; // none, or not ours: an unconditional GET
  }
}

/** Saved once an import of `url` succeeded, whole or not at all (see writeAtomically). */
export function saveValidators(catalogue: string, url: string, validators: Validators): void {
  writeAtomically(path.join(catalogue, VALIDATORS_FILE), `${JSON.stringify({ url: shownUrl(url), ...validators })}\n`);
}
