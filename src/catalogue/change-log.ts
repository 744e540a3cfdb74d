/**
 * `<catalogue>/changes.ndjson`: a line per import that changed a port (see derive/change-record),
 * appended, never rewritten. `build` reads its newest lines for the feeds (see render/feeds).
 */
import { closeSync, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { ChangeRecord } from './change-schema.js';
import { writeAll } from '../core/fs.js';
import { error } from '../core/problems/problem.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import { readLines } from './read-lines.js';
import { changeRecordSchema } from './change-schema.js';
import { problemsFromZod } from './records/zod-problems.js';

export const CHANGES_FILE = 'changes.ndjson';

/** A date as the record of changes writes it: ISO 8601 in UTC, to the second when that is exact. */
export function isoDate(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

/**
 * Appends `record` as one line, in one write (O_APPEND): a reader never finds half of it, and
 * two imports' lines never interleave.
 */
export function appendChange(catalogue: string, record: ChangeRecord): void {
  const file = path.join(catalogue, CHANGES_FILE);
  const fd = openSync(file, 'a+');
  try {
    const line = Buffer.from(`${JSON.stringify(record)}\n`);
    // A file whose last line has no newline (cut short by hand): the record starts a line of its own.
    const size = fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const bytes = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a ? Buffer.concat([Buffer.from('\n'), line]) : line;
    writeAll(fd, bytes, null);
  } finally {
    closeSync(fd);
  }
}

/**
 * The newest records of `<catalogue>/changes.ndjson`, oldest first, as many as give `entries`
 * feed entries (a port each); undefined when there is no such file. Every line is checked, its
 * problems added to `log` with its line number; memory holds only the records kept.
 */
export async function readChanges(catalogue: string, name: string, log: ProblemLog, entries: number): Promise<ChangeRecord[] | undefined> {
  const file = path.join(catalogue, CHANGES_FILE);
  if (!lstatSync(file, { throwIfNoEntry: false })) return undefined;
  const records: ChangeRecord[] = [];
  /** The entries of `records` but the oldest: past `entries`, the oldest is let go. */
  let newer = 0;
  const count = (record: ChangeRecord) => record.added.length + record.updated.length + record.retired.length + record.returned.length;
  for await (const line of readLines(file)) {
    const text = line.bytes.toString('utf8').trim();
    if (text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      log.add(error('invalid-json', name, { line: line.number }, 'expected a record of one import as ports-gen import writes it (a JSON object), found a line that is not JSON'));
      continue;
    }
    const parsed = changeRecordSchema.safeParse(value);
    if (!parsed.success) {
      log.addAll(problemsFromZod(parsed.error, value, name, (at) => ({ line: line.number, ...(at ? { path: at } : {}) })));
      continue;
    }
    records.push(parsed.data as ChangeRecord);
    newer += records.length > 1 ? count(parsed.data) : 0;
    while (records.length > 1 && newer >= entries) {
      records.shift();
      newer -= count(records[0]!);
    }
  }
  return records;
}
