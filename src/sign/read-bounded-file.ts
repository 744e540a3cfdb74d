/**
 * The files signify's formats are read from (keys, signatures, the file a signature is of): a
 * regular file of a bounded size, or a refusal naming it (exit 2) before a byte of it is read.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { UsageError } from '../core/problems/usage-error.js';

/**
 * The bytes of `file`, shown as `shown`, meant to be `what` (`a signify signature`); undefined
 * when there is no such file. Opened without waiting (a FIFO's open waits for a writer), then
 * refused unless it is a regular file (a FIFO or a device such as /dev/zero may never end) of at
 * most `most` bytes; one that grows meanwhile is read to the size it had.
 */
export function readBoundedFile(file: string, shown: string, what: string, most: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // What open(2) answers for a socket: not a regular file either.
    if (code === 'ENXIO') throw new UsageError(`${shown}: a socket, not a regular file, so not ${what}`);
    throw cause;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UsageError(`${shown}: ${kindOf(stats)}, not a regular file, so not ${what}`);
    if (stats.size > most) throw new UsageError(`${shown}: ${bytes(stats.size)}, more than ${what} may have (${bytes(most)})`);
    const read = Buffer.alloc(stats.size);
    let done = 0;
    while (done < read.length) {
      const got = readSync(fd, read, done, read.length - done, done);
      if (got === 0) break;
      done += got;
    }
    return read.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function bytes(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}
