import path from 'node:path';

/**
 * A fault of the machine or its environment (a full disk, no permission, a file where a
 * directory should be): the user's to fix, told in one line that names the path and the cause,
 * never as a bug of ports-gen.
 */
export class MachineFault extends Error {
  override readonly name = 'MachineFault';
}

const CAUSES: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a path on the way is not a directory',
  EISDIR: 'is a directory',
  EEXIST: 'something is already there',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EIO: 'input/output error',
  ENAMETOOLONG: 'file name too long',
  EBUSY: 'resource busy',
  // Not the system's: a file of the live tree replaced by hand while a build used it (see Executor).
  ECHANGED: 'replaced by something else during the build',
};

const DOING: Record<string, string> = {
  open: 'writing',
  write: 'writing',
  mkdir: 'making the directory',
  link: 'linking',
  copyfile: 'copying',
  rename: 'moving',
  unlink: 'removing',
  rmdir: 'removing',
  rm: 'removing',
  lstat: 'reading',
  stat: 'reading',
  scandir: 'reading the directory',
  read: 'reading',
};

/**
 * The fault `cause` stands for, when it is one of the machine's: its message names the path,
 * relative to `cwd`, with `rename` (staging → out) applied so the user sees the path they gave.
 */
export function machineFaultOf(cause: unknown, cwd: string, rename?: { from: string; to: string }): MachineFault | undefined {
  const error = cause as NodeJS.ErrnoException | undefined;
  const what = error?.code === undefined ? undefined : CAUSES[error.code];
  if (!what) return undefined;
  let where = error!.path ?? '';
  if (rename && (where === rename.from || where.startsWith(`${rename.from}${path.sep}`))) where = rename.to + where.slice(rename.from.length);
  const shown = where === '' ? '' : ` while ${DOING[error!.syscall ?? ''] ?? 'using'} ${path.relative(cwd, where) || where}`;
  return new MachineFault(`${what}${shown}`, { cause });
}
