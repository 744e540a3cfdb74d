/**
 * The writer thread's loop: the trees are checked and the plan carried out with plain
 * synchronous calls (sequential writes beat thousands of async ones), while the main thread goes
 * on reading, validating and rendering on the other core. Each message is answered in turn; the
 * build's state is its session's (see writer-session).
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { toThreadError, type ThreadError } from '../../core/problems/thread-error.js';
import { surveyHere } from '../../catalogue/file-identity.js';
import type { FromWorker, ToWorker } from './write-protocol.js';
import { WriterSession } from '../writer-session.js';

function serve(port: MessagePort): void {
  // The build's setup is its first message: the thread may be started before the build knows its trees (see writer-thread).
  let session: WriterSession | undefined;
  /**
   * The first failure, after which nothing more is done: messages the main thread sent before it
   * heard of the failure (the final batch and `finish` go together) must not finish the tree or
   * write its ledger while the build is being aborted.
   */
  let broken: ThreadError | undefined;

  const handle = (message: ToWorker): FromWorker | undefined => {
    switch (message.type) {
      case 'setup':
        // A thread kept from a finished build (see handBack) starts this one afresh.
        session = new WriterSession(message.setup);
        return undefined;
      case 'survey': {
        const survey = surveyHere(message.path);
        session?.noteSurvey(message.path, survey);
        return { type: 'surveyed', survey };
      }
      case 'load':
        session!.load(message.fingerprint);
        return undefined;
      case 'page-files':
        // Paged between the messages that come meanwhile (the reads of builds.ndjson are awaited).
        session!.pageFiles(message.request).then(
          (outcome) => port.postMessage({ type: 'paged', outcome } satisfies FromWorker),
          (cause: unknown) => {
            broken ??= toThreadError(cause);
            port.postMessage({ type: 'failed', error: broken } satisfies FromWorker);
          },
        );
        return undefined;
      case 'want':
        session!.want(message.paths, message.keys);
        return undefined;
      case 'assemble':
        session!.assemble(message.path, message.parts, message.lengths);
        return undefined;
      case 'plan':
        return { type: 'planned', answer: session!.plan(message.pagesKey) };
      case 'read-texts':
        return { type: 'texts', texts: message.files.map(([relative, key]) => session!.readText(relative, key)) };
      case 'batch':
        session!.put(message.paths, message.lengths, new Uint8Array(message.data));
        return { type: 'done', buffer: message.data };
      case 'finish': {
        const totals = session!.finish(message.filesInfo);
        session = undefined; // the build is over: what it held is let go while the thread waits for another
        return { type: 'finished', totals };
      }
    }
  };

  port.on('message', (message: ToWorker) => {
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
    if (answer) port.postMessage(answer, answer.type === 'done' ? [answer.buffer] : []);
  });
}

serve(parentPort!);
