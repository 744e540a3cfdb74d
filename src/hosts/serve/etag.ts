import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { hashFile } from '../../core/fs.js';

const MAX_CACHED = 50_000;

/**
 * Strong ETags from the bytes, computed once per file version (inode, size, time) and kept
 * in a bounded cache, so a conditional GET costs a stat, not a read.
 */
export class EtagCache {
  private readonly tags = new Map<string, string>();

  get(file: string, fd: number, stats: Stats): string {
    const key = `${file}\0${stats.ino}\0${stats.size}\0${stats.mtimeMs}`;
    let tag = this.tags.get(key);
    if (tag === undefined) {
      tag = `"${hashFile(fd, createHash('sha256'), stats.size).digest('base64url').slice(0, 32)}"`;
      if (this.tags.size >= MAX_CACHED) this.tags.clear();
      this.tags.set(key, tag);
    }
    return tag;
  }
}

/** RFC 9110 If-None-Match: `*` or a list of (possibly weak) tags, compared weakly. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}
