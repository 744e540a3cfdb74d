/**
 * The writing half of a build, on its own thread: directories, links and writes are plain
 * synchronous calls here (Eleventy's lesson: sequential writes beat thousands of async ones),
 * while the main thread goes on parsing and serialising on the other core.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { surveyHere } from '../read/file-identity.js';
import { PRINTS_KEY } from '../derive/port-prints.js';
import { TreeWriter } from './tree-writer.js';
import type { FromWorker, ToWorker, WorkerSetup } from './write-protocol.js';

const { root, out, updating } = workerData as WorkerSetup;
const tree = new TreeWriter(root, out, updating);

function reply(message: FromWorker): void {
  // A batch's buffer goes back whole (moved, not copied): this thread never holds batches.
  parentPort!.postMessage(message, message.type === 'done' && message.buffer ? [message.buffer] : []);
}

function handle(message: ToWorker): FromWorker | undefined {
  switch (message.type) {
    case 'directories':
      for (const dir of message.paths) tree.makeDirectory(dir);
      return undefined;
    case 'batch': {
      const { paths, prints, hashes, lengths, data } = message.batch;
      const bytes = new Uint8Array(data);
      let offset = 0;
      paths.forEach((relative, i) => {
        tree.put(relative, bytes.subarray(offset, offset + lengths[i]!), prints[i] || undefined, hashes?.[i]);
        offset += lengths[i]!;
      });
      // No forced collection here (there was one every 64 batches): the bytes go back to the
      // main thread, and what is left is small. Without it, 8 full collections of 142 ms in a
      // 40,000-port build became V8's own 2 of 6 ms, with the same peak RSS at 1x and 4x.
      return { type: 'done', buffer: data };
    }
    case 'written':
      message.paths.forEach((relative, i) => tree.record(relative, message.hashes[i]!, message.lengths[i]!, message.prints[i] || undefined));
      return undefined;
    case 'survey':
      // At once, not a chunk at a time between the batches: the main thread will wait for
      // its count, and the writer has little else to do as the build starts.
      try {
        return { type: 'surveyed', id: message.id, survey: surveyHere(message.path) };
      } catch (cause) {
        return { type: 'survey-failed', id: message.id, message: (cause as Error).message };
      }
    case 'carry': {
      const { paths, prints } = message;
      return { type: 'carried', refused: paths.filter((relative, i) => !tree.carry(relative, prints?.[i])) };
    }
    case 'describe-live': {
      const live = tree.describeLive();
      // Answered first: the main thread waits for it to know how to keep the ports (see
      // preparePorts). When the ports will be offered with prints to compare with the live
      // tree's, its prints are put in their map now, not when the first offer waits for them.
      setImmediate(() => tree.checkAhead(live?.printsKey === PRINTS_KEY));
      return { type: 'live', live };
    }
    case 'commit':
      return { type: 'committed', ...tree.finish(message.filesInfo, message.printsKey) };
    case 'release':
      tree.release();
      return { type: 'released' };
  }
}

parentPort!.on('message', (message: ToWorker) => {
  try {
    const answer = handle(message);
    if (answer) reply(answer);
  } catch (cause) {
    reply({ type: 'failed', message: (cause as Error).message });
  }
});
