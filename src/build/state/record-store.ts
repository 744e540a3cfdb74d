import { contentDigest } from '../../core/content-hash.js';
import type { PortRecord } from '../../catalogue/records/port-record.js';
import { decodeRecordCache, recordCacheHeader, recordCacheLines, type RecordCache } from '../../catalogue/records/record-cache.js';
import { eachChunk } from '../../core/chunks.js';
import { writeAll } from '../../core/fs.js';
import { readStateFile, writeStateFile } from './state-files.js';

/** The ports' records of the last build (see catalogue/records/record-cache), in the state directory. */
const RECORDS_FILE = 'records.json';

/** The records the last build of `out` kept, when the code of `fingerprint` wrote them. */
export function recalledRecords(out: string, fingerprint: string): RecordCache | undefined {
  const bytes = readStateFile(out, RECORDS_FILE);
  return bytes === undefined ? undefined : decodeRecordCache(bytes, fingerprint);
}

/**
 * Kept for the next build; only a speed-up, so never fatal. Written a chunk at a time, the
 * header last, in the room left for it: the cache is never one text in memory. The lines of
 * the records `previous` holds are copied from it (see recordCacheLines). Gives every record's
 * core hash; undefined when a record has no text hash, or the cache could not be written.
 */
export function rememberRecords(out: string, fingerprint: string, records: readonly PortRecord[], previous?: RecordCache): string[] | undefined {
  const coreHashes: string[] = [];
  try {
    writeStateFile(out, RECORDS_FILE, (fd) => {
      const room = Buffer.byteLength(recordCacheHeader(fingerprint, '0'.repeat(16)));
      const digest = contentDigest();
      let position = room;
      eachChunk(recordCacheLines(records, previous, coreHashes), (chunk) => {
        digest.update(chunk);
        position += writeAll(fd, chunk, position);
      });
      const header = Buffer.from(recordCacheHeader(fingerprint, digest.digest()));
      if (header.length !== room) throw new Error('a record cache header of another length');
      writeAll(fd, header, 0);
    });
  } catch {
    return undefined; // the next build reads every port
  }
  return coreHashes.length === records.length ? coreHashes : undefined;
}
