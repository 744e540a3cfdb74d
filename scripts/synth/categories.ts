/** MacPorts categories and how often ports land in each. */
import { Weighted, weightedPick } from './distributions.js';
import type { Rng } from './rng.js';

export const CATEGORIES = (
  'aqua archivers audio benchmarks biology blockchain cad chat comms cross databases devel editors ' +
  'education emacs emulators erlang finance fonts fuse games genealogy gis gnome gnustep graphics ' +
  'haskell irc japanese java kde lang linux lua mail math ml multimedia net news ocaml office perl ' +
  'php pim print python R reverse-engineering ruby russian rust science security shells spelling ' +
  'sysutils tex textproc vietnamese www x11 x11-font x11-wm xfce zope chinese korean crypto fortran ' +
  'go macports mpi ocaml tcl iphone gis audio java llvm ports'
)
  .split(/\s+/)
  .filter((c, i, all) => all.indexOf(c) === i);

/** Weights for the first category of a non-family port (everything else gets weight 1). */
const CATEGORY_WEIGHT: Record<string, number> = {
  devel: 30, net: 12, graphics: 10, textproc: 9, sysutils: 9, science: 8, math: 7, lang: 6,
  multimedia: 6, audio: 6, www: 6, databases: 5, security: 5, x11: 5, gnome: 4, kde: 3,
  archivers: 3, games: 4, mail: 3, editors: 3, java: 2, fonts: 2, shells: 2, gis: 2, print: 2,
};
const CATEGORY_PICK = new Weighted(CATEGORIES.map((c) => CATEGORY_WEIGHT[c] ?? 1));

export function drawCategory(rng: Rng): string {
  return CATEGORIES[CATEGORY_PICK.sample(rng)] as string;
}

/**
 * The port's primary category and up to two more. A rare repeated category is deliberate:
 * real PortIndex files have them and the reader must cope.
 */
export function drawPortCategories(rng: Rng, primary: string): string[] {
  const cats = [primary];
  const extra = weightedPick(rng, [[0, 45], [1, 40], [2, 15]] as const);
  for (let k = 0; k < extra; k++) {
    const c = drawCategory(rng);
    if (!cats.includes(c)) cats.push(c);
  }
  if (rng.chance(0.002)) cats.push(primary);
  return cats;
}
