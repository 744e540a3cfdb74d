import path from 'node:path';
import type { KnownFile } from '../../catalogue/file-identity.js';
import { readStateFile, writeStateFile } from './state-files.js';

/**
 * What was known of a catalogue file as last seen (see catalogue/file-identity), kept in the state
 * directory beside `--out` (see state-files): its identity (inode, times) belongs to the file
 * system it was taken on.
 */
const IDENTITY_FILE = 'identity.json';

export function recalledIdentity(out: string, source: string): KnownFile | undefined {
  try {
    const recalled = JSON.parse(readStateFile(out, IDENTITY_FILE)?.toString('utf8') ?? 'null') as Partial<{ path: string } & KnownFile> | null;
    if (!recalled) return undefined;
    const { digest, records, identity } = recalled;
    if (recalled.path !== path.resolve(source) || typeof digest !== 'string' || typeof identity !== 'string') return undefined;
    if (typeof records !== 'number' || !Number.isSafeInteger(records) || records < 0) return undefined;
    return { digest, records, identity };
  } catch {
    return undefined;
  }
}

/** Only a file with an identity is worth keeping. */
export function recordIdentity(out: string, source: string, known: KnownFile): void {
  if (known.identity === null) return;
  const { digest, records, identity } = known;
  writeStateFile(out, IDENTITY_FILE, JSON.stringify({ path: path.resolve(source), digest, records, identity }));
}

/** What is known of builds.ndjson now, for the next build; only a speed-up, so never fatal. */
export function rememberIdentity(out: string, buildsPath: string, source: KnownFile): void {
  try {
    recordIdentity(out, buildsPath, source);
  } catch {
    // the next build reads builds.ndjson again
  }
}
