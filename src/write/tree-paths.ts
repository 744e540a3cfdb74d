/** Relative `/`-separated paths of an output tree: their parents and the directories they need. */

/** The parent of a relative `/`-separated path; '' for the top of the tree. */
export function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash === -1 ? '' : relative.slice(0, slash);
}

/** Every directory that holds one of `files`, at any depth. */
export function directoriesOf(files: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  for (const file of files) {
    for (let dir = parentOf(file); dir !== '' && !dirs.has(dir); dir = parentOf(dir)) dirs.add(dir);
  }
  return dirs;
}

/** `paths` in the order a marker lists them (code-unit order); a list in that order already is kept as it is. */
export function inPathOrder(paths: string[]): string[] {
  for (let i = 1; i < paths.length; i++) if (paths[i - 1]! >= paths[i]!) return paths.sort();
  return paths;
}
