/**
 * One build's writing, on the writer thread: the trees on disk read (see trust.ts), the plan
 * made once every wanted file is listed (see plan.ts) and carried out (see executor.ts), the
 * bytes the build makes placed as the plan's rules say, the marker and the ledgers written.
 * Everything it holds is this build's, made from the setup its first message gives.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codeFingerprint } from '../core/code-fingerprint.js';
import { collectGarbage } from '../core/collect-garbage.js';
import { contentHash } from '../core/content-hash.js';
import { parseSecretKey, signatureFile, type SecretKey } from '../sign/signify.js';
import { changesSince, type Changes } from './changes.js';
import { Executor, type Totals } from './executor.js';
import { loadLedger, refreshLedger, writeLedger } from './trees/file-ledger.js';
import { readMarker, type FilesInfo, type Marker, type MarkerFiles } from './trees/marker.js';
import { placeAssembly, placeLate, placeMade, placeMadeAhead, plan, type OnDisk, type Operation } from './plan.js';
import { encode, siblingKey } from './precompress.js';
import { checkInside, pathUnder } from './trees/tree-paths.js';
import { emptyTrash } from './trees/tree-roles.js';
import { CheckedTree, readSameFile } from './trees/trust.js';
import type { PlanAnswer, WorkerSetup } from './thread/write-protocol.js';
import type { FileSurvey } from '../catalogue/file-identity.js';
import { madeAheadAt, pageAhead, pagesAheadIn, type PagesAhead, type PagesOutcome, type PagesRequest } from './files-ahead.js';

/** From this many files in the trees on disk, a full collection follows their reading (see load). */
const COLLECT_AFTER_FILES = 20000;

export class WriterSession {
  /** The state directory, where the staging tree is and the trees' ledgers are kept. */
  private readonly state: string;
  private live: Marker | undefined;
  /** The files of the tree this one is made from, the spare's or else the live tree's (see want). */
  private known: MarkerFiles | undefined;
  private onDisk: OnDisk = {};
  /** The code the new tree is made by (see load). */
  private fingerprint = '';
  /** Every file the build wants, as listed so far, with its key. */
  private readonly wanted = new Map<string, string | undefined>();
  /** Files made of other files (see assembly.ts): their parts, by path; and the files of their parts' lengths. */
  private readonly assemblies = new Map<string, string[]>();
  private readonly partLengths = new Map<string, string>();
  /** The plan's assemblies, made once their parts are placed, and their parts' lengths, once they are. */
  private assembling: Array<Extract<Operation, { op: 'assemble' }>> = [];
  private measuring: Array<Extract<Operation, { op: 'lengths' }>> = [];
  /** The plan's signatures, made once their files are placed. */
  private signing: Array<Extract<Operation, { op: 'sign' }>> = [];
  /** The key they are made with, read from the setup. */
  private readonly signer: { secret: SecretKey; publicName: string; id: string } | undefined;
  /** The plan's siblings, placed once their sources are. */
  private siblings: Array<Extract<Operation, { op: 'sibling' }>> = [];
  private readonly executor: Executor;
  /** The surveys this thread made, by path (see noteSurvey). */
  private readonly surveys = new Map<string, FileSurvey>();
  /** The files pages made ahead (see pageFiles), placed when the tree is finished. */
  private ahead: PagesAhead | undefined;

  constructor(private readonly setup: WorkerSetup) {
    this.state = path.dirname(setup.staging);
    this.executor = new Executor(setup.staging, setup.out, setup.updating, this.state, setup.scratch);
    if (setup.signing) {
      const secret = parseSecretKey(setup.signing.key.text);
      // A signature is kept while its file's bytes and the key are the same: Ed25519 signs alike.
      this.signer = { secret, publicName: setup.signing.key.publicName, id: `${secret.keyNumber.toString('hex')}${secret.publicKey.toString('hex')}` };
    }
  }

  /**
   * Reads the trees on disk and checks their files (see trust.ts), deciding nothing: keys count
   * only when made by the code of `madeBy`, the running code's unless a test says otherwise.
   * Hashed here, not on the main thread, where it would hold up the reading of the ports.
   */
  load(madeBy: string | undefined): void {
    const { staging, out, updating } = this.setup;
    this.fingerprint = madeBy ?? codeFingerprint();
    const spare = updating ? readMarker(staging) : undefined;
    this.live = readMarker(out);
    if (this.live) loadLedger(this.state, out, this.live);
    if (spare) loadLedger(this.state, staging, spare);
    if (this.live && spare) this.live.files.share(spare.files);
    this.known = (spare ?? this.live)?.files;
    const liveFiles = this.live && new CheckedTree(out, this.live, false);
    const spareFiles = spare && new CheckedTree(staging, spare, true, liveFiles);
    this.onDisk = {
      live: this.live && { files: liveFiles!, fingerprint: this.live.fingerprint, filesInfo: this.live.filesInfo },
      spare: spare ? { files: spareFiles!, fingerprint: spare.fingerprint, filesInfo: spare.filesInfo, strangers: spareFiles!.strangers } : updating ? null : undefined,
    };
    // Both markers' texts and the live tree's own strings are garbage now, tens of megabytes
    // promoted while they were parsed: freed at once, the build reuses them instead of growing.
    if (spare && spare.files.size >= COLLECT_AFTER_FILES) collectGarbage();
  }

  /**
   * A batch of wanted files, listed as the build goes. A file a previous tree lists is wanted
   * by that marker's strings, its path and, when the same, its key: the build's own copies die
   * young instead of being held a second time through the build.
   */
  want(paths: readonly string[], keys: ReadonlyArray<string | undefined>): void {
    const known = this.known;
    const wanted = new Array<string>(paths.length);
    for (let i = 0; i < paths.length; i++) {
      let [relative, key] = [paths[i]!, keys[i]];
      checkInside(relative);
      const j = known ? known.indexOf(relative) : -1;
      if (j >= 0) {
        relative = known!.path(j);
        if (key === known!.key(j)) key = known!.key(j);
      }
      this.wanted.set((wanted[i] = relative), key);
    }
    this.executor.makeDirectories(wanted);
  }

  /** A file made of wanted files, end to end (see assembly.ts); with `lengths`, the file of its parts' lengths. */
  assemble(relative: string, parts: string[], lengths?: string): void {
    for (const file of lengths === undefined ? [relative] : [relative, lengths]) checkInside(file);
    this.assemblies.set(relative, parts);
    if (lengths !== undefined) this.partLengths.set(relative, lengths);
  }

  /** A survey this thread made for the build (see file-identity): the files pages are counted and keyed by it. */
  noteSurvey(file: string, survey: FileSurvey): void {
    this.surveys.set(file, survey);
  }

  /** The files pages, made ahead once the trees are loaded (see files-ahead). */
  async pageFiles(request: PagesRequest): Promise<PagesOutcome> {
    const survey = request.survey ?? this.surveys.get(request.path);
    if (!survey) throw new Error(`the files pages were asked for before ${request.path} was surveyed`);
    this.ahead = await pageAhead(request, survey, pagesAheadIn(this.setup.scratch), this.onDisk, this.fingerprint);
    return this.ahead.outcome;
  }

  /** Every file is listed: the plan is made and carried out as far as it can be before the build makes bytes. */
  plan(pagesKey: string): PlanAnswer {
    const { operations, make, filesInfo } = plan({ wanted: this.wanted, assemblies: this.assemblies, partLengths: this.partLengths, signed: this.setup.signing?.files, onDisk: this.onDisk, fingerprint: this.fingerprint, pagesKey, precompress: this.setup.precompress });
    for (const operation of operations) {
      if (operation.op === 'sibling') this.siblings.push(operation);
      else if (operation.op === 'assemble') {
        this.assembling.push(operation);
        this.executor.expect(operation);
      }
      else if (operation.op === 'sign') this.signing.push(operation);
      else if (operation.op === 'lengths') this.measuring.push(operation);
      // Bytes to make come in batches (see put); the marker is the last act of finish.
      else if (operation.op !== 'make' && operation.op !== 'marker') this.executor.carry(operation);
    }
    return { render: make, filesInfo };
  }

  /** Files whose bytes this build made, end to end in `bytes`. */
  put(paths: readonly string[], lengths: readonly number[], bytes: Uint8Array): void {
    let offset = 0;
    paths.forEach((relative, i) => {
      // Made as the plan asked, or made again beside those (every files page, when one changed).
      if (!this.wanted.has(relative)) throw new Error(`${relative} was sent, but the build does not want it`);
      this.executor.carry(placeMade(relative, bytes.subarray(offset, offset + lengths[i]!), this.wanted.get(relative) ?? '', this.onDisk));
      this.executor.totals.rendered++;
      offset += lengths[i]!;
    });
  }

  /**
   * The text of `relative` as made under `key`: placed in the new tree by the plan, or held by the
   * live tree as its marker says. Its bytes are read and must hash as recorded; null otherwise.
   */
  readText(relative: string, key: string): string | null {
    try {
      const placed = this.executor.placed.get(relative);
      if (placed?.key === key) return textHashingTo(readFileSync(pathUnder(this.setup.staging, relative)), placed.hash);
      const live = this.onDisk.live?.files.get(relative);
      if (live?.key !== key) return null;
      // Read as it was checked: opened without following a link, and the very file (see readSameFile).
      return textHashingTo(readSameFile(pathUnder(this.setup.out, relative), live, (fd) => readFileSync(fd)), live.hash);
    } catch {
      return null; // gone, unreadable: made again
    }
  }

  /** The pages made ahead placed, the assemblies made, the siblings placed, the trash emptied, the marker and the ledgers written: the tree is whole. */
  finish(filesInfo: FilesInfo | undefined): Totals & Changes {
    const executor = this.executor;
    for (const [relative, held] of this.ahead?.made ?? []) {
      if (this.wanted.get(relative) !== held.key) throw new Error(`${relative} was made ahead, but the build does not want it so`);
      executor.carry(placeMadeAhead(relative, madeAheadAt(this.ahead!, relative), held, this.onDisk));
      executor.totals.rendered++;
    }
    for (const assembly of this.assembling) {
      const hashes = assembly.parts.map((part) => executor.placed.get(part)?.hash ?? '');
      const operation = placeAssembly(assembly, hashes, { onDisk: this.onDisk, fingerprint: this.fingerprint });
      // Made by this build, as the files it sends are: not carried from a previous tree.
      if (operation.op === 'assemble') executor.totals.rendered++;
      else executor.dropStream();
      executor.carry(operation);
    }
    for (const lengths of this.measuring) this.placeLengths(lengths);
    for (const signature of this.signing) this.placeSignature(signature);
    for (const sibling of this.siblings) this.placeSibling(sibling);
    // Every file of the live tree has been decided on, and the new marker is not yet written (see moveToTrash).
    emptyTrash(this.state);
    const totals = { ...executor.finish(this.fingerprint, filesInfo), ...changesSince(this.live?.files, executor.markerOrder, (relative) => executor.placed.get(relative)!.hash) };
    writeLedger(this.state, this.setup.staging, executor.placed, [this.setup.out], executor.markerOrder);
    // The live tree, soon the spare: its files linked into the new tree changed their change time.
    if (this.live) refreshLedger(this.state, this.setup.out, this.live, executor.relinked);
    return totals;
  }

  /** A signature, planned once its file is placed (see placeLate), made from the file as placed. */
  private placeSignature({ path: relative, source }: Extract<Operation, { op: 'sign' }>): void {
    const placed = this.executor.placed.get(source);
    if (!placed || !this.signer) throw new Error(`${relative} is wanted, but not ${source} or a key`);
    const key = `sig:${placed.hash}:${this.signer.id}`;
    const operation = placeLate(relative, key, { onDisk: this.onDisk, fingerprint: this.fingerprint });
    if (operation.op !== 'make') return this.executor.carry(operation);
    this.executor.totals.rendered++;
    const text = signatureFile(readFileSync(pathUnder(this.setup.staging, source)), this.signer.secret, this.signer.publicName);
    this.executor.carry(placeMade(relative, Buffer.from(text), key, this.onDisk));
  }

  /** An assembled file's parts' lengths as a JSON array, where a reader finds a few of its elements (the Netlify function, ports of the dump): planned once it is placed, under its hash. */
  private placeLengths({ path: relative, source }: Extract<Operation, { op: 'lengths' }>): void {
    const [assembled, parts] = [this.executor.placed.get(source), this.assemblies.get(source)];
    if (!assembled || !parts) throw new Error(`${relative} is wanted, but not ${source}`);
    const key = `lengths:${assembled.hash}`;
    const operation = placeLate(relative, key, { onDisk: this.onDisk, fingerprint: this.fingerprint });
    if (operation.op !== 'make') return this.executor.carry(operation);
    this.executor.totals.rendered++;
    const lengths = parts.map((part) => this.executor.placed.get(part)!.size);
    this.executor.carry(placeMade(relative, Buffer.from(JSON.stringify(lengths)), key, this.onDisk));
  }

  /** A compressed sibling, planned once its source is placed (see placeLate), made from the source as placed. */
  private placeSibling({ path: relative, source, encoding }: Extract<Operation, { op: 'sibling' }>): void {
    const placed = this.executor.placed.get(source);
    if (!placed) throw new Error(`${relative} is wanted, but not ${source}`);
    const key = siblingKey(placed.hash, encoding);
    const operation = placeLate(relative, key, { onDisk: this.onDisk, fingerprint: this.fingerprint });
    if (operation.op !== 'make') return this.executor.carry(operation);
    this.executor.totals.rendered++;
    const bytes = encode(readFileSync(pathUnder(this.setup.staging, source)), encoding);
    this.executor.carry(placeMade(relative, bytes, key, this.onDisk));
  }
}

/** The bytes as text, when they hash to `hash`. */
function textHashingTo(bytes: Buffer | undefined, hash: string): string | null {
  return bytes !== undefined && contentHash(bytes) === hash ? bytes.toString('utf8') : null;
}
