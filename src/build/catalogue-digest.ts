import { closeSync, constants, fstatSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import { CHANGES_FILE } from '../catalogue/change-log.js';
import { changedSince } from '../catalogue/file-identity.js';
import { contentDigest } from '../core/content-hash.js';
import { hashFile, statIdentity } from '../core/fs.js';

/** The files an import writes: the ports, and the record of changes the feeds are made of. */
const IMPORTED_FILES = ['portindex.json', CHANGES_FILE];

/**
 * The catalogue's digest, what a published site was built from (see loadBuiltFrom): its
 * directory and each imported file's bytes (a mark for a file that is not there, or not a file).
 */
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

/**
 * The imported files' identities (see statIdentity) as they are now, null for one that is not
 * there: taken before catalogueDigest reads them, they tell afterwards whether the bytes it
 * read are still the catalogue's (see catalogueChanged) without reading them again.
 */
export function catalogueIdentities(catalogue: string): Array<string | null> {
  return IMPORTED_FILES.map((name) => {
    const stats = statSync(path.join(catalogue, name), { throwIfNoEntry: false });
    return stats ? statIdentity(stats) : null;
  });
}

/** Whether any imported file was written, replaced, made or removed since its identity was taken (see changedSince). */
export function catalogueChanged(catalogue: string, seen: ReadonlyArray<string | null>): boolean {
  return IMPORTED_FILES.some((name, i) => changedSince(path.join(catalogue, name), seen[i]!));
}
