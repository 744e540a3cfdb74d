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
