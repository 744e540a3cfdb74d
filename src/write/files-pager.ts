import { buildItem, PAGE_TAIL, pageCount, pageHead } from '../render/files-page.js';
import { pageFile } from '../routes/site-files.js';
import type { BuildSource } from '../validate/build-schema.js';

export type WriteFile = (relative: string, body: string) => void | Promise<void>;

/**
 * Turns a stream of builds into `page-N.json` files, writing each page as soon as it is full,
 * so memory holds one page whatever the number of builds. `count` must be known up front:
 * every page carries it (SPEC 2.3).
 */
export class FilesPager {
  readonly pages: number;
  private page = 1;
  private items: string[] = [];
  private added = 0;

  constructor(
    private readonly write: WriteFile,
    private readonly baseUrl: string,
    private readonly count: number,
    private readonly pageSize: number,
  ) {
    this.pages = pageCount(count, pageSize);
  }

  /** `plain`: no path needs escaping (see buildItem). */
  async add(build: Pick<BuildSource, 'build_id' | 'files'>, plain = false): Promise<void> {
    this.items.push(buildItem(build.build_id, build.files, plain));
    this.added++;
    if (this.items.length === this.pageSize) await this.flush();
  }

  /** Writes the last, partial page (or the single empty page of an empty list). */
  async finish(): Promise<void> {
    if (this.added !== this.count) {
      throw new Error(`the files list was counted as ${this.count} builds but ${this.added} arrived`);
    }
    if (this.items.length > 0 || this.page === 1) await this.flush();
  }

  private async flush(): Promise<void> {
    const body = pageHead(this.baseUrl, this.count, this.page, this.pages) + this.items.join(',') + PAGE_TAIL;
    const page = this.page;
    this.page++;
    this.items = [];
    await this.write(pageFile(page), body);
  }
}
