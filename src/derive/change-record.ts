/**
 * One line of `<catalogue>/changes.ndjson`: what one import changed, for the feeds of a build
 * (see render/feeds). Pure: the catalogue's ports before, the merged texts after, the changes,
 * and the import's date and source info in; the record out, or none when no port changed.
 */
import type { ChangeRecord, PortRelease } from '../catalogue/change-schema.js';
import { revisionOf } from '../catalogue/records/port-record.js';
import type { CataloguePort, ImportChanges, PortObject } from '../derive/merge-ports.js';


const key = (name: string) => name.toLowerCase();

/**
 * What the import changed. `existing`: the catalogue's ports before it; `texts`: its ports'
 * texts after it (see mergePorts); only the changed ports' texts are parsed.
 */
export function changeRecord(existing: readonly CataloguePort[], texts: readonly string[], changes: ImportChanges, date: string, info: unknown): ChangeRecord | undefined {
  const changed = [...changes.added, ...changes.updated, ...changes.retired, ...changes.returned];
  if (changed.length === 0) return undefined;
  const wanted = new Set(changed.map(key));
  // Texts by name, each parsed only when its entry is made and let go at once: an import that
  // updates every port of a ports tree would otherwise hold two objects a port.
  const before = new Map<string, string>();
  for (const port of existing) if (wanted.has(key(port.name))) before.set(key(port.name), port.text);
  const after = new Map<string, string>();
  for (const text of texts) {
    const name = nameOf(text);
    if (wanted.has(key(name))) after.set(key(name), text);
  }
  const parsed = (from: Map<string, string>, name: string) => JSON.parse(from.get(key(name))!) as PortObject;
  const versionOf = (port: PortObject) => ({ version: String(port.version ?? ''), revision: revisionOf(port.revision) });
  const release = (port: PortObject): PortRelease => ({ name: port.name, ...versionOf(port) });
  return {
    date,
    ...(info === undefined ? {} : { info }),
    added: changes.added.map((name) => release(parsed(after, name))),
    updated: changes.updated.map((name) => {
      const [old, now] = [parsed(before, name), parsed(after, name)];
      return { name, fields: changedFields(old, now), before: versionOf(old), after: versionOf(now) };
    }),
    retired: changes.retired.map((name) => release(parsed(before, name))),
    returned: changes.returned.map((name) => release(parsed(after, name))),
  };
}

/** A port's name from its text, which starts with it as the catalogue writes it; parsed whole otherwise. */
function nameOf(text: string): string {
  const name = /^\{"name":"([^"\\]*)"/.exec(text)?.[1];
  return name ?? (JSON.parse(text) as PortObject).name;
}

/** The fields whose values differ (an absent `active` is true, as everywhere). */
function changedFields(old: PortObject, now: PortObject): string[] {
  const valueOf = (port: PortObject, field: string) => (field === 'active' ? (port.active ?? true) : port[field]);
  const differ = (a: unknown, b: unknown) => a !== b && (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || JSON.stringify(a) !== JSON.stringify(b));
  const fields = [...Object.keys(now), ...Object.keys(old).filter((field) => !(field in now))];
  return fields.filter((field) => differ(valueOf(old, field), valueOf(now, field)));
}
