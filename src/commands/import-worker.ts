/**
 * The second thread of `ports-gen import` for a large native PortIndex: once told where the
 * entries are, it checks the chunks of them it claims (see native-chunks) while the main thread
 * reads the catalogue, then beside it, and sends each chunk's ports and problems as it goes.
 */
import { parentPort } from 'node:worker_threads';
import { toThreadError } from '../problems/thread-error.js';
import { checkClaimed, type CheckerSetup, type FromChecker } from './native-chunks.js';

const send = (message: FromChecker) => parentPort!.postMessage(message);
parentPort!.once('message', ({ file, body, bodyStart, bodyLength, names, lines, starts, ends, claims }: CheckerSetup) => {
  try {
    checkClaimed({ body: Buffer.from(body, bodyStart, bodyLength), names, lines, starts, ends }, new Int32Array(claims), file, (index, checked) => send({ type: 'chunk', index, checked }));
    send({ type: 'done' });
  } catch (cause) {
    send({ type: 'failed', error: toThreadError(cause) });
  }
});
