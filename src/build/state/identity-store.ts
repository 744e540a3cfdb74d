import path from 'node:path';
import type { FileIdentity } from '../../catalogue/file-identity.js';
import { readStateFile, writeStateFile } from './state-files.js';

/**
 * The identity of a catalogue file as last seen (see catalogue/file-identity), kept in the state
 * directory beside `--out` (see state-files): its fingerprint (inode, times) belongs to the
 * file system it was taken on.
 */
const IDENTITY_FILE = 'identity.json';

export function recalledIdentity(out: string, source: string): FileIdentity | undefined {
  try {
    const recalled = JSON.parse(readStateFile(out, IDENTITY_FILE)?.toString('utf8') ?? 'null') as Partial<{ path: string } & FileIdentity> | null;
    if (!recalled) return undefined;
    const { digest, records, fingerprint } = recalled;
    if (recalled.path !== path.resolve(source) || typeof digest !== 'string' || typeof fingerprint !== 'string') return undefined;
    if (typeof records !== 'number' || !Number.isSafeInteger(records) || records < 0) return undefined;
    return { digest, records, fingerprint };
  } catch {
    return undefined;
  }
}

/** Only an identity with a fingerprint is worth keeping. */
export function recordIdentity(out: string, source: string, identity: FileIdentity): void {
  if (identity.fingerprint === null) return;
  const { digest, records, fingerprint } = identity;
  writeStateFile(out, IDENTITY_FILE, JSON.stringify({ path: path.resolve(source), digest, records, fingerprint }));
}

/** What is known of builds.ndjson now, for the next build; only a speed-up, so never fatal. */
export function rememberIdentity(out: string, buildsPath: string, source: FileIdentity): void {
  try {
    recordIdentity(out, buildsPath, source);
  } catch {
    // the next build reads builds.ndjson again
  }
}
