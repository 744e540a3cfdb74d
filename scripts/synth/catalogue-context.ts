/** What drawing each port's fields needs once the names exist: the table, pools and lookups. */
import { MISSING_NAMES } from './core-ports.js';
import { drawMaintainerPool, type MaintainerPool } from './maintainers.js';
import type { PortTable } from './port-table.js';
import type { Rng } from './rng.js';

export interface CatalogueContext {
  /** the catalogue's one stream: every field is drawn from it, port after port */
  rng: Rng;
  table: PortTable;
  portCount: number;
  /** core and generic ports, by index: what C-level dependencies point at */
  genericPool: number[];
  /** names that are never generated, for deliberately unresolved dependencies */
  missing: string[];
  /** first py group of each stem, for the usual build-time modules (setuptools, ...) */
  pyGroupByStem: Map<string, number>;
  maintainers: MaintainerPool;
}

/** Stage 2 of the catalogue: draws the maintainer pool and indexes the table. */
export function createCatalogueContext(rng: Rng, table: PortTable, portCount: number): CatalogueContext {
  const genericPool: number[] = [];
  table.recs.forEach((r, i) => {
    if (r.family === 'core' || r.family === 'generic') genericPool.push(i);
  });
  const missing = MISSING_NAMES.filter((n) => !table.namer.has(n));
  const maintainers = drawMaintainerPool(rng, portCount);
  const pyGroupByStem = new Map<string, number>();
  table.groups.forEach((g, gi) => {
    if (g.family === 'py' && !pyGroupByStem.has(g.stem)) pyGroupByStem.set(g.stem, gi);
  });
  return { rng, table, portCount, genericPool, missing, pyGroupByStem, maintainers };
}
