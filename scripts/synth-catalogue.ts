/**
 * Deterministic generator of large, realistic ports catalogues (docs/catalogue-format.md): writes
 * `<out>/portindex.json` (the shape portindex2json writes) and `<out>/builds.ndjson`.
 *
 *   node build/scripts/synth-catalogue.js --ports 40000 --builds 400000 --files 40 --seed 1 --out DIR
 *
 * `--files` is the average number of files per build. The same options always give
 * byte-identical files (own PRNG, no Math.random, no clock). builds.ndjson is streamed in
 * ~1 MB chunks with backpressure, so memory stays flat however many builds are asked for.
 * The generator itself lives in ./synth/; this file is its library entry point and CLI.
 */
import { realpathSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCliOptions, USAGE } from './synth/cli-options.js';
import { assertValidOptions, type SynthOptions, type SynthResult } from './synth/options.js';
import { buildCatalogue } from './synth/ports.js';
import type { PortRec } from './synth/port-rec.js';
import { writeBuilds } from './synth/write-builds.js';

export type { SynthOptions, SynthResult } from './synth/options.js';

export async function synthCatalogue(options: SynthOptions): Promise<SynthResult> {
  assertValidOptions(options);
  const { ports, builds, files, seed, out } = options;
  await mkdir(out, { recursive: true });
  let recs: PortRec[];
  let indexBytes: number;
  {
    // scoped so that the catalogue's JSON text can be collected while builds are written
    const cat = buildCatalogue(ports, seed);
    const index = Buffer.from(cat.json, 'utf8');
    await writeFile(join(out, 'portindex.json'), index);
    recs = cat.recs;
    indexBytes = index.length;
  }
  const b = await writeBuilds(join(out, 'builds.ndjson'), recs, builds, files, seed);
  return { ports: recs.length, builds, paths: b.paths, bytes: indexBytes + b.bytes };
}

/** True when run as a script (also through a symlink), false when imported. */
function isMain(): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  if (import.meta.url === pathToFileURL(arg).href) return true;
  try {
    return import.meta.url === pathToFileURL(realpathSync(arg)).href;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const opts = readCliOptions();
  if (!opts) {
    process.stdout.write(USAGE);
    return;
  }
  const t0 = process.hrtime.bigint();
  const r = await synthCatalogue(opts);
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  process.stdout.write(
    `synth-catalogue: ${r.ports} ports, ${r.builds} builds, ${r.paths} paths (mean ${(r.builds ? r.paths / r.builds : 0).toFixed(2)}), ` +
      `${(r.bytes / 1e6).toFixed(1)} MB in ${secs.toFixed(1)}s (seed ${opts.seed}) -> ${opts.out}\n`,
  );
}

if (isMain()) {
  main().catch((e: unknown) => {
    process.stderr.write(`synth-catalogue: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
