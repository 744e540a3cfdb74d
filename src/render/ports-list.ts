import { contentHash } from '../core/content-hash.js';
import { PORTS_ROUTE } from '../routes/route-table.js';
import type { Body } from './body.js';
import { PAGE_TAIL, pageCount, pageHead } from './files-page.js';

/**
 * The ports list, `/api/v1/ports/`: every port's full object, newest first. The live service
 * orders by creation, and a port is created when the catalogue first lists it, so newest
 * first is the reverse of catalogue order: page 1 holds the last ports of the catalogue.
 */
export class PortsList {
  readonly pages: number;

  constructor(
    private readonly baseUrl: string,
    /** The number of ports. */
    readonly count: number,
    private readonly pageSize: number,
  ) {
    this.pages = pageCount(count, pageSize);
  }

  /** The page that lists the port at catalogue index `index`. */
  pageOf(index: number): number {
    return Math.floor((this.count - 1 - index) / this.pageSize) + 1;
  }

  /** The catalogue indices a page lists, in the page's order (newest first). */
  indicesOf(page: number): number[] {
    const first = this.count - 1 - (page - 1) * this.pageSize;
    const last = Math.max(0, this.count - page * this.pageSize);
    const indices: number[] = [];
    for (let index = first; index >= last; index--) indices.push(index);
    return indices;
  }

  /**
   * Each page's key: what its bytes follow from, its place and its ports' prints (see
   * PortList.printAt); undefined for a page with a port whose print is not known.
   */
  pageKeys(prints: ReadonlyArray<string | undefined>): Array<string | undefined> {
    const keys: Array<string | undefined> = [];
    for (let page = 1; page <= this.pages; page++) {
      const parts = [JSON.stringify([this.baseUrl, this.pageSize, this.count, page])];
      for (const index of this.indicesOf(page)) parts.push(prints[index] ?? '');
      keys.push(parts.includes('') ? undefined : contentHash(parts.join('\n')));
    }
    return keys;
  }

  /** A page's body from its ports' texts (the bytes of their files), in the page's order. */
  body(page: number, texts: readonly string[]): Body {
    const parts = [pageHead(this.baseUrl, this.count, page, this.pages, PORTS_ROUTE.path)];
    texts.forEach((text, i) => (i === 0 ? parts.push(text) : parts.push(',', text)));
    parts.push(PAGE_TAIL);
    return parts;
  }
}
