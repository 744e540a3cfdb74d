import { ProblemLog } from '../problems/problem-log.js';
import { readLinesSync, type LineStart } from '../read/read-lines.js';
import type { Body } from '../render/body.js';
import { FilesPager, type PageShape } from '../render/files-pager.js';
import { IdList, readBuild } from '../validate/scan-builds.js';

/** What the writer thread needs to page the builds ahead (see Prepager). */
export interface PrepageSetup extends PageShape {
  buildsPath: string;
  buildsName: string;
  /** The fewest builds worth paging ahead: below, the pages are made by the build alone. */
  from: number;
  /** The most pages made ahead (tests set it, to make them stop at a given page). */
  most?: number;
}

/** The files pages made ahead: whole pages from the first, every build in them valid. */
export interface Prepaged {
  builds: number;
  paths: number;
  /** Their ids, for the duplicates of the whole file. */
  ids: Uint32Array;
  /** Where the line after their last build starts: the build pages the builds from there. */
  next: LineStart;
}

/**
 * Pages builds.ndjson from its start on the writer thread while the main thread reads the
 * ports, a time when the writer has nothing else to do; the build pages the rest from where
 * this stopped. A page at a time, the writer's messages handled between pages, until `stop`
 * (the build is ready to page), the page before the list's last (a partial page the build
 * makes), or the first line with a problem (the build reads it again and reports it).
 */
export class Prepager {
  private stopped = false;
  private placed: Omit<Prepaged, 'ids'> = { builds: 0, paths: 0, next: { offset: 0, number: 1 } };
  private readonly ids = new IdList();

  constructor(
    private readonly setup: PrepageSetup,
    /** The builds, as the writer counted them. */
    private readonly count: number,
  ) {}

  /** Stops after the page being made, and says what was placed. */
  stop(): Prepaged {
    this.stopped = true;
    return { ...this.placed, ids: this.ids.values(this.placed.builds) };
  }

  /** Makes pages until stopped, each given to `place`; a failure of `place` ends it with that failure. */
  async run(place: (relative: string, body: Body) => void): Promise<void> {
    const { pageSize } = this.setup;
    const pages = Math.min(Math.ceil(this.count / pageSize) - 1, this.setup.most ?? Infinity);
    if (pages < 1) return;
    const pager = new FilesPager(place, this.setup.baseUrl, this.count, pageSize);
    const log = new ProblemLog();
    let builds = 0;
    let paths = 0;
    for (const line of readLinesSync(this.setup.buildsPath)) {
      if (this.stopped) return;
      const read = readBuild(line, this.setup.buildsName, log);
      if (log.total > 0) return;
      if (!read) continue;
      this.ids.push(read.build.build_id);
      builds++;
      paths += read.build.files.length;
      await pager.add(read.build, read.plain);
      if (pager.written * pageSize === builds) {
        this.placed = { builds, paths, next: { offset: line.next, number: line.number + 1 } };
        if (pager.written === pages) return;
        // The writer's messages (the build's wanted files, its plan) are handled here.
        await new Promise(setImmediate);
      }
    }
  }
}
