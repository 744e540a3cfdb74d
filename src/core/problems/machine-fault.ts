import path from 'node:path';

/**
 * A fault of the machine or its environment (a full disk, no permission, a file where a
 * directory should be): the user's to fix, told in one line that names the path and the cause,
 * never as a bug of ports-gen.
 */
export class MachineFault extends Error {
  override readonly name = 'MachineFault';
}

/** Each cause the machine gives: what it is, and what the user can do about it. */
const FAULTS: Record<string, { what: string; hint: string }> = {
  ENOSPC: { what: 'no space left on device', hint: 'free some space' },
  EDQUOT: { what: 'disk quota exceeded', hint: 'free some space' },
  EACCES: { what: 'permission denied', hint: 'fix its permissions, or choose a directory this user may write' },
  EPERM: { what: 'operation not permitted', hint: 'fix its permissions, or choose a directory this user may write' },
  EROFS: { what: 'read-only file system', hint: 'choose a directory on a writable file system' },
  ENOTDIR: { what: 'a path on the way is not a directory', hint: 'move the file out of the way, or choose another path' },
  EISDIR: { what: 'is a directory', hint: 'move the directory out of the way, or choose another path' },
  EEXIST: { what: 'something is already there', hint: 'move it out of the way, or choose another path' },
  EMFILE: { what: 'too many open files', hint: 'raise the open-files limit (ulimit -n)' },
  ENFILE: { what: 'too many open files in the system', hint: 'close other programs or raise the system limit' },
  EIO: { what: 'input/output error', hint: 'check the disk' },
  ENAMETOOLONG: { what: 'file name too long', hint: 'choose a shorter path' },
  EBUSY: { what: 'resource busy', hint: 'stop whatever holds it, then run again' },
  // Not the system's: a file of the live tree replaced by hand while a build used it (see Executor).
  ECHANGED: { what: 'replaced by something else during the build', hint: 'leave the live site alone while a build runs, then run again' },
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
 * relative to `cwd`, with the first of `renames` that applies (staging → out, say) so the user
 * sees the path they gave.
 */
export function machineFaultOf(cause: unknown, cwd: string, renames: ReadonlyArray<{ from: string; to: string }> = []): MachineFault | undefined {
  const error = cause as NodeJS.ErrnoException | undefined;
  const fault = error?.code === undefined ? undefined : FAULTS[error.code];
  if (!fault) return undefined;
  let where = error!.path ?? '';
  const rename = renames.find(({ from }) => where === from || where.startsWith(`${from}${path.sep}`));
  if (rename) where = rename.to + where.slice(rename.from.length);
  const shown = where === '' ? '' : ` while ${DOING[error!.syscall ?? ''] ?? 'using'} ${path.relative(cwd, where) || where}`;
  return new MachineFault(`${fault.what}${shown} (${fault.hint})`, { cause });
}
