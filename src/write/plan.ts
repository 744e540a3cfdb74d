import type { Held, TreeFiles } from './trust.js';
import { directoriesOf, parentOf } from './tree-paths.js';

/**
 * Every file a build wants, by path, with the key its bytes are made under when one is known
 * before they are made (a port's print, the pages key); undefined: only its bytes will tell.
 */
export type Wanted = ReadonlyMap<string, string | undefined>;

/** What to do with each wanted file (see planFiles). */
export interface Plan {
  /** The staging tree (the claimed spare) holds the file already: nothing to do. */
  keep: string[];
  /** The live tree holds it: a hard link, so it keeps its inode and time. */
  link: string[];
  /** Its bytes must be made, then placed by `placeBytes`. */
  render: string[];
}

/** The previous trees a build may take files from; keys count only when made by the same code. */
export interface Previous {
  live?: TreeFiles;
  spare?: TreeFiles;
  /** Whether the keys of each tree were made by this build's code (see code-fingerprint). */
  liveKeys: boolean;
  spareKeys: boolean;
}

/**
 * Decides, for every file the build wants, whether the spare (updated in place) already holds
 * it, the live tree holds it, or its bytes must be made. Each file on its own, so the files can
 * be planned in batches as the build lists them; what the spare holds that must go is known
 * once they are all listed (see `unwanted`). Pure: plain maps in, lists out.
 */
export function planFiles(wanted: Wanted, previous: Previous): Plan {
  const plan: Plan = { keep: [], link: [], render: [] };
  for (const [relative, key] of wanted) {
    if (key !== undefined && previous.spareKeys && previous.spare?.get(relative)?.key === key) plan.keep.push(relative);
    else if (key !== undefined && previous.liveKeys && previous.live?.get(relative)?.key === key) plan.link.push(relative);
    else plan.render.push(relative);
  }
  return plan;
}

/** Where a file whose bytes were made comes from: the spare, the live tree, or a new write. */
export type Placement = 'keep' | 'link' | 'write';

/**
 * A made file goes where its bytes already are: kept when the spare holds the same bytes, linked
 * when the live tree does, written otherwise. Either way an unchanged file keeps its inode.
 */
export function placeBytes(relative: string, hash: string, size: number, previous: Pick<Previous, 'live' | 'spare'>): Placement {
  if (holds(previous.spare?.get(relative), hash, size)) return 'keep';
  if (holds(previous.live?.get(relative), hash, size)) return 'link';
  return 'write';
}

function holds(held: Held | null | undefined, hash: string, size: number): boolean {
  return held !== undefined && held !== null && held.hash === hash && held.size === size;
}

/**
 * What the staging tree holds (`listed`: the spare's files) that the build does not want: the
 * paths of `listed` that are not wanted, each as the topmost directory that holds nothing
 * wanted (removed whole, with anything planted in it), or the file itself.
 */
export function unwanted(listed: Iterable<string>, wanted: Wanted): string[] {
  // The directories in use are listed only when something is not wanted (seldom, on a rebuild).
  let used: Set<string> | undefined;
  const doomed = new Set<string>();
  for (const relative of listed) {
    if (wanted.has(relative)) continue;
    used ??= directoriesOf(wanted.keys());
    // A file where a directory is now wanted: replaced as that directory is made (see Executor).
    if (used.has(relative)) continue;
    let top = relative;
    while (parentOf(top) !== '' && !used.has(parentOf(top))) top = parentOf(top);
    doomed.add(top);
  }
  return [...doomed];
}
