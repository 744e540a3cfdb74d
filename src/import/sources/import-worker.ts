/**
 * The second thread of `ports-gen import` for a large source: once told where the entries are,
 * it checks the chunks of them it claims (see source-chunks) while the main thread reads the
 * catalogue, then beside it, and sends each chunk's ports and problems as it goes.
 */
import { parentPort } from 'node:worker_threads';
import { toThreadError } from '../../core/problems/thread-error.js';
import { checkClaimed, type CheckerSetup, type FromChecker } from './source-chunks.js';

const send = (message: FromChecker) => parentPort!.postMessage(message);
parentPort!.once('message', ({ kind, file, body, bodyStart, bodyLength, names, lines, starts, ends, claims }: CheckerSetup) => {
  try {
    const bodies = { body: Buffer.from(body, bodyStart, bodyLength), names, lines, starts, ends };
    checkClaimed(kind, bodies, new Int32Array(claims), file, (index, checked) => send({ type: 'chunk', index, checked }));
    send({ type: 'done' });
  } catch (cause) {
    send({ type: 'failed', error: toThreadError(cause) });
  }
});
