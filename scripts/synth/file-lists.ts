/** One build's `files` array, as JSON text, from the port's profile. */
import { FILE_WORDS } from './file-words.js';
import { LANG_WRITERS } from './lang-paths.js';
import { NATIVE_WRITERS } from './native-paths.js';
import type { PathContext, SectionWriters } from './path-context.js';
import { SECTION_COUNT, type Profile, type Section } from './profile.js';
import type { Rng } from './rng.js';

const WRITERS: SectionWriters = { ...NATIVE_WRITERS, ...LANG_WRITERS };

/**
 * Reused for every build (the set and counters are cleared, not reallocated), because
 * a large run draws hundreds of thousands of lists.
 */
export class FileLists implements PathContext {
  private readonly seen = new Set<string>();
  private readonly counts = new Int32Array(SECTION_COUNT);
  private dirs: string[] = [];
  private out = '';
  private left = 0;
  constructor(private readonly rng: Rng) {}

  /**
   * `n` files: first how many fall in each section, then a few directory names the build
   * shares (so its files cluster), then each section's files in the profile's order.
   * Paths are written without JSON escaping: the generated ones never need any.
   */
  drawList(p: Profile, n: number): string {
    const { rng, counts } = this;
    this.seen.clear();
    counts.fill(0);
    for (let k = 0; k < n; k++) {
      const s = p.sections[p.pick.sample(rng)] as Section;
      counts[s] = (counts[s] ?? 0) + 1;
    }
    const nd = 1 + Math.floor(Math.sqrt(n) / 2);
    this.dirs = [];
    for (let k = 0; k < nd; k++) this.dirs.push(this.drawWord());
    this.out = '[';
    for (const s of p.sections) {
      const write = WRITERS[s];
      this.left = counts[s] ?? 0;
      while (this.left > 0) {
        this.left--;
        write(this, p, rng);
      }
    }
    return this.out + ']';
  }

  /** A build never lists a path twice, so a repeat gets a numbered variant of its name. */
  addPath(path: string): void {
    const seen = this.seen;
    let pth = path;
    if (seen.has(pth)) {
      const dot = pth.lastIndexOf('.');
      const slash = pth.lastIndexOf('/');
      const suffix = '-' + this.rng.int(1000000);
      pth = dot > slash + 1 ? pth.slice(0, dot) + suffix + pth.slice(dot) : pth + suffix;
      if (seen.has(pth)) pth += '-' + seen.size;
    }
    seen.add(pth);
    this.out += this.out.length === 1 ? '"' + pth + '"' : ',"' + pth + '"';
  }

  takeExtra(): boolean {
    if (this.left <= 0) return false;
    this.left--;
    return true;
  }

  drawWord(): string {
    return FILE_WORDS[this.rng.int(FILE_WORDS.length)] as string;
  }

  drawName(): string {
    const r = this.rng.next();
    if (r < 0.6) return this.drawWord();
    if (r < 0.85) return this.drawWord() + '_' + this.drawWord();
    return this.drawWord() + this.drawWord();
  }

  drawSubdir(): string {
    const r = this.rng.next();
    const d = this.dirs;
    if (r < 0.45 || d.length === 0) return '';
    if (r < 0.85) return (d[this.rng.int(d.length)] as string) + '/';
    return (d[this.rng.int(d.length)] as string) + '/' + (d[this.rng.int(d.length)] as string) + '/';
  }
}
