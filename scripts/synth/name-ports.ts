/**
 * Stage 1 of the catalogue: every port's name, family, group, version and primary category.
 * Core ports come first, then groups: a generic port, or a parent with its subports.
 */
import { CORE } from './core-ports.js';
import { weightedPick } from './distributions.js';
import { drawGroupCategory, drawLangVersions, FIRST_STEMS, nameGroup, P5_VERSIONS, PY_VERSIONS } from './families.js';
import { drawFamilyStem } from './names.js';
import type { Family, Group } from './port-rec.js';
import { type Namer, PortTable } from './port-table.js';
import type { Rng } from './rng.js';
import { drawVersion } from './version.js';

const FAMILY_SHARE = [
  ['generic', 0.7], ['py', 0.09], ['p5', 0.07], ['rb', 0.04], ['R', 0.06], ['php', 0.015], ['hs', 0.025],
] as const;

type GroupNames = ReturnType<typeof nameGroup>;

export function drawPortTable(rng: Rng, portCount: number): PortTable {
  const table = new PortTable();
  pushCorePorts(table, portCount);
  const firstUsed: Partial<Record<Family, number>> = {};
  while (table.recs.length < portCount) pushGroup(rng, table, portCount, firstUsed);
  return table;
}

/** Core ports need no draws; a tiny catalogue gets only the first few of them. */
function pushCorePorts(table: PortTable, portCount: number): void {
  for (const c of CORE) {
    if (table.recs.length >= portCount) break;
    table.groups.push({ family: 'core', stem: c.name, lvs: [''], ports: [table.recs.length], parent: -1 });
    table.pushPort({ name: c.name, family: 'core', stem: c.name, lv: '', group: table.groups.length - 1, isParent: false, version: c.version, cat: c.cat });
  }
}

/** One group; its subports are cut off where the port limit is reached (their slot is -1). */
function pushGroup(rng: Rng, table: PortTable, portCount: number, firstUsed: Partial<Record<Family, number>>): void {
  const family: Family = weightedPick(rng, FAMILY_SHARE);
  const { stem, lvs, names } = drawGroupNames(rng, family, table.namer, firstUsed);
  const version = drawVersion(rng);
  const group: Group = { family, stem, lvs, ports: [], parent: -1 };
  const gi = table.pushFamilyGroup(group);
  const cat = drawGroupCategory(rng, family);
  if (names.parent !== undefined && table.recs.length < portCount) {
    group.parent = table.pushPort({ name: names.parent, family, stem, lv: '', group: gi, isParent: true, version, cat });
  }
  names.subs.forEach((name, k) => {
    if (table.recs.length >= portCount) {
      group.ports.push(-1);
      return;
    }
    group.ports.push(table.pushPort({ name, family, stem, lv: lvs[k] ?? '', group: gi, isParent: false, version, cat }));
  });
}

/**
 * The group's stem, language versions and port names. The first groups of a family take
 * the well-known stems with every language version; the rest draw stems until all the
 * group's names are free, adding a counter after a few tries so that drawing always ends.
 */
function drawGroupNames(rng: Rng, family: Family, namer: Namer, firstUsed: Partial<Record<Family, number>>): { stem: string; lvs: string[]; names: GroupNames } {
  let stem = '';
  let lvs = drawLangVersions(rng, family);
  const fixed = FIRST_STEMS[family];
  const used = firstUsed[family] ?? 0;
  if (fixed && used < fixed.length) {
    stem = fixed[used] as string;
    firstUsed[family] = used + 1;
    if (family === 'py') lvs = PY_VERSIONS.slice();
    if (family === 'p5') lvs = P5_VERSIONS.slice();
  }
  let names = nameGroup(family, stem, lvs);
  for (let attempt = 0; ; attempt++) {
    if (stem !== '' && areNamesFree(namer, names)) break;
    stem = drawFamilyStem(rng, family);
    if (attempt >= 4) stem += (family === 'R' || /[0-9]$/.test(stem) ? '.' : '') + namer.suffix();
    names = nameGroup(family, stem, lvs);
  }
  return { stem, lvs, names };
}

/** Free of taken names, and of case-collisions within the group itself. */
function areNamesFree(namer: Namer, names: GroupNames): boolean {
  const all = names.parent === undefined ? names.subs : [names.parent, ...names.subs];
  return all.every((n) => !namer.has(n)) && new Set(all.map((n) => n.toLowerCase())).size === all.length;
}
