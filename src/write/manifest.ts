import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MARKER_FILE } from '../routes/site-files.js';
import { leavesTree } from './inside-tree.js';

/** Relative path → content hash (see content-hash) of every file a build wrote; stored in the marker file. */
export type Manifest = Map<string, string>;

/**
 * What the files pages were made from: a digest of `builds.ndjson` with everything else that
 * shapes the pages' bytes. A build whose key equals the previous one carries the pages over.
 */
export interface FilesInfo {
  key: string;
  pages: number;
  builds: number;
  paths: number;
}

/**
 * `files` is flat, path and hash by turns: at 42,000 files it parses in a third of the time an
 * object with one key per file takes.
 */
interface MarkerText {
  generator: 'ports-gen';
  format: typeof MARKER_FORMAT;
  filesInfo: FilesInfo | null;
  files: string[];
  /** The prints, in the order of `files`, and the key of the code that made them (see Prints). */
  prints: { key: string; list: string } | null;
}

/**
 * The prints of a build's port files (see derive/port-prints), by path. Only the live tree's
 * are ever looked up (by the writer thread, when the ports are offered to it), so the marker
 * holds them as one text, in the order of `files` ('' for other files): every marker read
 * parses one string instead of 40,000, and they are put in a map only when first asked for.
 */
export class Prints {
  private byPath: Map<string, string> | undefined;

  constructor(
    readonly key: string,
    private list: string,
    private files: readonly unknown[],
  ) {}

  get(relative: string): string | undefined {
    return this.index().get(relative);
  }

  private index(): Map<string, string> {
    if (!this.byPath) {
      this.byPath = new Map();
      const prints = this.list.split(PRINTS_SEPARATOR);
      for (let i = 0; i < prints.length; i++) if (prints[i] !== '' && typeof this.files[2 * i] === 'string') this.byPath.set(this.files[2 * i] as string, prints[i]!);
      this.list = '';
      this.files = [];
    }
    return this.byPath;
  }
}

/** The prints of a marker without any (or with unsound ones): none match. */
export const NO_PRINTS = new Prints('', '', []);

/** No print has a comma (hex and base64url digits and a dot). */
const PRINTS_SEPARATOR = ',';

export interface Marker {
  manifest: Manifest;
  filesInfo: FilesInfo | undefined;
  /**
   * When the marker was written, the last act of a build: a file or directory of the tree
   * changed after it (an edit by hand, a planted file) is not trusted to hold what the
   * manifest says.
   */
  writtenMs: number;
  prints: Prints;
}

/** Raised when what the marker records changes shape; an older marker is simply not reused. */
const MARKER_FORMAT = 5;

/**
 * Whether the tree at `dir` has a marker file, without reading it (some 3 MB at 40,000 ports):
 * enough to keep or claim a tree as the spare, since the writer thread reads the marker in full
 * before it trusts any file of it (see TreeWriter).
 */
export function hasMarkerFile(dir: string): boolean {
  return lstatSync(path.join(dir, MARKER_FILE), { throwIfNoEntry: false })?.isFile() === true;
}

/** The marker of the tree at `dir`, or undefined when there is none or it cannot be read. */
export function readMarker(dir: string): Marker | undefined {
  const file = path.join(dir, MARKER_FILE);
  try {
    const stats = lstatSync(file);
    if (!stats.isFile()) return undefined;
    const text = JSON.parse(readFileSync(file, 'utf8')) as Partial<MarkerText>;
    const files = text.files;
    if (text.generator !== 'ports-gen' || text.format !== MARKER_FORMAT || !Array.isArray(files)) return undefined;
    const manifest: Manifest = new Map();
    for (let i = 0; i + 1 < files.length; i += 2) {
      const [relative, hash] = [files[i], files[i + 1]];
      // A path that could leave the tree is never trusted: the spare is pruned by its paths.
      if (typeof relative !== 'string' || typeof hash !== 'string' || leavesTree(relative)) return undefined;
      manifest.set(relative, hash);
    }
    const prints = text.prints;
    const sound = typeof prints?.key === 'string' && typeof prints.list === 'string';
    return { manifest, filesInfo: text.filesInfo ?? undefined, writtenMs: stats.mtimeMs, prints: sound ? new Prints(prints.key, prints.list, files) : NO_PRINTS };
  } catch {
    return undefined;
  }
}

/**
 * The marker's text. Files are listed in path order, not in the order they were written, which
 * depends on what was carried over: the same catalogue gives the same marker. `paths`, when
 * given, are the manifest's paths in that order already.
 */
export function renderMarker(
  manifest: Manifest,
  filesInfo: FilesInfo | undefined,
  prints?: { key: string; byPath: Map<string, string> },
  paths: readonly string[] = [...manifest.keys()].sort(),
): string {
  const files: string[] = [];
  const printed: string[] = [];
  for (const file of paths) {
    files.push(file, manifest.get(file)!);
    printed.push(prints?.byPath.get(file) ?? '');
  }
  const text: MarkerText = {
    generator: 'ports-gen',
    format: MARKER_FORMAT,
    filesInfo: filesInfo ?? null,
    files,
    prints: prints ? { key: prints.key, list: printed.join(PRINTS_SEPARATOR) } : null,
  };
  return `${JSON.stringify(text)}\n`;
}
