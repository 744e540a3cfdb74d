import { constants, copyFileSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../content-hash.js';
import { MARKER_FILE, pageFiles } from '../routes/site-files.js';
import { pathUnder } from './inside-tree.js';
import { renderMarker, type FilesInfo, type Manifest } from './manifest.js';
import { PreviousTree } from './previous-tree.js';
import { directoriesOf, parentOf } from './tree-paths.js';
import type { LiveTree } from './write-protocol.js';

export interface TreeTotals {
  written: number;
  reused: number;
  bytes: number;
}

/** See TreeWriter.planCarry. */
interface CarryPlan {
  hash: string;
  print: string | undefined;
  size: number;
  /** The spare holds the file's bytes: nothing to do on disk. */
  kept: boolean;
}

/**
 * Puts one build's files into `root`, with plain synchronous calls (the writer thread's work).
 *
 * `root` is either a new, empty tree or the spare: the tree of the build before the previous
 * one, claimed for updating in place. A file whose bytes the spare already holds is kept; one
 * whose bytes the live tree holds is hard-linked from it; any other is written. Either way an
 * unchanged file keeps its inode and modification time, and a file is never written through:
 * what is replaced is unlinked first, since the spare shares its inodes with the live tree.
 */
export class TreeWriter {
  private readonly manifest: Manifest = new Map();
  /** How many of the manifest's files the live tree has too (see finish). */
  private inLive = 0;
  /** The port files' prints, for the marker (see derive/port-prints). */
  private readonly prints = new Map<string, string>();
  private readonly made = new Set<string>();
  private readonly live: PreviousTree | undefined;
  private readonly spare: PreviousTree | undefined;
  /** What the spare holds now, and which of those files this build wrote or linked there. */
  private readonly holds: Manifest | undefined;
  private readonly replaced = new Set<string>();
  /** The live files' carry plans, made ahead when ports will be offered (see checkAhead). */
  private plans: Map<string, CarryPlan> | undefined;
  readonly totals: TreeTotals = { written: 0, reused: 0, bytes: 0 };

  constructor(
    private readonly root: string,
    out: string,
    updating: boolean,
  ) {
    this.live = PreviousTree.open(out, false);
    this.spare = updating ? PreviousTree.open(root, true) : undefined;
    if (updating && !this.spare) {
      // A claimed spare whose marker cannot be read: nothing in it can be trusted.
      rmSync(root, { recursive: true, force: true });
      mkdirSync(root);
    }
    this.holds = this.spare ? new Map(this.spare.marker.manifest) : undefined;
  }

  /** One file of the build, with its bytes (and their hash, when it was made already). */
  put(relative: string, bytes: Uint8Array, print?: string, hash = contentHash(bytes)): void {
    this.enter(relative, hash, bytes.length, print);
    if (this.spare?.trustedSize(relative, hash) === bytes.length) return this.reuse();
    const target = this.prepare(relative);
    if (this.linkLive(relative, hash, target, bytes.length)) return this.reuse();
    writeFileSync(target, bytes, { flag: 'wx' }); // `wx`: never through something already there
    this.hold(relative, hash);
    this.totals.written++;
  }

  /** A file written into this (new) tree by another thread: recorded, as `put` records its own. */
  record(relative: string, hash: string, size: number, print?: string): void {
    this.enter(relative, hash, size, print);
    this.totals.written++;
  }

  /**
   * A file of this build in the manifest (and its print, for a port file) and the totals.
   * `inLive`: the live tree has the file too (asked of it unless the caller knows).
   */
  private enter(relative: string, hash: string, size: number, print: string | undefined, inLive = this.live?.hashOf(relative) !== undefined): void {
    const known = this.manifest.size;
    this.manifest.set(relative, hash);
    if (inLive && this.manifest.size > known) this.inLive++;
    if (print !== undefined) this.prints.set(relative, print);
    this.totals.bytes += size;
  }

  /** A directory made ahead of its files. */
  makeDirectory(dir: string): void {
    this.ensureDirectory(dir);
  }

  /**
   * One file carried over unchanged from the live tree, whose bytes were not made again; with
   * `print`, only when the live tree's file was made with that print (see derive/port-prints),
   * which is recorded again. False, with nothing done, when the live tree cannot vouch for the
   * file: its bytes must then be made.
   */
  carry(relative: string, print?: string): boolean {
    const plan = this.plans?.get(relative) ?? this.planCarry(relative, print !== undefined);
    if (!plan || (print !== undefined && plan.print !== print)) return false;
    this.enter(relative, plan.hash, plan.size, print, true); // the print is the live file's, when one was offered
    if (plan.kept) {
      this.reuse();
      return true;
    }
    const live = this.live!;
    const target = this.prepare(relative);
    try {
      linkSync(live.pathOf(relative), target);
      this.totals.reused++;
    } catch {
      // No link across file systems, or on one without links: the same bytes, copied.
      copyFileSync(live.pathOf(relative), target, constants.COPYFILE_EXCL);
      this.totals.written++;
    }
    this.hold(relative, plan.hash);
    return true;
  }

  /**
   * What carrying the live tree's file takes, when the live tree can vouch for it: its hash,
   * size and (`withPrint`) print, and whether the spare holds its bytes already.
   */
  private planCarry(relative: string, withPrint: boolean): CarryPlan | undefined {
    const live = this.live;
    const hash = live?.hashOf(relative);
    if (!live || !hash) return undefined;
    const kept = this.spare?.trustedSize(relative, hash);
    const size = kept ?? live.trustedSize(relative, hash);
    if (size === undefined) return undefined;
    return { hash, print: withPrint ? live.marker.prints.get(relative) : undefined, size, kept: kept !== undefined };
  }

  /** What the live tree was made from, for the build to compare with; undefined when there is none. */
  describeLive(): LiveTree | undefined {
    const live = this.live;
    if (!live) return undefined;
    const { filesInfo, prints } = live.marker;
    const pagesIntact =
      filesInfo !== undefined &&
      pageFiles(filesInfo.pages).every((file) => {
        const hash = live.hashOf(file);
        return hash !== undefined && live.trustedSize(file, hash) !== undefined;
      });
    return { filesInfo, pagesIntact, printsKey: prints.key };
  }

  /**
   * Checks the spare's files and directories now (see PreviousTree.checkAll), so that the
   * build's questions are answered from memory; with `prints`, plans the carrying of every live
   * file (see planCarry), so that each port offered costs one lookup; and readies the live
   * tree's layout for `finish`. Done while the main thread reads the ports, after the live tree
   * is described, which the main thread waits for.
   */
  checkAhead(prints: boolean): void {
    this.spare?.checkAll();
    const live = this.live;
    if (prints && live) {
      const plans = new Map<string, CarryPlan>();
      for (const relative of live.marker.manifest.keys()) {
        const plan = this.planCarry(relative, true);
        if (plan) plans.set(relative, plan);
      }
      this.plans = plans;
    }
    live?.prepareLayout();
  }

  /**
   * Removes what the spare held that this build does not, and writes the marker. A build with
   * the live tree's files (most rebuilds) takes their order and directories from the live tree
   * (see PreviousTree.layoutFor), made while this thread waited for the ports.
   */
  finish(filesInfo: FilesInfo | undefined, printsKey: string): TreeTotals {
    const layout = this.live?.layoutFor(this.manifest, this.inLive);
    const used = layout?.directories ?? directoriesOf(this.manifest.keys());
    if (this.holds) this.removeUnused(used);
    this.removeUnusedDirectories(used);
    this.writeMarker(renderMarker(this.manifest, filesInfo, { key: printsKey, byPath: this.prints }, layout?.paths));
    return this.totals;
  }

  /**
   * A failed build hands the spare back rather than deleting it: its marker then records what
   * it holds now, each file made by this build or checked (see checkAhead), so the next build
   * can still use it.
   */
  release(): void {
    if (!this.spare || !this.holds) throw new Error('only a claimed spare is released');
    for (const [relative, hash] of this.holds) {
      if (this.replaced.has(relative) || this.spare.trustedSize(relative, hash) !== undefined) continue;
      this.holds.delete(relative);
      rmSync(this.pathOf(relative), { recursive: true, force: true });
    }
    this.removeUnusedDirectories(directoriesOf(this.holds.keys()));
    this.writeMarker(renderMarker(this.holds, undefined));
  }

  /** A hard link to the live tree's file, when that still holds exactly these bytes. */
  private linkLive(relative: string, hash: string, target: string, size: number): boolean {
    if (this.live?.trustedSize(relative, hash) !== size) return false;
    try {
      linkSync(this.live.pathOf(relative), target);
    } catch {
      return false; // another file system, a file system without links: write it instead
    }
    this.hold(relative, hash);
    return true;
  }

  private reuse(): void {
    this.totals.reused++;
  }

  private hold(relative: string, hash: string): void {
    if (!this.holds) return;
    this.holds.set(relative, hash);
    this.replaced.add(relative);
  }

  private pathOf(relative: string): string {
    return pathUnder(this.root, relative);
  }

  /** The target's directories made, and whatever the spare had at the target removed. */
  private prepare(relative: string): string {
    this.ensureDirectory(parentOf(relative));
    const target = this.pathOf(relative);
    if (this.holds?.delete(relative)) {
      this.replaced.delete(relative);
      rmSync(target, { recursive: true, force: true });
    }
    return target;
  }

  private ensureDirectory(dir: string): void {
    if (dir === '' || this.made.has(dir)) return;
    if (!this.spare) {
      mkdirSync(path.join(this.root, dir), { recursive: true });
    } else {
      // Updating in place: each directory on the way is checked, and whatever stands where a
      // directory should be (a planted link, a file) is removed, never followed.
      this.ensureDirectory(parentOf(dir));
      if (!this.spare.isRealDirectory(dir)) {
        rmSync(this.pathOf(dir), { recursive: true, force: true });
        mkdirSync(this.pathOf(dir));
      }
    }
    this.made.add(dir);
  }

  /** Directories made ahead of files that never came (a build that failed on a later port). */
  private removeUnusedDirectories(used: Set<string>): void {
    for (const dir of this.made) if (!used.has(dir)) rmSync(this.pathOf(dir), { recursive: true, force: true });
  }

  /** The spare's files this build has no use for, and the directories left without a use. */
  private removeUnused(used: Set<string>): void {
    for (const relative of this.holds!.keys()) {
      if (this.manifest.has(relative)) continue;
      // The topmost directory with no use goes whole (with anything planted in it); its parent
      // is in use, so it was checked to be a real directory.
      let doomed = relative;
      while (parentOf(doomed) !== '' && !used.has(parentOf(doomed))) doomed = parentOf(doomed);
      rmSync(this.pathOf(doomed), { recursive: true, force: true });
    }
  }

  private writeMarker(text: string): void {
    const marker = path.join(this.root, MARKER_FILE);
    rmSync(marker, { force: true });
    writeFileSync(marker, text, { flag: 'wx' });
  }
}
