/**
 * A site for the search script alone, for the browser tests and the search benchmark
 * (bench-search): the pages of zlib, the bundled script, and a synthetic search index.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { fileURLToPath } from 'node:url';
import type { PortResource } from '../src/derive/ports.js';
import { PortPageRenderer } from '../src/pages/port-page.js';
import { sitePages } from '../src/pages/site-pages.js';
import { searchIndexBody } from '../src/render/search-index.js';
import { portPageFile } from '../src/routes/site-files.js';
import type { Running } from './nginx-process.js';
import { buildCatalogue } from './synth/ports.js';

/** The browser's files as `npm run build` bundled them (scripts/bundle.ts), from build/scripts. */
const BUNDLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bundle/browser');

/** The pages' site options: 127.0.0.1 at its root, where serveDirectory serves them. */
const SITE = { baseUrl: 'http://127.0.0.1', feeds: false };
const ZLIB: PortResource = {
  name: 'zlib',
  portdir: 'archivers/zlib',
  version: '1.3.1',
  license: 'zlib',
  platforms: 'darwin',
  epoch: 0,
  replaced_by: null,
  homepage: 'https://www.zlib.net/',
  description: 'zlib compression library',
  long_description: '',
  active: true,
  categories: ['archivers'],
  maintainers: [],
  variants: [],
  dependencies: [],
  depends_on: [],
};

/**
 * A site for the script alone, without the API: the pages `build --pages` makes (by its own
 * renderers) of a catalogue of zlib alone, the bundled script and styles, `searchIndex` as
 * browser/search.json, and the script-rendered browser's page as `browser.html` (its fragment
 * routes need no API for a search).
 */
export function layScriptSite(dir: string, searchIndex: string): string {
  const pages = sitePages(SITE, { ports: [{ name: ZLIB.name, description: ZLIB.description, active: true }], categories: [{ name: 'archivers', portsCount: 1, active: [ZLIB.name] }], maintainers: [] });
  const files: Array<[string, string]> = [...[...pages].map(([file, page]): [string, string] => [file, page()]), [portPageFile(ZLIB.name), new PortPageRenderer(SITE).page({ port: ZLIB, variantNotes: {} })]];
  for (const [file, body] of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
  mkdirSync(path.join(dir, 'browser'), { recursive: true });
  for (const file of ['app.js', 'style.css']) copyFileSync(path.join(BUNDLE, file), path.join(dir, 'browser', file));
  copyFileSync(path.join(BUNDLE, 'index.html'), path.join(dir, 'browser.html'));
  writeFileSync(path.join(dir, 'browser', 'search.json'), searchIndex);
  return dir;
}

/** A plain static server of `dir`: a directory's index.html at its URL, and its 404.html for a miss, as hosts do. */
export async function serveDirectory(dir: string): Promise<Running> {
  const missing = path.join(dir, '404.html');
  const server = createServer(
    sirv(dir, {
      dev: true,
      dotfiles: false,
      onNoMatch: (_, res) => {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(existsSync(missing) ? readFileSync(missing) : 'Not found');
      },
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * browser/search.json of the synthetic catalogue (scripts/synth-catalogue) of `ports` ports, as
 * the build writes it (searchIndexBody), with every 40th port retired, and two ports named `gn`
 * and `gh` where the real catalogue has them.
 */
const made = new Map<number, string>();
export function synthSearchIndex(ports: number): string {
  const known = made.get(ports);
  if (known !== undefined) return known;
  const { json } = buildCatalogue(ports, 1);
  const parsed = (JSON.parse(json) as { ports: Array<{ name: string; description: string }> }).ports;
  const summaries = parsed.map((port, at) => ({ name: port.name, description: port.description, active: at % 40 !== 39 }));
  summaries.splice(Math.floor(ports / 3), 1, { name: 'gn', description: 'Meta-build system that generates build files for Ninja', active: true });
  summaries.splice(Math.floor((2 * ports) / 3), 1, { name: 'gh', description: 'GitHub command-line tool', active: true });
  const index = searchIndexBody(summaries);
  made.set(ports, index);
  return index;
}
