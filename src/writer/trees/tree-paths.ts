import path from 'node:path';

/** Relative `/`-separated paths of an output tree: their safety, parents and directories. */

/**
 * Where a backslash separates paths (Windows), it could leave the tree; elsewhere it is a
 * character like any other, which a category's name may have (its page then has it too).
 */
const BACKSLASH_SEPARATES = path.sep === '\\';
/** An empty, `.` or `..` segment, a NUL, a separating backslash: anything that could leave the tree. */
const UNSAFE_PATH = BACKSLASH_SEPARATES ? /(?:^|\/)\.{0,2}(?:\/|$)|[\\\0]/ : /(?:^|\/)\.{0,2}(?:\/|$)|\0/;
const DOT = 0x2e;
const SLASH = 0x2f;

/**
 * Whether a path plainly has no empty, `.` or `..` segment, NUL or separating backslash: a few
 * native searches, a third of the time of UNSAFE_PATH, which this runs ahead of for every file
 * and directory. A segment that merely starts with a dot (`a/.b`) goes on to UNSAFE_PATH.
 */
function isPlainPath(relative: string): boolean {
  const first = relative.charCodeAt(0);
  return (
    relative.length > 0 &&
    first !== DOT &&
    first !== SLASH &&
    relative.charCodeAt(relative.length - 1) !== SLASH &&
    !relative.includes('/.') &&
    !relative.includes('//') &&
    !(BACKSLASH_SEPARATES && relative.includes('\\')) &&
    !relative.includes('\0')
  );
}

/** Whether `relative` (a `/`-separated path) could leave the tree it is resolved in. */
export function leavesTree(relative: string): boolean {
  return !isPlainPath(relative) && UNSAFE_PATH.test(relative);
}

/** Refuses any path that could leave the staging tree (defence in depth beyond the name rule). */
export function checkInside(relative: string): void {
  if (leavesTree(relative)) throw new Error(`refusing to write outside the output directory: ${JSON.stringify(relative)}`);
}

/**
 * `relative`, a `/`-separated path that stays in the tree (checked by `leavesTree` before it
 * got here), under `root`: no normalising, which for the tens of thousands of paths of a
 * rebuild's tree check cost more than the checks themselves.
 */
export function pathUnder(root: string, relative: string): string {
  if (relative === '') return root;
  return path.sep === '/' ? `${root}/${relative}` : `${root}${path.sep}${relative.replaceAll('/', path.sep)}`;
}

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
