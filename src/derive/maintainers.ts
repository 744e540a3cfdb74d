import type { MaintainerSource, PortRecord } from '../validate/port-record.js';

export interface MaintainerResource {
  name: string;
  github: string;
  ports_count: number;
}

/** SPEC 2.2: one person is (email name, email domain, github), compared case-insensitively. */
export function maintainerKey(m: MaintainerSource): string {
  return `${m.name.toLowerCase()}\u0000${m.domain.toLowerCase()}\u0000${m.github.toLowerCase()}`;
}

const NOBODY: MaintainerResource[] = Object.freeze([]) as unknown as MaintainerResource[];

/**
 * Per port, its maintainers: each person once, in source order (SPEC 2.2). One shared
 * resource object per person: spelled as first seen, `ports_count` over every port, active
 * or not, that lists the person (once per port however often it lists them).
 */
export function tallyMaintainers(records: readonly PortRecord[]): MaintainerResource[][] {
  const people = new Map<string, MaintainerResource>();
  return records.map((record) => {
    if (record.maintainers.length === 0) return NOBODY;
    const listed: MaintainerResource[] = [];
    for (const m of record.maintainers) {
      const key = maintainerKey(m);
      let person = people.get(key);
      if (person && listed.includes(person)) continue; // listed twice by this port
      if (person) person.ports_count++;
      else people.set(key, (person = { name: m.name, github: m.github, ports_count: 1 }));
      listed.push(person);
    }
    return listed;
  });
}
