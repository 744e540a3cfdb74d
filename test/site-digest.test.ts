import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { synthCatalogue } from '../scripts/synth-catalogue.js';
import { buildSite } from '../src/commands/build.js';
import { MARKER_FILE } from '../src/routes/site-files.js';
import { withTempDir } from './support/paths.js';

/**
 * The bytes of a synthetic 10,000-port site (seed 7), as one digest of every published file but
 * the marker (which names the code): a change of the writer, or of anything else, that changes
 * one byte of the site fails here. The digest was taken before the writer lost its tree delta,
 * patched marker, shared check, main-thread writes and paging ahead, and is the same after.
 * A change meant to change the site's bytes changes it here too, with the reason in its commit.
 */
const DIGEST = '9ba667e844ded57867f6d15f96e9881b4982de2442e67d6948befa74978f4f32';

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
    if (file === MARKER_FILE) continue;
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
    assert.equal(siteDigest(path.join(dir, 'site')), { files: 10426, digest: DIGEST });
  });
});

test.run();
