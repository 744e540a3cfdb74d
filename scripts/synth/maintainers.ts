/** The maintainer pool and each port's `maintainers` list. */
import { Weighted, weightedPick } from './distributions.js';
import type { Rng } from './rng.js';
import { capitalize, drawPseudoWord } from './words.js';

export interface Maintainer {
  email?: { name: string; domain: string };
  github?: string;
}

export interface MaintainerPool {
  all: Maintainer[];
  /** Zipf-like: a few maintainers own many ports, as in MacPorts */
  pick: Weighted;
}

/** About one maintainer per hundred ports, within [20, 800]. */
export function drawMaintainerPool(rng: Rng, portCount: number): MaintainerPool {
  const count = Math.min(800, Math.max(20, Math.round(portCount / 100)));
  const all = drawMaintainers(rng, count);
  return { all, pick: new Weighted(all.map((_, r) => 1 / Math.pow(r + 4, 1.1))) };
}

/** Unique handles (case-insensitively); contact by macports.org email, GitHub, or both. */
function drawMaintainers(rng: Rng, count: number): Maintainer[] {
  const seen = new Set<string>();
  const out: Maintainer[] = [];
  const givens = ['j', 'm', 'r', 'k', 'a', 'd', 'c', 's', 'p', 'l', 'f', 'g', 'e', 'n', 't'];
  for (let i = 0; out.length < count; i++) {
    let handle: string;
    const r = rng.next();
    if (r < 0.35) handle = rng.pick(givens) + drawPseudoWord(rng, 2);
    else if (r < 0.6) handle = drawPseudoWord(rng, rng.range(2, 3));
    else if (r < 0.75) handle = drawPseudoWord(rng) + rng.range(1, 99);
    else if (r < 0.85) handle = capitalize(drawPseudoWord(rng, 2)) + capitalize(drawPseudoWord(rng, 1));
    else handle = drawPseudoWord(rng) + '-' + drawPseudoWord(rng);
    if (seen.has(handle.toLowerCase())) handle += String(i);
    if (seen.has(handle.toLowerCase())) continue;
    seen.add(handle.toLowerCase());
    const emailName = handle.toLowerCase().replace(/-/g, '.');
    const k = rng.next();
    if (k < 0.5) out.push({ email: { name: emailName, domain: 'macports.org' }, github: handle });
    else if (k < 0.68) out.push({ email: { name: emailName, domain: 'macports.org' } });
    else if (k < 0.78) out.push({ email: { name: emailName, domain: rng.pick(['gmail.com', 'users.sourceforge.net', 'example.org', 'posteo.de', 'fastmail.com', 'icloud.com']) } });
    else if (k < 0.93) out.push({ github: handle });
    else out.push({ email: { name: emailName, domain: 'macports.org' }, github: handle.toLowerCase() + rng.pick(['-dev', 'x', '42', 'hub']) });
  }
  return out;
}

/**
 * Zero to three maintainers. A rare repeat and a rare re-cased GitHub handle are kept on
 * purpose: real PortIndex files have both, and the maintainer pages must merge them.
 */
export function drawPortMaintainers(rng: Rng, pool: MaintainerPool): Maintainer[] {
  const nM = weightedPick(rng, [[0, 15], [1, 60], [2, 20], [3, 5]] as const);
  const mlist: Maintainer[] = [];
  const taken = new Set<number>();
  for (let k = 0; k < nM; k++) {
    const m = pool.pick.sample(rng);
    if (taken.has(m) && !rng.chance(0.05)) continue;
    taken.add(m);
    const base = pool.all[m] as Maintainer;
    if (base.github && rng.chance(0.02)) mlist.push({ ...base, github: capitalize(base.github) === base.github ? base.github.toLowerCase() : capitalize(base.github) });
    else mlist.push(base);
  }
  return mlist;
}
