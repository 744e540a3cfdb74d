import { contentHash } from '../core/content-hash.js';
import { buildItem, PAGE_TAIL, pageCount, pageHead } from './files-page.js';
import { pageFile } from '../routes/site-files.js';
import type { BuildSource } from '../catalogue/build-schema.js';
import type { Body } from './body.js';

/** What shapes the files pages' bytes besides the builds and the code. */
interface PageShape {
  baseUrl: string;
  pageSize: number;
}

/**
 * The key of the files pages: everything that shapes their bytes but the code, which the
 * marker's fingerprint stands for. `digest`: the content hash of builds.ndjson.
 */
export function pagesKey(shape: PageShape, digest: string): string {
  return contentHash(JSON.stringify([shape.pageSize, shape.baseUrl, digest]));
}

/** Takes a page as its parts, written end to end (see Body). */
type WriteFile = (relative: string, body: Body) => void | Promise<void>;

/**
 * Turns a stream of builds into `page-N.json` files, writing each page as soon as it is full,
 * so memory holds one page whatever the number of builds. `count` must be known up front:
 * every page carries it (docs/api.md).
 */
export class FilesPager {
  readonly pages: number;
  private page: number;
  /** The builds this pager takes. */
  private readonly expected: number;
  /** The page so far: its head, then its results with the commas between them. */
  private parts: string[] = [];
  private inPage = 0;
  private added = 0;

  constructor(
    private readonly write: WriteFile,
    private readonly baseUrl: string,
    private readonly count: number,
    private readonly pageSize: number,
  ) {
    this.pages = pageCount(count, pageSize);
    this.page = 1;
    this.expected = count;
  }

  /** The pages written so far. */
  get written(): number {
    return this.page - 1;
  }

  /** `plain`: no path needs escaping (see buildItem). */
  async add(build: Pick<BuildSource, 'build_id' | 'files'>, plain = false): Promise<void> {
    if (this.inPage === 0) this.parts.push(pageHead(this.baseUrl, this.count, this.page, this.pages));
    else this.parts.push(',');
    this.parts.push(buildItem(build.build_id, build.files, plain));
    this.inPage++;
    this.added++;
    if (this.inPage === this.pageSize) await this.flush();
  }

  /** Writes the last, partial page (or the single empty page of an empty list). */
  async finish(): Promise<void> {
    if (this.added !== this.expected) {
      throw new Error(`the files list was counted as ${this.expected} builds but ${this.added} arrived`);
    }
    if (this.inPage > 0 || this.count === 0) await this.flush();
  }

  private async flush(): Promise<void> {
    const parts = this.inPage === 0 ? [pageHead(this.baseUrl, this.count, this.page, this.pages)] : this.parts;
    parts.push(PAGE_TAIL);
    const page = this.page;
    this.page++;
    this.parts = [];
    this.inPage = 0;
    await this.write(pageFile(page), parts);
  }
}
