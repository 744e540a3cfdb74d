import { decodeSnapshot, encodeSnapshot, type Snapshot } from '../../derive/snapshot.js';
import { writeAll } from '../../core/fs.js';
import { readStateFile, writeStateFile } from './state-files.js';

/** What the last build derived from its ports (see derive/snapshot), in the state directory. */
const SNAPSHOT_FILE = 'derived.json';

/** The snapshot of `count` ports the last build of `out` kept, when the code of `fingerprint` wrote it. */
export function recalledSnapshot(out: string, fingerprint: string, count: number): Snapshot | undefined {
  const bytes = readStateFile(out, SNAPSHOT_FILE);
  return bytes === undefined ? undefined : decodeSnapshot(bytes, fingerprint, count);
}

/** Kept for the next build; only a speed-up, so never fatal. */
export function rememberSnapshot(out: string, fingerprint: string, snapshot: Snapshot): void {
  try {
    const parts = encodeSnapshot(fingerprint, snapshot);
    writeStateFile(out, SNAPSHOT_FILE, (fd) => parts.forEach((part) => writeAll(fd, part, null)));
  } catch {
    // the next build derives its ports in full
  }
}

