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

/**
 * One shared resource object per person: spelled as first seen, `ports_count` over every
 * port, active or not, that lists the person (once per port however often it lists them).
 */
export function tallyMaintainers(records: readonly PortRecord[]): Map<string, MaintainerResource> {
  const people = new Map<string, MaintainerResource>();
  for (const record of records) {
    for (const [key, m] of uniquePeople(record)) {
      const person = people.get(key);
      if (person) person.ports_count++;
      else people.set(key, { name: m.name, github: m.github, ports_count: 1 });
    }
  }
  return people;
}

/** A port lists each person once, in source order (SPEC 2.2). */
function uniquePeople(record: PortRecord): Map<string, MaintainerSource> {
  const unique = new Map<string, MaintainerSource>();
  for (const m of record.maintainers) {
    const key = maintainerKey(m);
    if (!unique.has(key)) unique.set(key, m);
  }
  return unique;
}

export function maintainersOf(
  record: PortRecord,
  people: ReadonlyMap<string, MaintainerResource>,
): MaintainerResource[] {
  return [...uniquePeople(record).keys()].map((key) => people.get(key)!);
}
