/**
 * The second thread of `ports-gen import` for a large source: once told where the entries are
 * and of which kind, it checks the chunks of them it claims (see parallel-check) while the main
 * thread reads the catalogue, then beside it, and sends each chunk's ports and problems as it goes.
 */
import { parentPort } from 'node:worker_threads';
import { toThreadError } from '../../core/problems/thread-error.js';
import { checkClaimed, type CheckerSetup, type FromChecker } from './parallel-check.js';
import { sourceKindNamed } from './source-kinds.js';

const send = (message: FromChecker) => parentPort!.postMessage(message);
parentPort!.once('message', ({ kind, file, body, bodyStart, bodyLength, names, lines, starts, ends, claims }: CheckerSetup) => {
  try {
    const spans = { body: Buffer.from(body, bodyStart, bodyLength), names, lines, starts, ends };
    checkClaimed(sourceKindNamed(kind), spans, new Int32Array(claims), file, (index, checked) => send({ type: 'chunk', index, checked }));
    send({ type: 'done' });
  } catch (cause) {
    send({ type: 'failed', error: toThreadError(cause) });
  }
});
