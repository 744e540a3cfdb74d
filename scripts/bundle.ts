/**
 * Bundles the compiled CLI into build/bundle/, which `bin/ports-gen.js` runs:
 * `node build/scripts/bundle.js` (part of `npm run build`, `prepare` and `npm test`).
 *
 * Why: Node loads an ES module graph file by file, and ports-gen's graph is some 60 of its own
 * modules and zod's 90 (its locales alone some 60 ms). Starting `ports-gen` took some 150 ms
 * before the first line of its own code ran; from one file with zod's unused parts shaken out,
 * some 50 ms. A rebuild after one port changes takes some 2 s, so that is 5 % of it.
 *
 * Entries: the CLI, the build alone (for the bench, which measures what users run) and the
 * writer thread, which site-writer starts from `./write-worker.js` beside itself; code they
 * share goes into chunks in the same directory. commander and fs-extra are CommonJS and stay
 * packages (bundled into an ES module, their `require` of Node's modules would fail).
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'build', 'bundle');

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: {
    cli: path.join(ROOT, 'build/src/cli.js'),
    build: path.join(ROOT, 'build/src/commands/build.js'),
    'write-worker': path.join(ROOT, 'build/src/write/write-worker.js'),
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['commander', 'fs-extra'],
  logLevel: 'warning',
});
