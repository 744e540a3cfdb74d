import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { synthCatalogue } from '../../scripts/synth-catalogue.js';
import { buildSite } from '../../src/build/build.js';
import { BROWSER_PAGE, BROWSER_SCRIPT, BROWSER_STYLE, MARKER_FILE } from '../../src/routes/site-files.js';
import { withTempDir } from '../support/paths.js';

/**
 * The bytes of a synthetic 10,000-port site (seed 7), as one digest of every published file but
 * the marker (which names the code) and the browser's page, script and styles (the bundle's,
 * copied as they are): a change of the writer, or of anything else, that changes one byte of
 * what the catalogue makes fails here. The writer's rework into one plan kept it; CORS changed it
 * (`_headers` and the OpenAPI document name `Access-Control-Allow-Origin`), the dumps (two
 * files more, and their headers) and the feeds (their headers; this catalogue has no record of
 * changes, so no feed), both described in the OpenAPI document; the pages for people (`_headers`
 * gives their paths a type, whether or not a site has them); the pages' Content-Security-Policy
 * (`_headers` alone: every other file kept its bytes); the queries: the query index (one file
 * more), their rules in `_redirects` and their parameters in the OpenAPI document, every other
 * file as it was; the rules for the files the function fetches moved before the rule per name
 * (`_redirects` alone); the query index's per-port lists made flat (that file alone); the dump's
 * ports' lengths published beside it (one file more).
 * A change meant to change the site's bytes changes it here too, with the reason in its commit.
 */
const DIGEST = '9528206f7b39a4a0a3c5f49d9b9be58e63d5ed943e16cf7527f43c7cbd6970ae';

const BROWSER_ASSETS = new Set([BROWSER_PAGE, BROWSER_SCRIPT, BROWSER_STYLE]);

function siteDigest(site: string): { files: number; digest: string } {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(site, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else files.push(relative);
    }
  };
  walk('');
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    if (file === MARKER_FILE || BROWSER_ASSETS.has(file)) continue;
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(site, file)));
  }
  return { files: files.length, digest: hash.digest('hex') };
}

test('a synthetic 10,000-port site has the bytes it had (one digest of every file)', async () => {
  await withTempDir(async (dir) => {
    await synthCatalogue({ ports: 10000, builds: 3000, files: 10, seed: 7, out: path.join(dir, 'cat') });
    const built = await buildSite({ cwd: dir, catalogue: 'cat', out: 'site', baseUrl: 'https://ports.example.org', pageSize: 50, strict: false, link: false });
    assert.ok(built.ok);
    assert.equal(siteDigest(path.join(dir, 'site')), { files: 10430, digest: DIGEST });
  });
});

test.run();
