import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { buildCatalogue } from '../../scripts/synth/ports.js';
import { searchIndexBody } from '../../src/render/search-index.js';
import { FIXTURES, ROOT } from './paths.js';
import type { Running } from './suite-server.js';

/** The browser's files as `npm run build` bundled them (scripts/bundle.ts). */
const BUNDLE = path.join(ROOT, 'build', 'bundle', 'browser');

/**
 * A site for the script alone, without the API: the hand-written pages of
 * test/fixtures/pages-skeleton (in the shape of `build --pages`'s), the bundled script and
 * styles, `searchIndex` as browser/search.json, and the script-rendered browser's page as
 * `browser.html` (its fragment routes need no API for a search).
 */
export function layScriptSite(dir: string, searchIndex: string): string {
  cpSync(path.join(FIXTURES, 'pages-skeleton'), dir, { recursive: true });
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
