import type { PortCore } from '../catalogue/records/port-record.js';
import type { MaintainerResource, MaintainerTally } from './maintainers.js';

/** A category as its list and its own page publish it (docs/api.md). */
export interface CategoryListing {
  /** As first spelled in the catalogue (see spellCategories). */
  name: string;
  /** Every port that lists it, active or not. */
  portsCount: number;
  /** The names of its active ports, in catalogue order. */
  active: string[];
}

/** A maintainer as its list and its handle's page publish it (docs/api.md). */
export interface MaintainerListing {
  person: MaintainerResource;
  /** The names of the person's active ports, in catalogue order. */
  active: string[];
}

/**
 * Every category in the order it first appears (`spelling` was filled in that order): each port
 * counted once however often it lists the category, in any letter case.
 */
export function listCategories(records: readonly PortCore[], spelling: ReadonlyMap<string, string>): CategoryListing[] {
  const byKey = new Map<string, CategoryListing>();
  for (const [key, name] of spelling) byKey.set(key, { name, portsCount: 0, active: [] });
  for (const record of records) {
    const counted = record.categories.length > 1 ? new Set<string>() : undefined;
    for (const category of record.categories) {
      const key = category.toLowerCase();
      if (counted?.has(key)) continue;
      counted?.add(key);
      const listing = byKey.get(key)!;
      listing.portsCount++;
      if (record.active) listing.active.push(record.name);
    }
  }
  return [...byKey.values()];
}

/** Every maintainer in the order first seen (see MaintainerTally), with their active ports. */
export function listMaintainers(records: readonly PortCore[], tally: MaintainerTally): MaintainerListing[] {
  const listings: MaintainerListing[] = tally.people.map((person) => ({ person, active: [] }));
  for (let port = 0; port < records.length; port++) {
    if (!records[port]!.active) continue;
    for (let k = tally.firstOf(port); k < tally.firstOf(port + 1); k++) listings[tally.personAt(k)]!.active.push(records[port]!.name);
  }
  return listings;
}

/**
 * The maintainers of each handle, as `/api/v1/maintainer/<github>/` lists them: every person
 * whose handle is exactly `github` (one handle may stand with several names and domains), in
 * the order first seen. People without a handle have no such page.
 */
export function maintainersByHandle(listings: readonly MaintainerListing[]): Map<string, MaintainerListing[]> {
  const byHandle = new Map<string, MaintainerListing[]>();
  for (const listing of listings) {
    const github = listing.person.github;
    if (github === '') continue;
    const same = byHandle.get(github);
    if (same) same.push(listing);
    else byHandle.set(github, [listing]);
  }
  return byHandle;
}

/**
 * The people without a handle, as the pages list them: one entry per name, letter case aside
 * (as a port's page shows them), in the order first seen. They have no page of their own (the
 * API has no resource for them); someone with neither a name nor a handle has nothing to be
 * listed by.
 */
export function maintainersByName(listings: readonly MaintainerListing[]): Map<string, MaintainerListing[]> {
  const byName = new Map<string, MaintainerListing[]>();
  for (const listing of listings) {
    const { github, name } = listing.person;
    if (github !== '' || name === '') continue;
    const key = name.toLowerCase();
    const same = byName.get(key);
    if (same) same.push(listing);
    else byName.set(key, [listing]);
  }
  return byName;
}
