import { readFileSync } from 'node:fs';
import path from 'node:path';
import { programDirectory } from './code-fingerprint.js';

/** This ports-gen's version, from its package.json (two levels above the program's directory). */
export const VERSION: string = (JSON.parse(readFileSync(path.join(programDirectory(), '../../package.json'), 'utf8')) as { version: string }).version;
