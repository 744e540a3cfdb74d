import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import path from 'node:path';
import { contentDigest } from '../../core/content-hash.js';
import { hashFile } from '../../core/fs.js';
import { CHANGES_FILE } from '../../catalogue/change-log.js';
import { readStateFile, writeStateFile } from './state-files.js';

/**
 * What the published site was built from: the digest of the catalogue's files that an import
 * writes, kept in the state directory once a build has published. `update` builds whenever the
 * catalogue is not the one the site was built from, so that an import whose build was stopped
 * (killed, a full disk, a bad port) is built by the next update, not taken for "no change".
 */
const BUILT_FROM_FILE = 'built-from.json';

/** The files an import writes: the ports, and the record of changes the feeds are made of. */
const IMPORTED_FILES = ['portindex.json', CHANGES_FILE];

/** The catalogue's digest: its directory and each imported file's bytes (a mark for a file that is not there, or not a file). */
export function catalogueDigest(catalogue: string): string {
  const digest = contentDigest();
  digest.update(Buffer.from(`${path.resolve(catalogue)}\0`));
  for (const name of IMPORTED_FILES) {
    let fd: number;
    try {
      // Without blocking on a FIFO: what is not a regular file is the build's to refuse, not read here.
      fd = openSync(path.join(catalogue, name), constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      digest.update(Buffer.from(`${name}\0-\0`));
      continue;
    }
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile()) {
        digest.update(Buffer.from(`${name}\0?\0`));
        continue;
      }
      digest.update(Buffer.from(`${name}\0`));
      hashFile(fd, digest, stats.size);
      digest.update(Buffer.from('\0'));
    } finally {
      closeSync(fd);
    }
  }
  return digest.digest();
}

/** The digest the site at `out` was last built from, when a build recorded one. */
export function builtFrom(out: string): string | undefined {
  try {
    const recorded = JSON.parse(readStateFile(out, BUILT_FROM_FILE)?.toString('utf8') ?? 'null') as { digest?: unknown } | null;
    return typeof recorded?.digest === 'string' ? recorded.digest : undefined;
  } catch {
    return undefined;
  }
}

/** After a build published: what it was built from. Never fatal: without it, the next update builds. */
export function recordBuiltFrom(out: string, digest: string): void {
  try {
    writeStateFile(out, BUILT_FROM_FILE, JSON.stringify({ digest }));
  } catch {
    // the next update builds again
  }
}
