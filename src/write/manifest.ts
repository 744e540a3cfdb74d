import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MARKER_FILE } from '../routes/site-files.js';
import { leavesTree } from './inside-tree.js';

/** Relative path → content hash of every file a build wrote; stored in the marker file. */
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
 * The marker's text is deterministic: the same catalogue gives the same marker. `files` is
 * flat, path and hash by turns: at 42,000 files it parses in a third of the time an object
 * with one key per file takes.
 */
interface MarkerText {
  generator: 'ports-gen';
  format: typeof MARKER_FORMAT;
  filesInfo: FilesInfo | null;
  files: string[];
}

export interface Marker {
  manifest: Manifest;
  filesInfo: FilesInfo | undefined;
  /**
   * When the marker was written, the last act of a build: a file or directory of the tree
   * changed after it (an edit by hand, a planted file) is not trusted to hold what the
   * manifest says.
   */
  writtenMs: number;
}

/** Raised when what the marker records changes shape; an older marker is simply not reused. */
const MARKER_FORMAT = 3;

export function hashBody(body: string | Uint8Array): string {
  return createHash('sha1').update(body).digest('base64url');
}

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
    return { manifest, filesInfo: text.filesInfo ?? undefined, writtenMs: stats.mtimeMs };
  } catch {
    return undefined;
  }
}

export function renderMarker(manifest: Manifest, filesInfo: FilesInfo | undefined): string {
  const files: string[] = [];
  for (const [file, hash] of manifest) files.push(file, hash);
  const text: MarkerText = { generator: 'ports-gen', format: MARKER_FORMAT, filesInfo: filesInfo ?? null, files };
  return `${JSON.stringify(text)}\n`;
}
