/**
 * The writing half of a build, on its own thread: the trees are checked and the plan carried
 * out with plain synchronous calls (sequential writes beat thousands of async ones), while the
 * main thread goes on reading, validating and rendering on the other core.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { codeFingerprint } from '../code-fingerprint.js';
import { contentHash } from '../content-hash.js';
import { toThreadError, type ThreadError } from '../problems/thread-error.js';
import { surveyHere } from '../read/file-identity.js';
import { Executor } from './executor.js';
import { recallIdentities, refreshLedger, writeLedger } from './file-ledger.js';
import { readMarker, type FilesInfo, type Marker } from './marker.js';
import { planFiles, unwanted, type Previous } from './plan.js';
import { checkInside, pathUnder } from './tree-paths.js';
import { emptyTrash, moveToTrash } from './tree-roles.js';
import { siblingsOf } from './precompress.js';
import { CheckedTree, readSameFile } from './trust.js';
import type { FromWorker, ToWorker } from './write-protocol.js';

// The build's setup (WorkerSetup), from its first message: the thread may be started before
// the build knows its trees (see writer-thread).
let staging = '';
let out = '';
let updating = false;
let precompress = false;
/** The state directory, where the staging tree is and the trees' ledgers are kept. */
let state = '';
let live: Marker | undefined;
let spare: Marker | undefined;
let previous: Previous = { liveKeys: false, spareKeys: false };
/** The code the new tree is made by (see load). */
let fingerprint = '';
/** Every file the build wants, as listed so far, with its key. */
const wanted = new Map<string, string | undefined>();
/** The files whose bytes are to be made, as planned so far. */
const render: string[] = [];
/** The compressed siblings wanted (see precompress): placed once their sources are. */
const siblings: string[] = [];
let executor: Executor | undefined;

/**
 * The previous trees, read and checked; keys count only when made by the code of `madeBy`,
 * the running code's unless a test says otherwise. Hashed here, not on the main thread, where
 * it would hold up the reading of the ports.
 */
function load(madeBy: string | undefined): void {
  fingerprint = madeBy ?? codeFingerprint();
  spare = updating ? readMarker(staging) : undefined;
  if (updating && !spare) startAfresh();
  live = readMarker(out);
  if (live) recallIdentities(state, out, live);
  if (spare) recallIdentities(state, staging, spare);
  const liveTree = live && new CheckedTree(out, live, false);
  previous = {
    live: liveTree,
    // A claimed spare whose marker cannot be read holds nothing that can be trusted.
    spare: updating ? (spare ? new CheckedTree(staging, spare, true, liveTree) : new Map()) : undefined,
    liveKeys: live?.fingerprint === fingerprint,
    spareKeys: spare?.fingerprint === fingerprint,
  };
  executor = new Executor(staging, out, previous, wanted);
}

/** A batch of wanted files, planned and carried out at once: what the previous trees hold is placed. */
function want(paths: readonly string[], keys: ReadonlyArray<string | undefined>): void {
  const batch = new Map<string, string | undefined>();
  for (let i = 0; i < paths.length; i++) {
    checkInside(paths[i]!);
    wanted.set(paths[i]!, keys[i]);
    batch.set(paths[i]!, keys[i]);
    if (!precompress) continue;
    // Wanted now, so the spare's are not removed as unwanted; their keys follow their sources' bytes.
    for (const sibling of siblingsOf(paths[i]!)) {
      wanted.set(sibling, undefined);
      siblings.push(sibling);
    }
  }
  const plan = planFiles(batch, previous);
  executor!.apply(plan);
  for (const relative of plan.render) render.push(relative);
}

/** Every file is listed: what the spare holds that is not wanted goes, and the build learns what to make. */
function plan(pagesKey: string): FromWorker {
  if (previous.spare) executor!.remove(unwanted(previous.spare.keys(), wanted));
  const pagesKept = render.every((relative) => wanted.get(relative) !== pagesKey);
  return { type: 'planned', answer: { render, filesInfo: pagesKept ? pagesInfo(pagesKey) : undefined } };
}

/** A claimed spare without a marker it can trust: replaced by an empty tree, so nothing of it is published. */
function startAfresh(): void {
  moveToTrash(staging, state);
  mkdirSync(staging);
}

/** A previous tree's files info, when its pages were made under `key` by the same code. */
function pagesInfo(key: string): FilesInfo | undefined {
  if (previous.liveKeys && live?.filesInfo?.key === key) return live.filesInfo;
  if (previous.spareKeys && spare?.filesInfo?.key === key) return spare.filesInfo;
  return undefined;
}

/**
 * The text of `relative` as made under `key`: placed in the new tree by the plan, or held by the
 * live tree as its marker says. Its bytes are read and must hash as recorded; null otherwise.
 */
function recall(relative: string, key: string): string | null {
  try {
    const placed = executor!.placed.get(relative);
    if (placed?.key === key) return textHashingTo(readFileSync(pathUnder(staging, relative)), placed.hash);
    const live = previous.live?.get(relative);
    if (live?.key !== key) return null;
    // Read as it was checked: opened without following a link, and the very file (see readSameFile).
    return textHashingTo(readSameFile(pathUnder(out, relative), live, (fd) => readFileSync(fd)), live.hash);
  } catch {
    return null; // gone, unreadable: made again
  }
}

/** The bytes as text, when they hash to `hash`. */
function textHashingTo(bytes: Buffer | undefined, hash: string): string | null {
  return bytes !== undefined && contentHash(bytes) === hash ? bytes.toString('utf8') : null;
}

function handle(message: ToWorker): FromWorker | undefined {
  switch (message.type) {
    case 'setup':
      ({ staging, out, updating, precompress } = message.setup);
      state = path.dirname(staging);
      return undefined;
    case 'survey':
      return { type: 'surveyed', survey: surveyHere(message.path) };
    case 'load':
      load(message.fingerprint);
      return undefined;
    case 'want':
      want(message.paths, message.keys);
      return undefined;
    case 'plan':
      return plan(message.pagesKey);
    case 'recall':
      return { type: 'recalled', texts: message.files.map(([relative, key]) => recall(relative, key)) };
    case 'batch': {
      const bytes = new Uint8Array(message.data);
      let offset = 0;
      message.paths.forEach((relative, i) => {
        executor!.put(relative, bytes.subarray(offset, offset + message.lengths[i]!));
        offset += message.lengths[i]!;
      });
      return { type: 'done', buffer: message.data };
    }
    case 'finish':
      for (const sibling of siblings) executor!.placeSibling(sibling);
      // Every file of the live tree has been decided on, and the new marker is not yet written (see moveToTrash).
      emptyTrash(state);
      const totals = executor!.finish(fingerprint, message.filesInfo);
      writeLedger(state, staging, executor!.placed, [out], executor!.markerOrder);
      // The live tree, soon the spare: its files linked into the new tree changed their change time.
      if (live) refreshLedger(state, out, live, executor!.relinked);
      return { type: 'finished', totals };
  }
}

/**
 * The first failure, after which nothing more is done: messages the main thread sent before it
 * heard of the failure (the final batch and `finish` go together) must not finish the tree or
 * write its ledger while the build is being aborted.
 */
let broken: ThreadError | undefined;

parentPort!.on('message', (message: ToWorker) => {
  let answer: FromWorker | undefined;
  if (broken) {
    answer = { type: 'failed', error: broken };
  } else {
    try {
      answer = handle(message);
    } catch (cause) {
      broken = toThreadError(cause);
      answer = { type: 'failed', error: broken };
    }
  }
  if (answer) parentPort!.postMessage(answer, answer.type === 'done' ? [answer.buffer] : []);
});
