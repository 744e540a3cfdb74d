/**
 * One line of `<catalogue>/changes.ndjson`: what one import changed, for the feeds of a build
 * (see render/feeds). Pure: the catalogue's ports before, the merged texts after, the changes,
 * and the import's date and source info in; the record out, or none when no port changed.
 */
import { revisionOf } from '../validate/port-record.js';
import type { CataloguePort, ImportChanges, PortObject } from './merge-ports.js';

/** A port as a change names it: its name, version and revision. */
export interface PortRelease {
  name: string;
  version: string;
  revision: number | string;
}

export interface PortUpdate {
  name: string;
  /** The fields whose values changed, in the port's order (the new one's, then those it lost). */
  fields: string[];
  before: Omit<PortRelease, 'name'>;
  after: Omit<PortRelease, 'name'>;
}

export interface ChangeRecord {
  /** The import's date, ISO 8601 in UTC. */
  date: string;
  /** The source's `info` (portindex2json's: the ports tree's commit, when it gives one). */
  info?: unknown;
  added: PortRelease[];
  updated: PortUpdate[];
  retired: PortRelease[];
  returned: PortRelease[];
}

const key = (name: string) => name.toLowerCase();

/**
 * What the import changed. `existing`: the catalogue's ports before it; `texts`: its ports'
 * texts after it (see mergePorts); only the changed ports' texts are parsed.
 */
export function changeRecord(existing: readonly CataloguePort[], texts: readonly string[], changes: ImportChanges, date: string, info: unknown): ChangeRecord | undefined {
  const changed = [...changes.added, ...changes.updated, ...changes.retired, ...changes.returned];
  if (changed.length === 0) return undefined;
  const wanted = new Set(changed.map(key));
  const before = new Map<string, PortObject>();
  for (const port of existing) if (wanted.has(key(port.name))) before.set(key(port.name), JSON.parse(port.text) as PortObject);
  const after = new Map<string, PortObject>();
  for (const text of texts) {
    // A port's text starts with its name (see catalogue-text), but is parsed whole to be sure.
    if (!couldName(text, wanted)) continue;
    const port = JSON.parse(text) as PortObject;
    if (wanted.has(key(port.name))) after.set(key(port.name), port);
  }
  const release = (port: PortObject): PortRelease => ({ name: port.name, version: String(port.version ?? ''), revision: revisionOf(port.revision) });
  const versionOf = (port: PortObject) => {
    const { version, revision } = release(port);
    return { version, revision };
  };
  return {
    date,
    ...(info === undefined ? {} : { info }),
    added: changes.added.map((name) => release(after.get(key(name))!)),
    updated: changes.updated.map((name) => {
      const [old, now] = [before.get(key(name))!, after.get(key(name))!];
      return { name, fields: changedFields(old, now), before: versionOf(old), after: versionOf(now) };
    }),
    retired: changes.retired.map((name) => release(before.get(key(name))!)),
    returned: changes.returned.map((name) => release(after.get(key(name))!)),
  };
}

/** Whether `text` may be the text of one of the `wanted` ports: it holds one's name, in any case. */
function couldName(text: string, wanted: ReadonlySet<string>): boolean {
  const at = text.indexOf('"name":');
  if (at < 0) return true;
  const name = /^"name":\s*"((?:[^"\\]|\\.)*)"/.exec(text.slice(at))?.[1];
  return name === undefined || name.includes('\\') || wanted.has(key(name));
}

/** The fields whose values differ (an absent `active` is true, as everywhere). */
function changedFields(old: PortObject, now: PortObject): string[] {
  const valueOf = (port: PortObject, field: string) => JSON.stringify(field === 'active' ? (port.active ?? true) : port[field]);
  const fields = [...Object.keys(now), ...Object.keys(old).filter((field) => !(field in now))];
  return fields.filter((field) => valueOf(old, field) !== valueOf(now, field));
}
