/**
 * The writing half of a build, on its own thread: directories, links and writes are plain
 * synchronous calls here (Eleventy's lesson: sequential writes beat thousands of async ones),
 * while the main thread goes on parsing and serialising on the other core.
 */
import { linkSync, lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { MARKER_FILE } from '../routes/site-files.js';
import { collectGarbage } from './collect-garbage.js';
import { hashBody, readManifest, renderMarker } from './manifest.js';
import type { Batch, FromWorker, ToWorker, WorkerSetup } from './write-protocol.js';

const { root, out } = workerData as WorkerSetup;
const previous = readManifest(out);
const manifest = new Map<string, string>();
const made = new Set<string>();
const totals = { written: 0, reused: 0, bytes: 0 };

function ensureDirectory(dir: string): void {
  if (made.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  made.add(dir);
}

/**
 * A file whose bytes equal the previous build's is hard-linked from the previous tree, if that
 * is a plain file of the same size: never a link planted there, nor a file edited since.
 */
function linkPrevious(relative: string, target: string, size: number): boolean {
  const old = path.join(out, ...relative.split('/'));
  try {
    const stats = lstatSync(old);
    if (!stats.isFile() || stats.size !== size) return false;
    linkSync(old, target);
    return true;
  } catch {
    return false;
  }
}

function writeBatch(batch: Batch): void {
  const data = new Uint8Array(batch.data);
  let offset = 0;
  batch.paths.forEach((relative, i) => {
    const bytes = data.subarray(offset, offset + batch.lengths[i]!);
    offset += bytes.length;
    const target = path.join(root, ...relative.split('/'));
    ensureDirectory(path.dirname(target));
    const hash = hashBody(bytes);
    manifest.set(relative, hash);
    totals.bytes += bytes.length;
    if (previous.get(relative) === hash && linkPrevious(relative, target, bytes.length)) {
      totals.reused++;
      return;
    }
    writeFileSync(target, bytes, { flag: 'wx' }); // `wx`: never through something already there
    totals.written++;
  });
}

function reply(message: FromWorker): void {
  parentPort!.postMessage(message);
}

/** As on the main thread: a collection now and then keeps this thread's heap flat. */
const GC_EVERY_BATCHES = 64;
let batches = 0;

parentPort!.on('message', (message: ToWorker) => {
  try {
    if (message.type === 'batch') {
      writeBatch(message.batch);
      if (++batches % GC_EVERY_BATCHES === 0) collectGarbage();
      reply({ type: 'done' });
    } else {
      writeFileSync(path.join(root, MARKER_FILE), renderMarker(manifest), { flag: 'wx' });
      reply({ type: 'committed', ...totals });
    }
  } catch (cause) {
    reply({ type: 'failed', message: (cause as Error).message });
  }
});
