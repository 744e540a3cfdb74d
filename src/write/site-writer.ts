import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { link, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MARKER_FILE } from '../routes/site-files.js';
import { hashBody, readManifest, renderMarker, type Manifest } from './manifest.js';
import { recoverStaging, stagingPath, swapIn } from './staging.js';
import { WriteQueue } from './write-queue.js';

/** Writes in flight at once; measured by `npm run bench` (see README, performance). */
export const WRITES_IN_FLIGHT = 8;

/**
 * Writes one site into a staging tree and swaps it in on `commit`. A file whose bytes equal
 * the previous build's is hard-linked from the previous tree instead of written, so its
 * modification time stays (cheap rsync and CDN uploads) while the swap stays whole.
 */
export class SiteWriter {
  /** Each directory is made once; later files in it wait for the same promise. */
  private readonly directories = new Map<string, Promise<unknown>>();
  private readonly queue = new WriteQueue(WRITES_IN_FLIGHT);
  private readonly manifest: Manifest = new Map();
  /** Files written, files carried over from the previous build, bytes of both. */
  written = 0;
  reused = 0;
  bytes = 0;

  private constructor(
    private readonly out: string,
    readonly root: string,
    private readonly previous: Manifest,
  ) {}

  static open(out: string): SiteWriter {
    recoverStaging(out);
    const previous = readManifest(out);
    const root = stagingPath(out, 'new');
    mkdirSync(root, { recursive: true });
    return new SiteWriter(out, root, previous);
  }

  get files(): number {
    return this.written + this.reused;
  }

  /**
   * Queues one file. Directory creation, linking and writing all run on the thread pool
   * (the profile showed synchronous mkdir of 40,000 port directories blocking the parser).
   */
  async write(relative: string, body: string): Promise<void> {
    const target = this.resolveInside(relative);
    const directory = this.ensureDirectory(path.dirname(target));
    const hash = hashBody(body);
    const size = Buffer.byteLength(body);
    this.manifest.set(relative, hash);
    this.bytes += size;
    const previous = this.previous.get(relative) === hash ? this.previousFile(relative, size) : undefined;
    if (previous) this.reused++;
    else this.written++;
    await this.queue.push(async () => {
      await directory;
      if (previous) {
        try {
          await link(previous, target);
          return;
        } catch {
          // The previous file vanished: write it after all.
        }
      }
      await writeFile(target, body, { flag: 'wx' });
    });
  }

  private ensureDirectory(dir: string): Promise<unknown> {
    let made = this.directories.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true });
      made.catch(() => {}); // reported by the job that awaits it
      this.directories.set(dir, made);
    }
    return made;
  }

  /**
   * The previous build's file to link, if it is a plain file of the expected size: never a
   * link planted there, nor a file edited by hand since (its size will usually have changed).
   */
  private previousFile(relative: string, size: number): string | undefined {
    const previous = path.join(this.out, ...relative.split('/'));
    try {
      const stats = lstatSync(previous);
      return stats.isFile() && stats.size === size ? previous : undefined;
    } catch {
      return undefined;
    }
  }

  resolveInside(relative: string): string {
    const parts = relative.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0'))) {
      throw new Error(`refusing to write outside the output directory: ${JSON.stringify(relative)}`);
    }
    return path.join(this.root, ...parts);
  }

  /** Waits for every write, records the manifest in the marker, and swaps the tree in. */
  async commit(): Promise<void> {
    await this.queue.drain();
    writeFileSync(path.join(this.root, MARKER_FILE), renderMarker(this.manifest), { flag: 'wx' });
    swapIn(this.root, this.out);
  }

  async abort(): Promise<void> {
    await this.queue.drain().catch(() => {});
    rmSync(this.root, { recursive: true, force: true });
  }
}
