/**
 * docs/catalogue-format.md, "Importing": a new index merged into the ports the catalogue has,
 * as the live service loads one. Pure: ports in, the merged list and what changed out. A port is
 * matched by name, case-insensitively, and keeps its place and the spelling of its first import;
 * a port the index lists takes all its other data from the index and is active; one it no
 * longer lists is kept as it was, inactive; new ports are appended in the index's order, a name
 * listed twice taking the later entry's data at the first entry's place.
 *
 * Each port travels as its JSON text (the catalogue's line for it), not as an object: at
 * MacPorts' scale the two catalogues' 80,000 objects would hold several times the memory of
 * their text. A text is parsed again only where it must change (a retired port, a new spelling).
 */

/** A port object as portindex.json holds it; only `name` (and `active`) are read here. */
export type PortObject = Record<string, unknown> & { name: string };

/** A port of the index: its name and its JSON text, without `active` (the index has no such flag). */
export interface IndexPort {
  name: string;
  text: string;
}

/** A port of the catalogue: also whether it is active (absent `active` is true). */
export interface CataloguePort extends IndexPort {
  active: boolean;
}

export interface ImportChanges {
  added: string[];
  updated: string[];
  unchanged: string[];
  /** Listed before, not by this index: kept, now inactive. */
  retired: string[];
  /** Inactive before, listed again. */
  returned: string[];
  /** Described unusably by the index (`--keep-going`): kept as they were, neither updated nor retired. */
  kept: string[];
}

interface Merged {
  /** Each port's JSON text, in the catalogue's order: the lines of portindex.json. */
  texts: string[];
  changes: ImportChanges;
}

const key = (name: string) => name.toLowerCase();

/** `text` with `name` as its name, where it differs (a later spelling of a known port). */
function spelled(text: string, name: string, as: string): string {
  if (name === as) return text;
  const port = JSON.parse(text) as PortObject;
  port.name = as;
  return JSON.stringify(port);
}

/** The index's ports by lower-case name, each at its first place with its first spelling and its last data. */
function latestByName(incoming: readonly IndexPort[]): Map<string, IndexPort> {
  const latest = new Map<string, IndexPort>();
  for (const port of incoming) {
    const first = latest.get(key(port.name));
    latest.set(key(port.name), first ? { name: first.name, text: spelled(port.text, port.name, first.name) } : port);
  }
  return latest;
}

/** A catalogue port's text once it is retired: as it was, with `active: false`. */
function retiredText(text: string): string {
  return JSON.stringify({ ...(JSON.parse(text) as PortObject), active: false });
}

/**
 * `unusable`: the lower-case names of ports the index lists but does not describe usably (see
 * `ports-gen import --keep-going`). Such a port has not left the ports tree: one the catalogue
 * has keeps its entry as it is, neither updated nor retired; a new one is left out.
 */
export function mergePorts(existing: readonly CataloguePort[], incoming: readonly IndexPort[], unusable: ReadonlySet<string> = new Set()): Merged {
  const latest = latestByName(incoming);
  const changes: ImportChanges = { added: [], updated: [], unchanged: [], retired: [], returned: [], kept: [] };
  const texts: string[] = [];
  const known = new Set<string>();
  for (const port of existing) {
    known.add(key(port.name));
    if (unusable.has(key(port.name))) {
      changes.kept.push(port.name);
      texts.push(port.text);
      continue;
    }
    const data = latest.get(key(port.name));
    if (!data) {
      if (port.active) {
        changes.retired.push(port.name);
        texts.push(retiredText(port.text));
      } else {
        changes.unchanged.push(port.name);
        texts.push(port.text);
      }
      continue;
    }
    const text = spelled(data.text, data.name, port.name);
    if (!port.active) changes.returned.push(port.name);
    else (text === port.text ? changes.unchanged : changes.updated).push(port.name);
    texts.push(text);
  }
  for (const [name, data] of latest) {
    if (known.has(name) || unusable.has(name)) continue;
    changes.added.push(data.name);
    texts.push(data.text);
  }
  return { texts, changes };
}
