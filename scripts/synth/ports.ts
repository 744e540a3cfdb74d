/**
 * The catalogue, portindex.json: names first, then the maintainer pool, then every port's
 * dependencies and fields, all from one stream, so the order of these calls is the format.
 */
import { createCatalogueContext } from './catalogue-context.js';
import { drawPortTable } from './name-ports.js';
import { drawDependencies } from './port-deps.js';
import { drawPortFields } from './port-fields.js';
import { formatPortIndex, formatPortJson } from './port-index.js';
import type { PortRec } from './port-rec.js';
import { mixSeed, Rng } from './rng.js';

export interface Catalogue {
  recs: PortRec[];
  json: string;
}

export function buildCatalogue(portCount: number, seed: number): Catalogue {
  const rng = new Rng(mixSeed(seed, 1));
  const table = drawPortTable(rng, portCount);
  const ctx = createCatalogueContext(rng, table, portCount);
  const portdirs: string[] = [];
  const lines: string[] = [];
  table.recs.forEach((rec, i) => {
    const deps = drawDependencies(ctx, rec, i);
    const f = drawPortFields(ctx, rec, i, deps);
    portdirs.push(f['portdir'] as string);
    lines.push(formatPortJson(f));
  });
  return { recs: table.recs, json: formatPortIndex(table.recs, portdirs, lines, seed) };
}
