/** Stage 3a: one port's dependencies, by kind of port. */
import type { CatalogueContext } from './catalogue-context.js';
import { CORE_BY_NAME } from './core-ports.js';
import { DepLists, type DepKind } from './dep-lists.js';
import { addFamilyDeps } from './family-deps.js';
import { addGenericDeps } from './generic-deps.js';
import type { PortRec } from './port-rec.js';
import type { Rng } from './rng.js';

/** `i` is the port's index: most targets are earlier ports, so the graph is mostly acyclic. */
export function drawDependencies(ctx: CatalogueContext, rec: PortRec, i: number): Record<DepKind, string[]> {
  const deps = new DepLists(ctx);
  if (rec.family === 'core') {
    addCoreDeps(ctx.rng, deps, rec);
  } else if (rec.isParent) {
    // parent ports of subports are stubs: no dependencies
  } else if (rec.family === 'generic') {
    addGenericDeps(ctx, deps, i);
  } else {
    addFamilyDeps(ctx, deps, rec, i);
  }
  addRareDeps(ctx.rng, deps, i);
  return deps.lists;
}

/** Core ports depend on each other as the real ones do, plus sometimes pkgconfig. */
function addCoreDeps(rng: Rng, deps: DepLists, rec: PortRec): void {
  const def = CORE_BY_NAME.get(rec.name);
  for (const d of def?.lib_deps ?? []) deps.addNamed('depends_lib', d);
  for (const d of def?.build_deps ?? []) deps.addNamed('depends_build', d);
  if (rec.name !== 'pkgconfig' && rec.name !== 'zlib' && rng.chance(0.3)) deps.addNamed('depends_build', 'pkgconfig');
}

/**
 * The seldom-used kinds (fetch, extract, patch), some spelled with names that never resolve,
 * and the odd port that depends on itself.
 */
function addRareDeps(rng: Rng, deps: DepLists, i: number): void {
  if (rng.chance(0.015)) deps.addNamed('depends_fetch', 'git');
  if (rng.chance(0.002)) deps.lists.depends_fetch.push(rng.chance(0.5) ? 'bin:svn:subversion' : 'port:mercurial');
  if (rng.chance(0.03)) {
    if (rng.chance(0.7)) deps.addNamed('depends_extract', rng.pick(['xz', 'bzip2', 'xz']));
    else deps.lists.depends_extract.push(rng.pick(['bin:lzip:lzip', 'port:unzip', 'bin:unzip:unzip']));
  }
  if (rng.chance(0.007)) deps.addNamed('depends_patch', 'gpatch');
  if (rng.chance(0.0005)) deps.add('depends_lib', i); // a port depending on itself
}
