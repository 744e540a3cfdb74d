import { readFileSync } from 'node:fs';

/** This ports-gen's version, from its package.json (two levels above the compiled file). */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
