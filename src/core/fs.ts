/**
 * The file-system primitives every writer and reader shares: all of a buffer written, a file
 * replaced whole or not at all, an open file hashed, a file's identity.
 */
import { closeSync, openSync, readdirSync, readSync, renameSync, rmSync, writeSync, type Stats } from 'node:fs';
import path from 'node:path';
import { contentHash } from './content-hash.js';

/** Reads a megabyte at a time: a file can be far larger than a buffer should be. */
const CHUNK = 1 << 20;

/**
 * All of `bytes` written at `position` (at the file's current offset when null). A failed
 * write names `file`: Node names the file of a failed open only (a full disk fails a write).
 */
export function writeAll(fd: number, bytes: Uint8Array, position: number | null, file?: string): number {
  try {
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position === null ? null : position + done);
  } catch (cause) {
    if (file !== undefined) (cause as NodeJS.ErrnoException).path ??= file;
    throw cause;
  }
  return bytes.length;
}

/**
 * A file being replaced: its new bytes go to a temporary beside it (the same directory, so that
 * the rename is atomic), named with the process's id, and `commit` renames it over the file: a
 * reader finds the old file or the new one, never a part. `discard` always follows: once
 * committed it does nothing, else it removes the temporary, so a failed write leaves none.
 */
interface Replacement {
  readonly fd: number;
  readonly temporary: string;
  commit(): void;
  discard(): void;
}

/**
 * Starts replacing `file` (see Replacement). A process killed between its write and its rename
 * leaves its temporary: each replacement first removes those of `file` whose process is gone.
 */
export function startReplacing(file: string): Replacement {
  removeStaleTemporaries(file);
  const temporary = `${file}.${process.pid}.tmp`;
  // `wx`: never written through something planted under the temporary's name.
  const fd = openSync(temporary, 'wx');
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    closeSync(fd);
  };
  return {
    fd,
    temporary,
    commit: () => {
      close();
      renameSync(temporary, file);
    },
    discard: () => {
      close();
      rmSync(temporary, { force: true });
    },
  };
}

/** `file` written whole or not at all (see startReplacing): `content` is its text or bytes, or writes them to the descriptor it is given. */
export function writeAtomically(file: string, content: string | Uint8Array | ((fd: number) => void)): void {
  const replacement = startReplacing(file);
  try {
    if (typeof content === 'function') content(replacement.fd);
    else writeAll(replacement.fd, typeof content === 'string' ? Buffer.from(content) : content, null, replacement.temporary);
    replacement.commit();
  } finally {
    replacement.discard();
  }
}

/**
 * The temporaries of `file` no running process writes: its own process id's (a process writes a
 * file once at a time) or a process that is gone. Another's is left alone: imports take no lock,
 * and a second one may be writing. `<file>.tmp`, the name an earlier version gave source.json's
 * temporary, has no writer to wait for.
 */
function removeStaleTemporaries(file: string): void {
  const dir = path.dirname(file);
  const name = path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${name}\\.(?:([0-9]+)\\.)?tmp$`);
  for (const entry of readdirSync(dir)) {
    const match = pattern.exec(entry);
    if (!match) continue;
    const pid = match[1] === undefined ? undefined : Number(match[1]);
    if (pid === undefined || pid === process.pid || !isRunning(pid)) rmSync(path.join(dir, entry), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM'; // there, and another user's
  }
}

/**
 * `digest` given the bytes of the open file `fd` from its start to its end, as it is now;
 * `size`, the file's size when known, keeps the buffer of a small file small.
 */
export function hashFile<D extends { update(bytes: Uint8Array): unknown }>(fd: number, digest: D, size = CHUNK): D {
  const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(size, CHUNK)));
  for (let position = 0, read = 0; (read = readSync(fd, chunk, 0, chunk.length, position)) > 0; position += read) digest.update(chunk.subarray(0, read));
  return digest;
}

/** The five numbers of an identity, as the bytes its digest is made of (see statIdentity). */
const IDENTITY = new Float64Array(5);
const IDENTITY_BYTES = new Uint8Array(IDENTITY.buffer);

/**
 * A file's identity: device, inode, size, modification and change times, as one digest of
 * their bytes (no text made of them: a rebuild takes tens of thousands). The change time is set
 * by the kernel on every write, link and unlink, and no tool sets it back; compared for
 * equality, not as a time, it is not fooled by a clock stepped back either. As in git's index,
 * an equal identity vouches for unchanged bytes without reading them.
 */
export function statIdentity(stats: Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>): string {
  IDENTITY[0] = stats.dev;
  IDENTITY[1] = stats.ino;
  IDENTITY[2] = stats.size;
  IDENTITY[3] = stats.mtimeMs;
  IDENTITY[4] = stats.ctimeMs;
  return contentHash(IDENTITY_BYTES);
}
