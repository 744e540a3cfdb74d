/**
 * One build's writing, on the writer thread: the previous trees read and checked, each batch of
 * wanted files planned and carried out, the bytes placed, the marker and the ledgers written.
 * Everything it holds is this build's, made from the setup its first message gives.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { codeFingerprint } from '../code-fingerprint.js';
import { contentHash } from '../content-hash.js';
import { Executor, type Totals } from './executor.js';
import { recallIdentities, refreshLedger, writeLedger } from './file-ledger.js';
import { readMarker, type FilesInfo, type Marker } from './marker.js';
import { planFiles, unwanted, type Previous } from './plan.js';
import { encode, siblingKey, siblingsOf, sourceOf } from './precompress.js';
import { checkInside, pathUnder } from './tree-paths.js';
import { emptyTrash, moveToTrash } from './tree-roles.js';
import { CheckedTree, readSameFile } from './trust.js';
import type { PlanAnswer, WorkerSetup } from './write-protocol.js';

export class WriterSession {
  /** The state directory, where the staging tree is and the trees' ledgers are kept. */
  private readonly state: string;
  private live: Marker | undefined;
  private spare: Marker | undefined;
  private previous: Previous = { liveKeys: false, spareKeys: false };
  /** The code the new tree is made by (see load). */
  private fingerprint = '';
  /** Every file the build wants, as listed so far, with its key. */
  private readonly wanted = new Map<string, string | undefined>();
  /** The files whose bytes are to be made, as planned so far. */
  private readonly render: string[] = [];
  /** The compressed siblings wanted (see precompress): placed once their sources are. */
  private readonly siblings: string[] = [];
  private executor: Executor | undefined;

  constructor(private readonly setup: WorkerSetup) {
    this.state = path.dirname(setup.staging);
  }

  /**
   * The previous trees, read and checked; keys count only when made by the code of `madeBy`,
   * the running code's unless a test says otherwise. Hashed here, not on the main thread, where
   * it would hold up the reading of the ports.
   */
  load(madeBy: string | undefined): void {
    const { staging, out, updating } = this.setup;
    this.fingerprint = madeBy ?? codeFingerprint();
    this.spare = updating ? readMarker(staging) : undefined;
    // A claimed spare without a marker it can trust: replaced by an empty tree, so nothing of it is published.
    if (updating && !this.spare) {
      moveToTrash(staging, this.state);
      mkdirSync(staging);
    }
    this.live = readMarker(out);
    if (this.live) recallIdentities(this.state, out, this.live);
    if (this.spare) recallIdentities(this.state, staging, this.spare);
    const liveTree = this.live && new CheckedTree(out, this.live, false);
    this.previous = {
      live: liveTree,
      spare: updating ? (this.spare ? new CheckedTree(staging, this.spare, true, liveTree) : new Map()) : undefined,
      liveKeys: this.live?.fingerprint === this.fingerprint,
      spareKeys: this.spare?.fingerprint === this.fingerprint,
    };
    this.executor = new Executor(staging, out, this.previous, this.wanted);
  }

  /** A batch of wanted files, planned and carried out at once: what the previous trees hold is placed. */
  want(paths: readonly string[], keys: ReadonlyArray<string | undefined>): void {
    const batch = new Map<string, string | undefined>();
    for (let i = 0; i < paths.length; i++) {
      checkInside(paths[i]!);
      this.wanted.set(paths[i]!, keys[i]);
      batch.set(paths[i]!, keys[i]);
      if (!this.setup.precompress) continue;
      // Wanted now, so the spare's are not removed as unwanted; their keys follow their sources' bytes.
      for (const sibling of siblingsOf(paths[i]!)) {
        this.wanted.set(sibling, undefined);
        this.siblings.push(sibling);
      }
    }
    const plan = planFiles(batch, this.previous);
    this.executor!.apply(plan);
    for (const relative of plan.render) this.render.push(relative);
  }

  /** Every file is listed: what the spare holds that is not wanted goes, and the build learns what to make. */
  plan(pagesKey: string): PlanAnswer {
    if (this.previous.spare) this.executor!.remove(unwanted(this.previous.spare.keys(), this.wanted));
    const pagesKept = this.render.every((relative) => this.wanted.get(relative) !== pagesKey);
    return { render: this.render, filesInfo: pagesKept ? this.pagesInfo(pagesKey) : undefined };
  }

  /** Files whose bytes this build made, end to end in `bytes`. */
  put(paths: readonly string[], lengths: readonly number[], bytes: Uint8Array): void {
    let offset = 0;
    paths.forEach((relative, i) => {
      this.executor!.put(relative, bytes.subarray(offset, offset + lengths[i]!));
      offset += lengths[i]!;
    });
  }

  /**
   * The text of `relative` as made under `key`: placed in the new tree by the plan, or held by the
   * live tree as its marker says. Its bytes are read and must hash as recorded; null otherwise.
   */
  recall(relative: string, key: string): string | null {
    try {
      const placed = this.executor!.placed.get(relative);
      if (placed?.key === key) return textHashingTo(readFileSync(pathUnder(this.setup.staging, relative)), placed.hash);
      const live = this.previous.live?.get(relative);
      if (live?.key !== key) return null;
      // Read as it was checked: opened without following a link, and the very file (see readSameFile).
      return textHashingTo(readSameFile(pathUnder(this.setup.out, relative), live, (fd) => readFileSync(fd)), live.hash);
    } catch {
      return null; // gone, unreadable: made again
    }
  }

  /** The siblings placed, the trash emptied, the marker and the ledgers written: the tree is whole. */
  finish(filesInfo: FilesInfo | undefined): Totals {
    const executor = this.executor!;
    for (const sibling of this.siblings) this.placeSibling(sibling);
    // Every file of the live tree has been decided on, and the new marker is not yet written (see moveToTrash).
    emptyTrash(this.state);
    const totals = executor.finish(this.fingerprint, filesInfo);
    writeLedger(this.state, this.setup.staging, executor.placed, [this.setup.out], executor.markerOrder);
    // The live tree, soon the spare: its files linked into the new tree changed their change time.
    if (this.live) refreshLedger(this.state, this.setup.out, this.live, executor.relinked);
    return totals;
  }

  /**
   * A compressed sibling of a file placed already (see precompress), planned as any file under
   * the key of its source's bytes: kept or linked when a previous tree holds it, else made from
   * the source as placed.
   */
  private placeSibling(sibling: string): void {
    const { source, encoding } = sourceOf(sibling);
    const placed = this.executor!.placed.get(source);
    if (!placed) throw new Error(`${sibling} is wanted, but not ${source}`);
    const key = siblingKey(placed.hash, encoding);
    const plan = planFiles(new Map([[sibling, key]]), this.previous);
    this.executor!.apply(plan);
    if (plan.render.length > 0) this.executor!.put(sibling, encode(readFileSync(pathUnder(this.setup.staging, source)), encoding), key);
  }

  /** A previous tree's files info, when its pages were made under `key` by the same code. */
  private pagesInfo(key: string): FilesInfo | undefined {
    if (this.previous.liveKeys && this.live?.filesInfo?.key === key) return this.live.filesInfo;
    if (this.previous.spareKeys && this.spare?.filesInfo?.key === key) return this.spare.filesInfo;
    return undefined;
  }
}

/** The bytes as text, when they hash to `hash`. */
function textHashingTo(bytes: Buffer | undefined, hash: string): string | null {
  return bytes !== undefined && contentHash(bytes) === hash ? bytes.toString('utf8') : null;
}
