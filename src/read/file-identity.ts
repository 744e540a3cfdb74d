import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { digestFile } from './read-lines.js';

/** What a file's bytes are (a digest), and how to tell cheaply next time that they are unchanged. */
export interface FileIdentity {
  /** SHA-256 of the bytes after any byte-order mark; '' for a missing file. */
  digest: string;
  /** Device, inode, size and times; null when they cannot vouch for the bytes (see below). */
  fingerprint: string | null;
}

/** A file changed this close to being read might change again within the same clock tick. */
const RACY_MS = 2000;

function fingerprintOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

/**
 * The identity of the file at `path`. When its fingerprint equals the one recorded with
 * `previous`, the previous digest stands without reading the file: no write can leave the
 * inode, size and change time (which no program can set back) as they were. As in git's
 * index, a fingerprint is recorded only when the file was last changed well before it was
 * read and did not change while it was read.
 */
export async function identifyFile(
  path: string,
  previous: FileIdentity | undefined,
  now: () => number = Date.now,
  digest: (path: string) => Promise<string> = digestHere,
): Promise<FileIdentity> {
  const before = statSync(path, { throwIfNoEntry: false });
  if (!before) return { digest: '', fingerprint: null };
  const fingerprint = fingerprintOf(before);
  if (previous?.fingerprint === fingerprint) return previous;
  const digested = await digest(path);
  const after = statSync(path, { throwIfNoEntry: false });
  const settled = after !== undefined && fingerprintOf(after) === fingerprint && now() - Math.max(before.ctimeMs, before.mtimeMs) > RACY_MS;
  return { digest: digested, fingerprint: settled ? fingerprint : null };
}

/** SHA-256 of the bytes after any byte-order mark, on this thread. */
export async function digestHere(path: string): Promise<string> {
  return (await digestFile(path, createHash('sha256'))).digest('base64url');
}
