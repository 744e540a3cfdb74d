/** Dependencies of a language-family subport (py, p5, rb, R, php, hs). */
import type { CatalogueContext } from './catalogue-context.js';
import type { DepKind, DepLists } from './dep-lists.js';
import { drawHeavyTail, pickEarlier } from './distributions.js';
import type { Family, Group, PortRec } from './port-rec.js';

/**
 * The interpreter of the subport's language version, then modules of the same family and
 * the same version, the way py312-foo depends on py312-bar and never on py311-bar.
 */
export function addFamilyDeps(ctx: CatalogueContext, deps: DepLists, rec: PortRec, i: number): void {
  const { rng } = ctx;
  const lv = rec.lv;
  const lang =
    rec.family === 'py' ? `python${lv}` : rec.family === 'p5' ? `perl${lv}` : rec.family === 'rb' ? `ruby${lv}` :
    rec.family === 'R' ? 'R' : rec.family === 'php' ? `php${lv}` : 'ghc';
  deps.addNamed(rec.family === 'hs' ? 'depends_build' : 'depends_lib', lang);
  if (rec.family === 'py') addPythonBuildDeps(ctx, deps, rec);
  const target = (family: Family): number | undefined => drawFamilyTarget(ctx, rec, i, family);
  if (rec.family === 'p5' && rng.chance(0.2)) deps.add('depends_build', target('p5'));
  if (rec.family === 'hs') deps.addNamed('depends_lib', 'gmp');
  const nLib = drawHeavyTail(rng, 1.4, 0.35, 60);
  for (let k = 0; k < nLib; k++) deps.add('depends_lib', target(rec.family));
  if (rng.chance(0.08)) deps.add('depends_run', target(rec.family));
  if (rng.chance(0.03)) deps.add('depends_test', target(rec.family));
  if (rng.chance(0.03)) deps.addNamed('depends_lib', rng.pick(['zlib', 'libiconv', 'openssl3', 'gmp']));
}

/** The PEP 517 tooling most Python ports build with, in the subport's own Python version. */
function addPythonBuildDeps(ctx: CatalogueContext, deps: DepLists, rec: PortRec): void {
  const { rng, pyGroupByStem, table } = ctx;
  const pyDep = (stem: string, kind: DepKind): void => {
    const g = pyGroupByStem.get(stem) ?? -1;
    if (g < 0 || g === rec.group) return;
    const k = (table.groups[g] as Group).lvs.indexOf(rec.lv);
    const idx = k >= 0 ? (table.groups[g] as Group).ports[k] : undefined;
    if (idx !== undefined && idx >= 0) deps.add(kind, idx);
  };
  if (rng.chance(0.7)) pyDep('setuptools', 'depends_build');
  if (rng.chance(0.4)) {
    pyDep('build', 'depends_build');
    pyDep('installer', 'depends_build');
  }
  if (rng.chance(0.3)) pyDep('wheel', 'depends_build');
  if (rng.chance(0.3)) pyDep('pytest', 'depends_test');
  if (rng.chance(0.05)) deps.addNamed('depends_lib', rng.pick(['openssl3', 'zlib', 'libffi', 'libyaml']));
}

/**
 * An earlier group of `family`, Zipf-like (early groups are the popular ones), and its
 * subport for the same language version; undefined when there is none yet.
 */
function drawFamilyTarget(ctx: CatalogueContext, rec: PortRec, i: number, family: Family): number | undefined {
  const fg = ctx.table.familyGroups.get(family);
  if (!fg) return undefined;
  const gi = pickEarlier(ctx.rng, fg, rec.group, 3) as number;
  if (gi === rec.group) return undefined;
  const g = ctx.table.groups[gi] as Group;
  const k = g.lvs.indexOf(rec.lv);
  const idx = k >= 0 ? g.ports[k] : family === 'R' || family === 'hs' ? g.ports[0] : undefined;
  return idx !== undefined && idx >= 0 && idx < i ? idx : undefined;
}
