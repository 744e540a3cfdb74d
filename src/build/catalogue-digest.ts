import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import path from 'node:path';
import { CHANGES_FILE } from '../catalogue/change-log.js';
import { contentDigest } from '../core/content-hash.js';
import { hashFile } from '../core/fs.js';

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
