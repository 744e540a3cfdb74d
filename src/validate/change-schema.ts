import { z } from 'zod';

/** A line of `changes.ndjson`, as `ports-gen import` writes it (see derive/change-record). */
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
