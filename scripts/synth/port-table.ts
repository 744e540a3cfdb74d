/** The ports and groups drawn so far, with the lookups later stages need. */
import type { Family, Group, PortRec } from './port-rec.js';

/**
 * The set of names taken so far. Case-insensitive because port names that differ only in
 * case collide on case-insensitive file systems (and in the site's URLs).
 */
export class Namer {
  private readonly used = new Set<string>();
  private counter = 0;
  has(name: string): boolean {
    return this.used.has(name.toLowerCase());
  }
  add(name: string): void {
    this.used.add(name.toLowerCase());
  }
  /** a counter suffix for the rare collision, so that names stay unique at any scale */
  suffix(): number {
    return ++this.counter;
  }
}

export class PortTable {
  readonly recs: PortRec[] = [];
  readonly groups: Group[] = [];
  /** group indices of each language family, in creation order (dependency targets come from these) */
  readonly familyGroups = new Map<Family, number[]>();
  readonly namer = new Namer();
  private readonly byLower = new Map<string, number>();

  /** port index of a name, case-insensitively (how dependencies name core ports) */
  indexOf(name: string): number | undefined {
    return this.byLower.get(name.toLowerCase());
  }

  pushPort(rec: PortRec): number {
    this.namer.add(rec.name);
    this.byLower.set(rec.name.toLowerCase(), this.recs.length);
    this.recs.push(rec);
    return this.recs.length - 1;
  }

  pushFamilyGroup(group: Group): number {
    const gi = this.groups.length;
    this.groups.push(group);
    let fg = this.familyGroups.get(group.family);
    if (!fg) this.familyGroups.set(group.family, (fg = []));
    fg.push(gi);
    return gi;
  }
}
