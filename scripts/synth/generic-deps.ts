/** Dependencies of a generic (C-ish) port. */
import type { CatalogueContext } from './catalogue-context.js';
import { CORE_BUILD_P, CORE_LIB_P } from './core-ports.js';
import type { DepLists } from './dep-lists.js';
import { drawHeavyTail, pickEarlier } from './distributions.js';

/**
 * Core libraries and build tools at their real rates, then a heavy tail of earlier ports
 * (a few ports get dozens), and sometimes run dependencies on any port, which makes cycles.
 */
export function addGenericDeps(ctx: CatalogueContext, deps: DepLists, i: number): void {
  const { rng, genericPool, table } = ctx;
  for (const [name, p] of CORE_LIB_P) if (rng.chance(p)) deps.addNamed('depends_lib', name);
  for (const [name, p] of CORE_BUILD_P) if (rng.chance(p)) deps.addNamed('depends_build', name);
  const nLib = drawHeavyTail(rng, 1.25, 0.3, 120);
  for (let k = 0; k < nLib && i > 0; k++) {
    deps.add('depends_lib', rng.chance(0.85) ? pickEarlier(rng, genericPool, i, 3) : rng.skewed(i, 3));
  }
  if (rng.chance(0.12)) for (let k = drawHeavyTail(rng, 1.5, 0, 6); k > 0; k--) deps.add('depends_build', rng.skewed(i, 3));
  if (rng.chance(0.15)) {
    for (let k = drawHeavyTail(rng, 1.4, 0, 10); k > 0; k--) {
      // run dependencies may point anywhere, later ports included: cycles happen
      deps.add('depends_run', rng.chance(0.8) ? rng.skewed(Math.max(1, i), 2.5) : rng.int(table.recs.length));
    }
  }
  if (rng.chance(0.02)) deps.addNamed('depends_test', rng.pick(['python312', 'perl5.34', 'gmake']));
}
