import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { catalogueChanged, catalogueDigest, catalogueIdentities } from '../../src/build/catalogue-digest.js';
import { CHANGES_FILE } from '../../src/catalogue/change-log.js';
import { withTempDir } from '../support/paths.js';

/** A catalogue directory with the two files an import writes. */
function catalogueIn(dir: string, ports = '{"ports":[]}\n', changes = '[]\n'): string {
  const catalogue = path.join(dir, 'catalogue');
  mkdirSync(catalogue, { recursive: true });
  writeFileSync(path.join(catalogue, 'portindex.json'), ports);
  writeFileSync(path.join(catalogue, CHANGES_FILE), changes);
  return catalogue;
}

test('the digest follows the imported files\' bytes, whichever file differs, and marks a missing one', async () => {
  await withTempDir(async (dir) => {
    const catalogue = catalogueIn(dir);
    const first = catalogueDigest(catalogue);
    assert.is(catalogueDigest(catalogue), first, 'the same bytes give the same digest');
    writeFileSync(path.join(catalogue, 'portindex.json'), '{"ports":[]}\n'); // written again, the same bytes
    assert.is(catalogueDigest(catalogue), first, 'a file written again with the same bytes');
    writeFileSync(path.join(catalogue, CHANGES_FILE), '[ ]\n');
    const changes = catalogueDigest(catalogue);
    assert.is.not(changes, first, 'the record of changes counts');
    rmSync(path.join(catalogue, CHANGES_FILE));
    assert.is.not(catalogueDigest(catalogue), changes, 'a missing file counts');
    writeFileSync(path.join(catalogue, CHANGES_FILE), '');
    assert.is.not(catalogueDigest(catalogue), catalogueDigest(catalogueIn(path.join(dir, 'other'), '{"ports":[]}\n', '')), 'the directory counts');
  });
});

test('a catalogue is changed once a file is written, replaced, made or removed after its identities were taken', async () => {
  await withTempDir(async (dir) => {
    const catalogue = catalogueIn(dir);
    const ports = path.join(catalogue, 'portindex.json');
    const changes = path.join(catalogue, CHANGES_FILE);
    const cases: Array<[string, () => void]> = [
      ['appended to', () => appendFileSync(ports, ' ')],
      ['replaced by a rename', () => (writeFileSync(`${ports}.new`, '{"ports":[]}\n'), renameSync(`${ports}.new`, ports))],
      ['removed', () => rmSync(changes)],
      ['made', () => writeFileSync(changes, '[]\n')],
    ];
    for (const [what, change] of cases) {
      const seen = catalogueIdentities(catalogue);
      assert.is(catalogueChanged(catalogue, seen), false, `before: ${what}`);
      change();
      assert.is(catalogueChanged(catalogue, seen), true, what);
    }
  });
});

test.run();
