/** One port's `depends_*` lists as they fill up, and how each entry is spelled. */
import type { CatalogueContext } from './catalogue-context.js';
import { CORE_BY_NAME } from './core-ports.js';
import type { PortRec } from './port-rec.js';
import type { Rng } from './rng.js';

export const DEP_KINDS = ['depends_fetch', 'depends_extract', 'depends_patch', 'depends_build', 'depends_lib', 'depends_run', 'depends_test'] as const;
export type DepKind = (typeof DEP_KINDS)[number];

export class DepLists {
  readonly lists: Record<DepKind, string[]> = {
    depends_fetch: [], depends_extract: [], depends_patch: [], depends_build: [], depends_lib: [],
    depends_run: [], depends_test: [],
  };
  private readonly chosen = new Set<number>();
  constructor(private readonly ctx: CatalogueContext) {}

  /**
   * Adds a dependency on port `target` (nothing for undefined or negative). About 1% of
   * entries name a port that does not exist and 0.4% are repeated: both occur in the real
   * PortIndex, and the site must report them rather than break.
   */
  add(kind: DepKind, target: number | undefined): void {
    if (target === undefined || target < 0) return;
    // one entry per target and kind (the rare duplicates below are deliberate)
    const key = target * 8 + DEP_KINDS.indexOf(kind);
    if (this.chosen.has(key)) return;
    this.chosen.add(key);
    const { rng, missing, table } = this.ctx;
    const list = this.lists[kind];
    if (rng.chance(0.01) && missing.length) list.push(`port:${rng.pick(missing)}`);
    else list.push(drawDepSpec(rng, table.recs[target] as PortRec));
    if (rng.chance(0.004)) list.push(list[list.length - 1] as string); // duplicate entry
  }

  /** a dependency by port name, mostly a core port (ignored when a tiny catalogue lacks it) */
  addNamed(kind: DepKind, name: string): void {
    this.add(kind, this.ctx.table.indexOf(name));
  }
}

/**
 * Mostly `port:<name>`; for C ports sometimes `lib:`, `bin:` or `path:`, naming what the
 * target installs, as real Portfiles do. A rare case-flipped name tests case-insensitive lookup.
 */
function drawDepSpec(rng: Rng, rec: PortRec): string {
  let name = rec.name;
  if (rng.chance(0.005)) {
    // case-mismatched spelling of an existing port
    const flipped = name.replace(/[A-Za-z]/, (ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()));
    if (flipped !== name) name = flipped;
  }
  const core = rec.family === 'core' ? CORE_BY_NAME.get(rec.name) : undefined;
  const plain = rec.stem.toLowerCase().replace(/^lib/, '').replace(/[^a-z0-9+_-]/g, '') || 'x';
  const r = rng.next();
  if (rec.name === 'pkgconfig' && r < 0.3) return `path:bin/pkg-config:${name}`;
  // language modules are always named as port:...; bin:/lib:/path: name what C ports install
  if (r < 0.86 || (rec.family !== 'core' && rec.family !== 'generic')) return `port:${name}`;
  if (r < 0.91) {
    const lib = core?.lib ?? `lib${plain}${rng.chance(0.4) ? '.' + rng.range(0, 9) : ''}`;
    return `lib:${lib}:${name}`;
  }
  if (r < 0.96) return `bin:${core?.tool ?? plain}:${name}`;
  return rng.chance(0.5) ? `path:lib/pkgconfig/${plain}.pc:${name}` : `path:bin/${core?.tool ?? plain}:${name}`;
}
