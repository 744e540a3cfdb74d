import { statSync } from 'node:fs';
import { contentDigest } from '../core/content-hash.js';
import { statIdentity } from '../core/fs.js';
import { error, type Problem } from '../core/problems/problem.js';
import { surveyFile } from './read-lines.js';

/** What one read of a file tells: what its bytes are, and how many records they hold. */
export interface FileSurvey {
  /** The content hash (see content-hash) of the bytes after any byte-order mark; '' for a missing file. */
  digest: string;
  /** The lines that are not blank (docs/catalogue-format.md): the files list's `count`, when all are valid. */
  records: number;
}

/** A file's survey, and how to tell cheaply next time that its bytes are unchanged. */
export interface KnownFile extends FileSurvey {
  /** The file's identity (see statIdentity); null when it cannot vouch for the bytes (see below). */
  identity: string | null;
}

/** What is known of a file, and its identity when this build first looked at it. */
export interface SeenFile extends KnownFile {
  /**
   * The identity as this build first found it, before any read: while it stays so, every read
   * of the build sees the bytes the survey saw (see changedSince).
   */
  seen: string | null;
}

/** A file changed this close to being read might change again within the same clock tick. */
const RACY_MS = 2000;

/**
 * What is known of the file at `path`. When its identity equals the one recorded with
 * `previous`, the previous survey stands without reading the file: no write can leave the
 * inode, size and change time (which no program can set back) as they were. As in git's
 * index, an identity is recorded only when the file was last changed well before it was
 * read and did not change while it was read.
 */
export async function identifyFile(
  path: string,
  previous: KnownFile | undefined,
  now: () => number = Date.now,
  survey: (path: string) => Promise<FileSurvey> = async (file) => surveyHere(file),
): Promise<SeenFile> {
  const before = statSync(path, { throwIfNoEntry: false });
  if (!before) return { digest: '', records: 0, identity: null, seen: null };
  const identity = statIdentity(before);
  if (previous?.identity === identity) return { ...previous, seen: identity };
  const { digest, records } = await survey(path);
  const after = statSync(path, { throwIfNoEntry: false });
  const settled = after !== undefined && statIdentity(after) === identity && now() - Math.max(before.ctimeMs, before.mtimeMs) > RACY_MS;
  return { digest, records, identity: settled ? identity : null, seen: identity };
}

/**
 * Whether the file is not as `seen` (see SeenFile) any more: written, replaced, made or
 * removed. No write leaves the inode, size and change time as they were (as in git's index,
 * only a file system whose times are coarser than the write could hide one of the same size).
 */
export function changedSince(path: string, seen: string | null): boolean {
  const now = statSync(path, { throwIfNoEntry: false });
  return (now ? statIdentity(now) : null) !== seen;
}

/** The problem of a catalogue file that changed while a build read it. */
export function changedWhileRead(file: string): Problem {
  return error('changed-while-read', file, {}, 'expected the file to stay as it was while the build read it, found it changed: build again once it is written');
}

/** The file's survey, made on this thread at once (see surveyFile). */
export function surveyHere(path: string): FileSurvey {
  const { digest, records } = surveyFile(path, contentDigest());
  return { digest: digest.digest(), records };
}
