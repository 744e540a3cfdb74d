/**
 * docs/catalogue-format.md, "Importing": a new index merged into the ports the catalogue has,
 * as the live service loads one. Pure: plain port objects in, the merged list and what changed
 * out. A port is matched by name, case-insensitively, and keeps its place and the spelling of
 * its first import; a port the index lists takes all its other data from the index and is
 * active; one it no longer lists is kept as it was, inactive; new ports are appended in the
 * index's order, a name listed twice taking the later entry's data at the first entry's place.
 */

/** A port object as portindex.json holds it; only `name` (and `active`) are read here. */
export type PortObject = Record<string, unknown> & { name: string };

export interface ImportChanges {
  added: string[];
  updated: string[];
  unchanged: string[];
  /** Listed before, not by this index: kept, now inactive. */
  retired: string[];
  /** Inactive before, listed again. */
  returned: string[];
}

export interface Merged {
  ports: PortObject[];
  /** Each port's JSON text, as compared (and as the catalogue writes it). */
  texts: string[];
  changes: ImportChanges;
}

const key = (name: string) => name.toLowerCase();

/** The index's ports by lower-case name, each name at its first place with its last data. */
function latestByName(incoming: readonly PortObject[]): Map<string, PortObject> {
  const latest = new Map<string, PortObject>();
  for (const port of incoming) {
    const first = latest.get(key(port.name));
    // The first spelling and place; the later entry's data.
    latest.set(key(port.name), first ? { ...port, name: first.name } : port);
  }
  return latest;
}

/** `data` as the catalogue keeps it: the catalogue's spelling, active (the index has no such flag). */
function listed(data: PortObject, name: string): PortObject {
  const { active: _dropped, ...rest } = data;
  return { ...rest, name };
}

export function mergePorts(existing: readonly PortObject[], incoming: readonly PortObject[]): Merged {
  const latest = latestByName(incoming);
  const changes: ImportChanges = { added: [], updated: [], unchanged: [], retired: [], returned: [] };
  const ports: PortObject[] = [];
  const texts: string[] = [];
  const keep = (port: PortObject, text = JSON.stringify(port)) => {
    ports.push(port);
    texts.push(text);
  };
  const known = new Set<string>();
  for (const port of existing) {
    known.add(key(port.name));
    const data = latest.get(key(port.name));
    if (!data) {
      if (port.active === false) {
        changes.unchanged.push(port.name);
        keep(port);
      } else {
        changes.retired.push(port.name);
        keep({ ...port, active: false });
      }
      continue;
    }
    const next = listed(data, port.name);
    const text = JSON.stringify(next);
    if (port.active === false) changes.returned.push(port.name);
    else (text === JSON.stringify(port) ? changes.unchanged : changes.updated).push(port.name);
    keep(next, text);
  }
  for (const [name, data] of latest) {
    if (known.has(name)) continue;
    changes.added.push(data.name);
    keep(listed(data, data.name));
  }
  return { ports, texts, changes };
}
