import { closeSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeStateDirectory, stateDirectory } from '../../writer/trees/tree-roles.js';

/**
 * Files a build keeps for the next one in the state directory beside `--out` (what it knew of
 * builds.ndjson, the ports' records), not in the site: they belong to the file system and the
 * code they were made on, and the site's bytes stay the same wherever it is built. Each is
 * only a speed-up: one that cannot be read is as if absent.
 */

/** The bytes of the state file `name`, or undefined when it cannot be read. */
export function readStateFile(out: string, name: string): Buffer | undefined {
  try {
    return readFileSync(path.join(stateDirectory(out), name));
  } catch {
    return undefined;
  }
}

/**
 * Written whole or not at all: `content` is the text or the bytes, or writes them to the
 * descriptor it is given. No temporary is left: not after a failed write (a full disk), nor,
 * from the next write on, after a build killed between the write and the rename.
 */
export function writeStateFile(out: string, name: string, content: string | Uint8Array | ((fd: number) => void)): void {
  makeStateDirectory(out);
  const directory = stateDirectory(out);
  const file = path.join(directory, name);
  const temporary = `${file}.${process.pid}`;
  try {
    if (typeof content !== 'function') writeFileSync(temporary, content);
    else {
      const fd = openSync(temporary, 'w');
      try {
        content(fd);
      } finally {
        closeSync(fd);
      }
    }
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
    for (const entry of readdirSync(directory)) {
      if (entry.startsWith(`${name}.`)) rmSync(path.join(directory, entry), { force: true });
    }
  }
}
