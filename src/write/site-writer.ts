import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { recoverStaging, stagingPath, swapIn } from './staging.js';

/**
 * Writes one site into a staging tree and swaps it in on `commit`. Paths are relative, with
 * `/` separators; each is checked to stay inside the tree (defence in depth beyond the port
 * name rule), and each directory is created once.
 */
export class SiteWriter {
  readonly root: string;
  private readonly created = new Set<string>();
  files = 0;
  bytes = 0;

  private constructor(
    private readonly out: string,
    root: string,
  ) {
    this.root = root;
  }

  static open(out: string): SiteWriter {
    recoverStaging(out);
    const root = stagingPath(out, 'new');
    mkdirSync(root, { recursive: true });
    return new SiteWriter(out, root);
  }

  write(relative: string, body: string | Uint8Array): void {
    const target = this.resolveInside(relative);
    const dir = path.dirname(target);
    if (!this.created.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.created.add(dir);
    }
    // `wx`: never follow or reuse something already there; every path is written once.
    writeFileSync(target, body, { flag: 'wx' });
    this.files++;
    this.bytes += typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  }

  resolveInside(relative: string): string {
    const parts = relative.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0'))) {
      throw new Error(`refusing to write outside the output directory: ${JSON.stringify(relative)}`);
    }
    return path.join(this.root, ...parts);
  }

  commit(): void {
    swapIn(this.root, this.out);
  }

  abort(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
