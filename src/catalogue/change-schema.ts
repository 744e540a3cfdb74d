import { z } from 'zod';

/** A line of `changes.ndjson`, as `ports-gen import` writes it (see derive/change-record): its types, then its schema. */

/** A port as a change names it: its name, version and revision. */
export interface PortRelease {
  name: string;
  version: string;
  revision: number | string;
}

interface PortUpdate {
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

const version = { version: z.string({ error: 'a string' }), revision: z.union([z.int(), z.string()], { error: 'an integer or a string' }) };
const release = z.object({ name: z.string({ error: 'a port name' }), ...version });

export const changeRecordSchema = z.object({
  date: z.iso.datetime({ error: 'a date and time in ISO 8601, in UTC' }),
  info: z.unknown().optional(),
  added: z.array(release, { error: 'a list of ports' }),
  updated: z.array(z.object({ name: z.string({ error: 'a port name' }), fields: z.array(z.string(), { error: 'a list of fields' }), before: z.object(version), after: z.object(version) }), { error: 'a list of ports' }),
  retired: z.array(release, { error: 'a list of ports' }),
  returned: z.array(release, { error: 'a list of ports' }),
});
