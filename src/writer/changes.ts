/**
 * What a new tree changes against the live one, as a build reports it: the files whose bytes
 * are new or differ, and the live files it no longer has. Not what the build wrote: a file can
 * be written again with the bytes the live tree holds (a copy where links fail), and kept from
 * the spare with bytes the live tree does not (see keepsTime in plan.ts, which writes it anew).
 */
export interface Changes {
  /** Whether there was a live tree to compare with: without one, every file is new. */
  replaced: boolean;
  changed: number;
  removed: number;
}

/**
 * `live`: the live tree's paths and hashes, sorted by path (as its marker lists them); `paths`:
 * the new tree's, sorted too, with `hashOf` their hashes. One walk of both.
 */
export function changesSince(live: { size: number; path(i: number): string; hash(i: number): string } | undefined, paths: readonly string[], hashOf: (relative: string) => string): Changes {
  if (!live) return { replaced: false, changed: paths.length, removed: 0 };
  let changed = 0;
  let shared = 0;
  for (let i = 0, j = 0; j < paths.length; j++) {
    const relative = paths[j]!;
    while (i < live.size && live.path(i) < relative) i++;
    if (i < live.size && live.path(i) === relative) {
      shared++;
      if (live.hash(i) !== hashOf(relative)) changed++;
    } else changed++;
  }
  return { replaced: true, changed, removed: live.size - shared };
}
