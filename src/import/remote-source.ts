/**
 * An import's source from a URL (see fetch-source), and the check of a source's signify
 * signature (`--sig`, `--pub`) before anything of it is parsed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { error } from '../core/problems/problem.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import type { Progress } from '../core/progress.js';
import { shownUrl } from '../core/shown-url.js';
import { readPublicKey } from '../sign/key-files.js';
import { readBoundedFile } from '../sign/read-bounded-file.js';
import { checkSignature, SignifyError, SIGNIFY_FILE_MOST } from '../sign/signify.js';
import { fetchSource, isUrl, type FetchOptions, type Validators } from './fetch-source.js';
import { loadValidators } from './source-validators.js';
import { SOURCE_LIMIT } from './import-source.js';

/** How a URL is fetched: its tries, their timeouts and deadline, and the netrc file of logins (see FetchOptions). */
export type HttpOptions = Pick<FetchOptions, 'timeoutMs' | 'deadlineMs' | 'retries' | 'backoffMs' | 'netrc'>;

/** Ten minutes bring MacPorts' PortIndex (some 40 MB) at 70 kB/s; a mirror slower than that is stuck. */
export const HTTP_DEFAULTS: HttpOptions = { timeoutMs: 60_000, deadlineMs: 600_000, retries: 3, backoffMs: 1000 };

/** The signature a source must have: a signify `.sig` (a URL or a file) and the public key (a file). */
export interface SourceSignature {
  signature: string;
  publicKey: string;
}

type RemoteRead = { notModified: true } | { notModified: false; bytes: Buffer; validators: Validators };

/** The source at `url`, asked for only if it changed since the last import of the same URL into `catalogue`. */
export async function readRemoteSource(url: string, catalogue: string, http: HttpOptions, progress: Progress, signal?: AbortSignal): Promise<RemoteRead> {
  // Without its portindex.json (removed by hand), the catalogue needs the source whatever the server says.
  const validators = existsSync(path.join(catalogue, 'portindex.json')) ? loadValidators(catalogue, url) : undefined;
  return fetchSource(url, { ...http, validators, limit: SOURCE_LIMIT, kind: 'a PortIndex', progress, signal });
}

/**
 * Whether `bytes` (the source `name`) carry a good signature: the key is read first (a key that
 * cannot be used is a refusal), then the signature (a file that cannot be one, or a download
 * larger than one, is a refusal too); one that is missing, damaged or does not match is a
 * `bad-signature` problem.
 */
export async function checkSourceSignature(bytes: Buffer, name: string, wanted: SourceSignature, cwd: string, http: HttpOptions, progress: Progress, log: ProblemLog, signal?: AbortSignal): Promise<boolean> {
  const key = readPublicKey(wanted.publicKey, cwd);
  const signature = shownUrl(wanted.signature);
  const text = isUrl(wanted.signature)
    ? await fetchSource(wanted.signature, { ...http, limit: SIGNIFY_FILE_MOST, kind: 'a signify signature', progress, signal }).then((got) => (got.notModified ? '' : got.bytes.toString('utf8')))
    : readBoundedFile(path.resolve(cwd, wanted.signature), signature, 'a signify signature', SIGNIFY_FILE_MOST)?.toString('utf8');
  if (text === undefined) {
    log.add(error('bad-signature', name, {}, `expected a signify signature in ${signature}, found no such file`));
    return false;
  }
  let failure: string | undefined;
  try {
    failure = checkSignature(bytes, text, key);
  } catch (cause) {
    if (!(cause instanceof SignifyError)) throw cause;
    failure = `${signature}: ${cause.message}`;
  }
  if (failure !== undefined) log.add(error('bad-signature', name, {}, `expected the signature of ${signature} by ${wanted.publicKey}, found that ${failure}`));
  return failure === undefined;
}
