/** Where the import writes: the catalogue directory. */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/problems/usage-error.js';
import { missingDirectory } from '../core/missing-directory.js';

/** The catalogue directory, made when it is new, its last level only (see missingDirectory). */
export function makeCatalogueDirectory(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw missingDirectory(path.dirname(dir), `cannot make the catalogue ${dir}`, '--catalogue');
    if (code !== 'EEXIST') throw cause;
  }
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`the catalogue ${dir} is not a directory (or is a link to nowhere): choose another --catalogue`);
}
