/** Command-line arguments of synth-catalogue, parsed into plain options. */
import { parseArgs } from 'node:util';
import type { SynthOptions } from './options.js';

export const USAGE =
  'Usage: synth-catalogue --ports N --builds M --files K --seed S --out DIR\n' +
  '  writes DIR/portindex.json and DIR/builds.ndjson; K is the average number of files per build\n';

/** The options, or `undefined` when help was asked for. Range checks are left to synthCatalogue. */
export function readCliOptions(args: string[] = process.argv.slice(2)): SynthOptions | undefined {
  const { values } = parseArgs({
    args,
    options: {
      ports: { type: 'string', default: '2000' },
      builds: { type: 'string', default: '5000' },
      files: { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: 'catalogue-synth' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return undefined;
  return {
    ports: parseNumber('ports', values.ports),
    builds: parseNumber('builds', values.builds),
    files: parseNumber('files', values.files),
    seed: parseNumber('seed', values.seed),
    out: values.out,
  };
}

/** `Number()` alone would read an empty argument as 0. */
function parseNumber(name: string, v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new Error(`--${name} must be a number (got ${JSON.stringify(v)})`);
  return n;
}
