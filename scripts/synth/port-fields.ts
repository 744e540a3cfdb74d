/** Stage 3b: one port's fields besides its dependencies, drawn in a fixed order. */
import type { CatalogueContext } from './catalogue-context.js';
import { drawPortCategories } from './categories.js';
import { DEP_KINDS, type DepKind } from './dep-lists.js';
import { drawDescription, drawLongDescription } from './describe.js';
import { drawExtraFields } from './extra-fields.js';
import { drawHomepage } from './homepage.js';
import { drawPortMaintainers } from './maintainers.js';
import type { PortFields } from './port-index.js';
import type { Group, PortRec } from './port-rec.js';
import type { PortTable } from './port-table.js';
import { drawReleaseFields } from './release-fields.js';
import { drawPortVariants } from './variants.js';

export function drawPortFields(ctx: CatalogueContext, rec: PortRec, i: number, deps: Record<DepKind, string[]>): PortFields {
  const { rng, portCount } = ctx;
  const f: PortFields = { name: rec.name };
  const cats = drawPortCategories(rng, rec.cat);
  f['portdir'] = `${cats[0]}/${portdirName(ctx.table, rec)}`;
  f['categories'] = cats;
  f['version'] = rec.version;
  drawReleaseFields(rng, rec.family, f);
  const maintainers = drawPortMaintainers(rng, ctx.maintainers);
  f['maintainers'] = maintainers;
  f['closedmaintainer'] = maintainers.length === 0 ? false : rng.chance(0.3);
  const desc = drawDescription(rng, rec);
  f['description'] = desc;
  f['long_description'] = drawLongDescription(rng, desc, i === Math.floor(portCount / 2) && portCount >= 1000);
  if (!rng.chance(0.01)) f['homepage'] = drawHomepage(rng, rec);
  drawPortVariants(rng, rec, f);
  for (const kind of DEP_KINDS) if (deps[kind].length) f[kind] = deps[kind];
  drawExtraFields(ctx, rec, i, f);
  return f;
}

/** Subports of a language family live in their parent's Portfile directory. */
function portdirName(table: PortTable, rec: PortRec): string {
  const parentRec = rec.isParent ? rec : table.recs[(table.groups[rec.group] as Group).parent];
  return rec.family !== 'core' && rec.family !== 'generic' && parentRec !== undefined ? parentRec.name : rec.name;
}
