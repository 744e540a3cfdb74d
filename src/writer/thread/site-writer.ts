import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { fromThreadError } from '../../core/problems/thread-error.js';
import type { FileSurvey } from '../../catalogue/file-identity.js';
import type { Body } from '../../render/body.js';
import { BatchEncoder } from './batch-encoder.js';
import type { Changes } from '../changes.js';
import type { Totals } from '../executor.js';
import type { FilesInfo } from '../trees/marker.js';
import { checkInside } from '../trees/tree-paths.js';
import { keepAsSpare, liveTree, publish, startStaging, trashPath } from '../trees/tree-roles.js';
import type { FromWorker, PlanAnswer, ToWorker, WorkerSetup } from './write-protocol.js';
import { pagesAheadIn, type PagesOutcome, type PagesRequest } from '../files-ahead.js';
import { handBack, takeWriter } from './writer-thread.js';

/** Wanted files are sent in batches of this many, checked by the writer as the build lists more. */
const WANT_BATCH = 4096;
/** Batches in flight at once: the backpressure that bounds memory to a few megabytes. */
const BATCHES_IN_FLIGHT = 4;
/**
 * One site written into a staging tree beside `--out` and published on `commit`. The main
 * thread plans and encodes; a writer thread checks the previous trees, carries out the plan
 * (see plan.ts, executor.ts) and places the bytes it is sent.
 */
export class SiteWriter {
  private readonly batches = new BatchEncoder(BATCHES_IN_FLIGHT);
  private inFlight = 0;
  private roomWaiters: Array<() => void> = [];
  /** Requests not yet answered, in the order sent: the writer answers them in turn. */
  private readonly waiting: Array<{ resolve: (message: FromWorker) => void; reject: (cause: Error) => void }> = [];
  private failure: Error | undefined;
  private closing = false;
  /** Wanted files not yet sent (see `want`). */
  private wantedPaths: string[] = [];
  private wantedKeys: Array<string | undefined> = [];
  /** The files pages asked for ahead (see pageFiles), and who waits for them until the writer answers: till then it may be paging. */
  private paging: Promise<PagesOutcome> | undefined;
  private pagedWaiter: { resolve: (outcome: PagesOutcome) => void; reject: (cause: Error) => void } | undefined;
  /** Whether the plan was asked for: from then on the staging tree is being changed (see WriterSession.plan). */
  private planned = false;

  private constructor(
    private readonly out: string,
    readonly staging: string,
    /** The build's scratch directory (see WorkerSetup). */
    private readonly scratch: string,
    /** Whether `staging` is the claimed spare. */
    private readonly updating: boolean,
    /** Whether `out` is published as a link to the tree (see tree-roles). */
    private readonly link: boolean,
    private readonly worker: Worker,
  ) {
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (cause) => this.fail(cause));
    worker.on('exit', (code) => this.fail(new Error(`the writer thread stopped (exit code ${code})`)));
  }

  /** `precompress`: each JSON file gets compressed siblings (see precompress); `signing`: files to sign, and the key. */
  static open(out: string, link = true, precompress = false, signing?: WorkerSetup['signing']): SiteWriter {
    const { staging, updating } = startStaging(out);
    // The live tree as it is now: under the build lock nothing else publishes until this build does.
    const setup: WorkerSetup = { staging, out: liveTree(out), updating, precompress, signing, scratch: trashPath(path.dirname(staging)) };
    const worker = takeWriter();
    worker.postMessage({ type: 'setup', setup } satisfies ToWorker);
    return new SiteWriter(out, staging, setup.scratch, updating, link, worker);
  }

  /** The survey of a file (its digest and records), made on the writer thread at once. */
  async survey(file: string): Promise<FileSurvey> {
    const answer = await this.request({ type: 'survey', path: file });
    if (answer.type !== 'surveyed') throw new Error(`the writer answered a survey with ${answer.type}`);
    return answer.survey;
  }

  /**
   * Has the writer read and check the previous trees while this thread reads the catalogue. Their
   * keys count only when they were made by the same code: the running code's (see
   * code-fingerprint), or the code of `fingerprint` when given (tests stand for other code so).
   */
  load(fingerprint?: string): void {
    this.send({ type: 'load', fingerprint });
  }

  /**
   * Has the writer make the files pages ahead (see files-ahead), once it has loaded the trees:
   * while this thread reads the ports. `paged` gives what came of it.
   */
  pageFiles(request: PagesRequest): void {
    this.paging = new Promise<PagesOutcome>((resolve, reject) => (this.pagedWaiter = { resolve, reject }));
    this.paging.catch(() => undefined); // awaited later, if at all: a build that fails first does not wait
    this.send({ type: 'page-files', request });
  }

  /** Where the files pages are made ahead: a fault there is told of the page as published. */
  get pagesAhead(): string {
    return pagesAheadIn(this.scratch);
  }

  /** What came of the files pages asked for (see pageFiles). */
  paged(): Promise<PagesOutcome> {
    if (!this.paging) throw new Error('the files pages were not asked for');
    return this.paging;
  }

  /**
   * One file of the build, with its key (see Wanted). Sent in batches, which the writer checks
   * (checkInside) while this thread lists more; planned once all are listed (see plan).
   */
  want(relative: string, key: string | undefined): void {
    this.wantedPaths.push(relative);
    this.wantedKeys.push(key);
    if (this.wantedPaths.length >= WANT_BATCH) this.sendWanted();
  }

  /**
   * A file made of wanted files, end to end as a JSON array (see assembly.ts): made by the writer
   * from the parts as placed, once they all are, kept when none changed; so is `lengths`'s file.
   */
  assemble(relative: string, parts: string[], lengths?: string): void {
    this.sendWanted();
    this.send({ type: 'assemble', path: relative, parts, lengths });
  }

  private sendWanted(): void {
    if (this.wantedPaths.length === 0) return;
    this.send({ type: 'want', paths: this.wantedPaths, keys: this.wantedKeys });
    this.wantedPaths = [];
    this.wantedKeys = [];
  }

  /**
   * Once every file is wanted: which files' bytes are to be sent (the others are in place
   * already), and whether the pages made under `pagesKey` are all in place (see PlanAnswer).
   */
  async plan(pagesKey: string): Promise<PlanAnswer> {
    this.sendWanted();
    this.planned = true;
    const answer = await this.request({ type: 'plan', pagesKey });
    if (answer.type !== 'planned') throw new Error(`the writer answered a plan with ${answer.type}`);
    return answer.answer;
  }

  /**
   * After the plan, the texts of files as made under their keys (null for one no tree holds so):
   * a file the plan placed, or the live tree's. A rebuild makes a ports page from the texts of
   * its ports' files this way (see build/recall/recalled-ports).
   */
  async readTexts(files: Array<[relative: string, key: string]>): Promise<Array<string | null>> {
    const answer = await this.request({ type: 'read-texts', files });
    if (answer.type !== 'texts') throw new Error(`the writer answered a read of texts with ${answer.type}`);
    return answer.texts;
  }

  /** One file's bytes, sent in batches; waits while the writer is behind. */
  async write(relative: string, body: Body): Promise<void> {
    checkInside(relative);
    if (this.failure) throw this.failure;
    if (this.batches.add(relative, body)) await this.flush();
  }

  private async flush(): Promise<void> {
    const batch = this.batches.take();
    while (this.inFlight >= BATCHES_IN_FLIGHT && !this.failure) await this.room();
    if (this.failure) throw this.failure;
    if (!batch) return;
    this.inFlight++;
    this.send({ type: 'batch', ...batch }, [batch.data]);
  }

  private room(): Promise<void> {
    return new Promise<void>((resolve) => this.roomWaiters.push(resolve));
  }

  /** Sends what is left, has the writer write the marker, and publishes the tree. */
  async commit(filesInfo: FilesInfo | undefined): Promise<Totals & Changes> {
    await this.flush();
    const answer = await this.request({ type: 'finish', filesInfo });
    if (answer.type !== 'finished') throw new Error(`the writer answered finish with ${answer.type}`);
    this.closing = true;
    // Once it has answered, the writer has nothing left to do, unless it is still paging what
    // the plan found in place: idle, it is kept for a next build; else it stops while the tree is published.
    const stopped = this.pagedWaiter ? this.worker.terminate() : handBack(this.worker);
    try {
      publish(this.staging, this.out, this.link);
    } finally {
      await stopped;
    }
    return answer.totals;
  }

  /**
   * Nothing of this build reaches `--out`. A claimed spare not yet changed (the build failed
   * before its plan, as a catalogue with problems does) is handed back for the next build;
   * any other staging tree is deleted.
   */
  async abort(): Promise<void> {
    this.closing = true;
    await this.worker.terminate();
    // New files only, none a link to a live file: removed at once (see moveToTrash for why a tree waits).
    rmSync(this.scratch, { recursive: true, force: true });
    if (this.updating && !this.planned) keepAsSpare(this.staging, this.out);
    else rmSync(this.staging, { recursive: true, force: true });
  }

  private send(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (this.failure) throw this.failure;
    this.worker.postMessage(message, transfer);
  }

  /** Sends a message that the writer answers (every message but a batch or `load`). */
  private request(message: ToWorker): Promise<FromWorker> {
    if (this.failure) return Promise.reject(this.failure);
    const answer = new Promise<FromWorker>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.send(message);
    return answer;
  }

  private receive(message: FromWorker): void {
    if (message.type === 'done') {
      this.batches.reuse(message.buffer);
      this.inFlight--;
      this.roomWaiters.shift()?.();
      return;
    }
    if (message.type === 'paged') {
      const waiter = this.pagedWaiter;
      this.pagedWaiter = undefined;
      return waiter?.resolve(message.outcome);
    }
    if (message.type === 'failed') return this.fail(fromThreadError(message.error));
    this.waiting.shift()?.resolve(message);
  }

  /**
   * Stops the build at its next step with the writer (see Interrupted): everything it waits for
   * fails with `cause`, and the build's failure path removes the staging tree.
   */
  interrupt(cause: Error): void {
    this.fail(cause);
  }

  private fail(cause: Error): void {
    if (this.closing) return; // our own terminate() ends the thread
    this.failure ??= cause;
    for (const asked of this.waiting.splice(0)) asked.reject(cause);
    this.pagedWaiter?.reject(cause);
    this.roomWaiters.splice(0).forEach((resolve) => resolve());
  }
}
