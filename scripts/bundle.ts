/**
 * Bundles the compiled CLI into build/bundle/, which `bin/ports-gen.js` runs:
 * `node build/scripts/bundle.js` (part of `npm run build`, and so of `npm run site`, `npm test` and `prepack`).
 *
 * Why: Node loads an ES module graph file by file (ports-gen's modules, and zod's with its
 * locales) before the first line runs; a bundle with zod's unused parts shaken out loads in a
 * third of the time. The shaking needs every module to import
 * zod as a namespace (\`import * as z\`): \`import { z }\` takes zod's \`z\` object, which holds
 * all of it.
 *
 * Entries: the CLI, the build alone (for the bench, which measures what users run), the
 * writer thread, which writer-thread starts from `./write-worker.js` beside itself, the
 * import's second thread (`./import-worker.js`, from parallel-check), and writer-thread itself,
 * which the CLI's entry loads before the rest to start the writer early; code they share goes
 * into chunks in the same directory. commander is CommonJS and stays a package
 * (bundled into an ES module, its `require` of Node's modules would fail).
 */
import { build } from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NETLIFY_FUNCTION } from '../src/hosts/netlify/netlify.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'build', 'bundle');

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: {
    cli: path.join(ROOT, 'build/src/cli/cli.js'),
    build: path.join(ROOT, 'build/src/build/build.js'),
    'write-worker': path.join(ROOT, 'build/src/writer/thread/write-worker.js'),
    'import-worker': path.join(ROOT, 'build/src/import/sources/import-worker.js'),
    'writer-thread': path.join(ROOT, 'build/src/writer/thread/writer-thread.js'),
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['commander'],
  logLevel: 'warning',
});

// Netlify's function (src/hosts/netlify/netlify-function.ts), one file where Netlify looks for functions;
// Netlify bundles it again when it deploys, after its build command (`npm run site`) has run this.
// The package ships it too, for `netlify deploy --functions node_modules/ports-gen/netlify/functions`.
await build({
  entryPoints: [path.join(ROOT, 'build/src/hosts/netlify/netlify-function.js')],
  outfile: path.join(ROOT, 'netlify', 'functions', `${NETLIFY_FUNCTION}.mjs`),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});

// The site's browser (src/browser/): its script bundled and minified from the TypeScript (esbuild
// strips the types; `npm run build` checks them with src/browser/tsconfig.json), its page and
// styles copied; the build writes the three into each site (see browser-assets).
await build({
  entryPoints: [path.join(ROOT, 'src/browser/app.ts')],
  outfile: path.join(OUT, 'browser', 'app.js'),
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of ['index.html', 'style.css']) copyFileSync(path.join(ROOT, 'src/browser', file), path.join(OUT, 'browser', file));
