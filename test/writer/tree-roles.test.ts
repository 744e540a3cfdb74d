import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MARKER_FILE } from '../../src/routes/site-files.js';
import { emptyTrash, linkedTree, liveTree, publish, recoverStaging, stagingPath, stateDirectory } from '../../src/writer/trees/tree-roles.js';
import { withTempDir } from '../support/paths.js';

/** A complete tree as a build leaves it: a marker and one file saying which tree it is. */
function tree(at: string, name: string): string {
  mkdirSync(at, { recursive: true });
  writeFileSync(path.join(at, MARKER_FILE), '{}');
  writeFileSync(path.join(at, 'which.txt'), name);
  return at;
}

const which = (dir: string) => readFileSync(path.join(dir, 'which.txt'), 'utf8');
const state = (out: string) => readdirSync(stateDirectory(out)).filter((name) => name !== '.gitignore').sort();

test('publishing with a link: --out becomes a relative link to a live tree, and each publish replaces the link, keeping the tree it replaced as the spare', async () => {
  await withTempDir((dir) => {
    const out = path.join(dir, 'dist');
    publish(tree(stagingPath(out), 'first'), out, true);
    assert.ok(lstatSync(out).isSymbolicLink());
    assert.match(readlinkSync(out), /^\.dist\.ports-gen\/live-[0-9a-f]+$/);
    assert.is(which(out), 'first');
    const first = linkedTree(out)!;
    publish(tree(stagingPath(out), 'second'), out, true);
    assert.is(which(out), 'second');
    assert.is.not(linkedTree(out), first);
    assert.is(which(path.join(stateDirectory(out), 'spare')), 'first');
    assert.equal(state(out), [path.basename(linkedTree(out)!), 'spare'].sort());
  });
});

test('publishing without a link: --out is the tree itself; a link of a previous build is replaced and its tree kept as the spare', async () => {
  await withTempDir((dir) => {
    const out = path.join(dir, 'dist');
    publish(tree(stagingPath(out), 'linked'), out, true);
    publish(tree(stagingPath(out), 'plain'), out, false);
    assert.ok(lstatSync(out).isDirectory());
    assert.is(which(out), 'plain');
    assert.is(liveTree(out), out);
    assert.is(which(path.join(stateDirectory(out), 'spare')), 'linked');
    publish(tree(stagingPath(out), 'linked again'), out, true);
    assert.ok(lstatSync(out).isSymbolicLink());
    assert.is(which(out), 'linked again');
    assert.is(which(path.join(stateDirectory(out), 'spare')), 'plain');
  });
});

test('a link to a tree that is gone is replaced, with a link or without', async () => {
  await withTempDir((dir) => {
    for (const link of [true, false]) {
      const out = path.join(dir, `dist-${link}`);
      symlinkSync(`.dist-${link}.ports-gen/live-0a1b`, out); // its state directory deleted by hand
      publish(tree(stagingPath(out), 'new'), out, link);
      assert.is(which(out), 'new');
      assert.is(lstatSync(out).isSymbolicLink(), link);
    }
  });
});

test('recovery after a kill while publishing with a link: --out keeps its tree; a complete unpublished tree becomes the spare; staging goes to the trash, links are removed', async () => {
  await withTempDir((dir) => {
    const out = path.join(dir, 'dist');
    publish(tree(stagingPath(out), 'published'), out, true);
    const published = linkedTree(out)!;
    const s = stateDirectory(out);
    tree(path.join(s, 'live-aaaa'), 'complete, not yet linked'); // killed before the link's rename
    tree(path.join(s, 'new-bbbb'), 'half-written');
    symlinkSync('.dist.ports-gen/live-aaaa', path.join(s, 'link-cccc'));
    recoverStaging(out);
    assert.is(linkedTree(out), published);
    assert.is(which(out), 'published');
    assert.is(which(path.join(s, 'spare')), 'complete, not yet linked');
    const trash = state(out).filter((name) => name.startsWith('trash-'));
    assert.is(trash.length, 1, 'the half-written tree waits in the trash');
    assert.is(which(path.join(s, trash[0]!)), 'half-written');
    assert.equal(state(out), [path.basename(published), 'spare', trash[0]!].sort());
    emptyTrash(s);
    assert.equal(state(out), [path.basename(published), 'spare'].sort());
  });
});

test('recovery after a kill between the two renames of a replaced directory: the previous tree is put back at --out', async () => {
  await withTempDir((dir) => {
    const out = path.join(dir, 'dist');
    const s = stateDirectory(out);
    tree(path.join(s, 'old-dddd'), 'previous'); // --out, moved aside
    tree(path.join(s, 'live-eeee'), 'new');
    recoverStaging(out);
    assert.ok(lstatSync(out).isDirectory());
    assert.is(which(out), 'previous');
    assert.is(which(path.join(s, 'spare')), 'new');
  });
});

test('staging trees of earlier versions beside --out are recovered too', async () => {
  await withTempDir((dir) => {
    const out = path.join(dir, 'dist');
    tree(path.join(dir, '.dist.ports-gen-new-12-ab12'), 'half-written');
    tree(path.join(dir, '.dist.ports-gen-old-12-cd34'), 'previous');
    tree(path.join(dir, '.other.ports-gen-new-12-ef56'), 'another output\'s');
    recoverStaging(out);
    assert.is(which(out), 'previous');
    emptyTrash(stateDirectory(out));
    assert.equal(readdirSync(dir).sort(), ['.dist.ports-gen', '.other.ports-gen-new-12-ef56', 'dist']);
    assert.equal(state(out), []);
  });
});

test('only a link into the state directory naming a live tree is ports-gen\'s own', async () => {
  await withTempDir((dir) => {
    const out = path.join(dir, 'dist');
    symlinkSync('/var/www/site', out);
    assert.is(linkedTree(out), undefined);
    assert.is(liveTree(out), out);
    const other = path.join(dir, 'other');
    symlinkSync('.other.ports-gen/spare', other);
    assert.is(linkedTree(other), undefined);
    const own = path.join(dir, 'own');
    symlinkSync('.own.ports-gen/live-0a1b', own);
    assert.is(linkedTree(own), path.join(dir, '.own.ports-gen', 'live-0a1b'));
  });
});

test.run();
