import { lstatSync, readdirSync, readFileSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { statIdentity } from '../../core/fs.js';
import { MARKER_FILE } from '../../routes/site-files.js';
import type { Marker } from './marker.js';

/**
 * The ledger of a tree: the identity of each of its files as its build left them, so that a
 * later build can tell, from one lstat, that a file is still the one written. Kept in the state
 * directory, not in the tree, whose bytes stay the same wherever it is built (an identity
 * belongs to the file system it was taken on). A ledger is named after the identity of its
 * tree's marker file, which a tree keeps through every rename and loses when the marker is
 * written again or edited: a tree finds its own ledger and no other.
 */

function ledgerName(marker: Stats): string {
  return `ledger-${statIdentity(marker)}.json`;
}

/** The marker file of the tree at `root`, as it stands. */
function markerStats(root: string): Stats | undefined {
  return lstatSync(path.join(root, MARKER_FILE), { throwIfNoEntry: false });
}

/**
 * Gives each file of the marker of the tree at `root` the identity its ledger records. None
 * when there is no ledger for the marker (an older build, a killed one, a marker edited): every
 * file is then checked by its bytes (see trust.ts).
 */
export function loadLedger(state: string, root: string, marker: Marker): void {
  const stats = markerStats(root);
  if (!stats?.isFile()) return;
  let listed: unknown;
  try {
    listed = JSON.parse(readFileSync(path.join(state, ledgerName(stats)), 'utf8'));
  } catch {
    return; // none, or not whole: the files are checked by their bytes
  }
  if (Array.isArray(listed)) marker.files.setIdentities(listed);
}

/**
 * Writes the ledger of the tree at `root`, whose marker was just written: the identity of each
 * of `files` in the marker's order (`paths`, sorted).
 * Every other ledger goes but those of the trees in `keep` (the live tree, soon the spare).
 */
export function writeLedger(state: string, root: string, files: ReadonlyMap<string, { identity: string }>, keep: readonly string[], paths: readonly string[]): void {
  const stats = markerStats(root)!;
  writeLedgerFile(state, stats, paths.map((relative) => files.get(relative)!.identity));
  const kept = new Set([ledgerName(stats)]);
  for (const tree of keep) {
    const other = markerStats(tree);
    if (other?.isFile()) kept.add(ledgerName(other));
  }
  for (const name of readdirSync(state)) {
    if (name.startsWith('ledger-') && !kept.has(name)) rmSync(path.join(state, name), { force: true });
  }
}

/**
 * The ledger of the tree at `root` (the live tree, soon the spare) written again after this
 * build linked some of its files (`relinked`, with their identities since): each link changed
 * its file's change time, so the next build would find none of them in the ledger and check
 * each against the other tree or by its bytes: after a build that linked every file, every
 * file. Every other file keeps the identity its ledger recorded; an identity only ever tells
 * that a file is untouched since it was taken.
 */
export function refreshLedger(state: string, root: string, marker: Marker, relinked: ReadonlyMap<string, string>): void {
  const stats = markerStats(root);
  if (relinked.size === 0 || !stats?.isFile()) return;
  const identities = marker.files.paths().map((relative, i) => relinked.get(relative) ?? marker.files.identity(i) ?? '');
  writeLedgerFile(state, stats, identities);
}

/** The ledger of the tree whose marker is `marker`: its files' identities in the marker's order. */
function writeLedgerFile(state: string, marker: Stats, identities: readonly string[]): void {
  writeFileSync(path.join(state, ledgerName(marker)), JSON.stringify(identities));
}
