/**
 * The writing half of a build, on its own thread: the trees are checked and the plan carried
 * out with plain synchronous calls (sequential writes beat thousands of async ones), while the
 * main thread goes on reading, validating and rendering on the other core.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { toThreadError } from '../problems/thread-error.js';
import { surveyHere } from '../read/file-identity.js';
import { Executor } from './executor.js';
import { readMarker, type FilesInfo, type Marker } from './marker.js';
import { planTree, type Previous, type Wanted } from './plan.js';
import { CheckedTree } from './trust.js';
import type { FromWorker, ToWorker, WorkerSetup } from './write-protocol.js';

const { staging, out, updating } = workerData as WorkerSetup;
let live: Marker | undefined;
let spare: Marker | undefined;
let previous: Omit<Previous, 'liveKeys' | 'spareKeys'> = {};
let executor: Executor | undefined;

function load(): void {
  live = readMarker(out);
  spare = updating ? readMarker(staging) : undefined;
  if (updating && !spare) startAfresh();
  previous = {
    live: live && new CheckedTree(out, live, false),
    // A claimed spare whose marker cannot be read holds nothing that can be trusted.
    spare: updating ? (spare ? new CheckedTree(staging, spare, true) : new Map()) : undefined,
  };
}

function plan(message: Extract<ToWorker, { type: 'plan' }>): FromWorker {
  const wanted: Wanted = new Map(message.paths.map((relative, i) => [relative, message.keys[i] ?? undefined]));
  const full: Previous = { ...previous, liveKeys: live?.fingerprint === message.fingerprint, spareKeys: spare?.fingerprint === message.fingerprint };
  const planned = planTree(wanted, full);
  executor = new Executor(staging, out, full);
  executor.apply(planned, wanted);
  const pagesKept = planned.render.every((relative) => wanted.get(relative) === undefined);
  return { type: 'planned', filesInfo: pagesKept ? pagesInfo(message.pagesKey, full) : undefined };
}

/** A claimed spare without a marker it can trust: emptied, so nothing of it is published. */
function startAfresh(): void {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
}

/** A previous tree's files info, when its pages were made under `key` by the same code. */
function pagesInfo(key: string, full: Previous): FilesInfo | undefined {
  if (full.liveKeys && live?.filesInfo?.key === key) return live.filesInfo;
  if (full.spareKeys && spare?.filesInfo?.key === key) return spare.filesInfo;
  return undefined;
}

function handle(message: ToWorker): FromWorker | undefined {
  switch (message.type) {
    case 'survey':
      return { type: 'surveyed', survey: surveyHere(message.path) };
    case 'load':
      load();
      return undefined;
    case 'plan':
      return plan(message);
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
      return { type: 'finished', totals: executor!.finish(message.fingerprint, message.filesInfo) };
  }
}

parentPort!.on('message', (message: ToWorker) => {
  let answer: FromWorker | undefined;
  try {
    answer = handle(message);
  } catch (cause) {
    answer = { type: 'failed', error: toThreadError(cause) };
  }
  if (answer) parentPort!.postMessage(answer, answer.type === 'done' ? [answer.buffer] : []);
});
