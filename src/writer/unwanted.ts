import { directoriesOf, parentOf } from './trees/tree-paths.js';

/**
 * What a tree holds (`listed`) that the build does not want: each path not wanted, as the
 * topmost directory that holds nothing wanted (removed whole, with anything planted in it), or
 * the file itself. `wantedPaths`: every wanted path, whose directories stay.
 */
export function unwanted(listed: Iterable<string>, isWanted: (path: string) => boolean, wantedPaths: Iterable<string>): string[] {
  // The directories in use are listed only when something is not wanted (seldom, on a rebuild).
  let used: Set<string> | undefined;
  const doomed = new Set<string>();
  for (const relative of listed) {
    if (isWanted(relative)) continue;
    used ??= directoriesOf(wantedPaths);
    // A file where a directory is now wanted: replaced as that directory is made (see Executor).
    if (used.has(relative)) continue;
    let top = relative;
    while (parentOf(top) !== '' && !used.has(parentOf(top))) top = parentOf(top);
    doomed.add(top);
  }
  return [...doomed];
}
