import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES } from './paths.js';

/**
 * The query sample (test/fixtures/queries-sample/README.md): a catalogue, and requests with a
 * stock DRF service's answers, taken with links on SAMPLE_BASE and pages of 50.
 */
export const SAMPLE = path.join(FIXTURES, 'queries-sample');
export const SAMPLE_BASE = 'http://127.0.0.1:8080';

export interface SampleRow {
  method: string;
  path: string;
  request_headers: Record<string, string>;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function sampleRows(): SampleRow[] {
  return JSON.parse(readFileSync(path.join(SAMPLE, 'expected.json'), 'utf8')) as SampleRow[];
}
