import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { digestHere } from './file-identity.js';

/**
 * `digestHere` on a thread of its own, for when nothing waits on the digest: a first build
 * records it for the next one while the main thread pages the builds.
 */
export function digestOnWorker(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: path });
    worker.once('message', (digest: string) => resolve(digest));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the digest thread stopped (exit code ${code})`)));
  });
}

if (!isMainThread && typeof workerData === 'string') {
  parentPort!.postMessage(await digestHere(workerData));
}
