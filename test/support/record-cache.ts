import type { PortRecord } from '../../src/catalogue/records/port-record.js';
import { recordCacheHeader, recordCacheLines } from '../../src/catalogue/records/record-cache.js';
import { contentHash } from '../../src/core/content-hash.js';

/** The whole cache of `records` as one text, as a build saves it line by line. */
export function encodeRecordCache(fingerprint: string, records: readonly PortRecord[]): string {
  const body = [...recordCacheLines(records)].join('');
  return recordCacheHeader(fingerprint, contentHash(body)) + body;
}
