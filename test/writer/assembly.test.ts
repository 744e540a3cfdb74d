import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash } from '../../src/core/content-hash.js';
import { writeAssembly, type AssemblyPart } from '../../src/writer/assembly.js';
import { statIdentity } from '../../src/core/fs.js';
import type { Checked } from '../../src/writer/trees/trust.js';
import { withTempDir } from '../support/paths.js';

/** Writes each text as a part file under `root`; gives the parts as the executor would. */
function partsIn(root: string, texts: Record<string, string>): AssemblyPart[] {
  return Object.entries(texts).map(([name, text]) => {
    mkdirSync(path.join(root, name), { recursive: true });
    writeFileSync(path.join(root, name, 'index.json'), text);
    return { path: `${name}/index.json`, hash: contentHash(text) };
  });
}

const checkedOf = (file: string): Checked => {
  const stats = lstatSync(file);
  return { hash: contentHash(readFileSync(file)), key: '', size: stats.size, identity: statIdentity(stats), dev: stats.dev, ino: stats.ino };
};

const arrayOf = (texts: string[]) => `[${texts.join(',')}]`;

test('an assembly is its parts end to end as a JSON array; no part, an empty one; its index is left in the state directory', async () => {
  await withTempDir((dir) => {
    const parts = partsIn(path.join(dir, 'tree'), { a: '{"n":"a"}', b: '{"n":"bé"}', c: '{}' });
    const { hash, stats } = writeAssembly(path.join(dir, 'dump.json'), path.join(dir, 'tree'), parts, dir);
    const bytes = readFileSync(path.join(dir, 'dump.json'));
    assert.is(bytes.toString(), arrayOf(['{"n":"a"}', '{"n":"bé"}', '{}']));
    assert.is(hash, contentHash(bytes));
    assert.is(stats.size, bytes.length);
    assert.equal(readdirSync(dir).filter((name) => name.startsWith('assembly-')), [`assembly-${hash}.json`]);
    writeAssembly(path.join(dir, 'empty.json'), path.join(dir, 'tree'), [], dir);
    assert.is(readFileSync(path.join(dir, 'empty.json'), 'utf8'), '[]');
  });
});

test('unchanged parts are copied from the previous file by its index, only the changed ones read; moved and new parts too', async () => {
  await withTempDir((dir) => {
    const texts: Record<string, string> = {};
    for (let i = 0; i < 40; i++) texts[`p${i}`] = `{"n":${i},"pad":"${'x'.repeat(i * 37)}"}`;
    const tree = path.join(dir, 'tree');
    const parts = partsIn(tree, texts);
    writeAssembly(path.join(dir, 'old.json'), tree, parts, dir);
    const previous = { file: path.join(dir, 'old.json'), checked: checkedOf(path.join(dir, 'old.json')) };
    // Every part's file now holds other bytes under its recorded hash: an assembly that read one
    // instead of copying it from the previous file would show them.
    for (const part of parts) writeFileSync(path.join(tree, part.path), '{"read":"not copied"}');
    const changed = '{"n":"seven"}';
    const [p7] = partsIn(tree, { p7: changed });
    const p40 = partsIn(tree, { p40: '{"n":40}' })[0]!;
    // p7 changed, p20 moved to the end, p40 is new, p3 is gone.
    const next = parts.filter((part) => part.path !== 'p3/index.json' && part.path !== 'p20/index.json').map((part) => (part.path === 'p7/index.json' ? p7! : part));
    next.push(parts[20]!, p40);
    const expected = arrayOf(next.map((part) => (part === p7 ? changed : part === p40 ? '{"n":40}' : texts[part.path.split('/')[0]!]!)));
    const { hash } = writeAssembly(path.join(dir, 'new.json'), tree, next, dir, previous);
    assert.is(readFileSync(path.join(dir, 'new.json'), 'utf8'), expected);
    assert.equal(readdirSync(dir).filter((name) => name.startsWith('assembly-')), [`assembly-${hash}.json`], 'only the new index is kept');
    // Its own index is right too: assembled again from it, with nothing changed, the same bytes.
    const again = writeAssembly(path.join(dir, 'again.json'), tree, next, dir, { file: path.join(dir, 'new.json'), checked: checkedOf(path.join(dir, 'new.json')) });
    assert.is(again.hash, hash);
  });
});

test('a previous file replaced since it was checked fails the build, naming it; an index of another file is not used', async () => {
  await withTempDir((dir) => {
    const tree = path.join(dir, 'tree');
    const parts = partsIn(tree, { a: '{"a":1}', b: '{"b":2}' });
    writeAssembly(path.join(dir, 'old.json'), tree, parts, dir);
    const checked = checkedOf(path.join(dir, 'old.json'));
    writeFileSync(path.join(dir, 'old.json.new'), '[{"a":9},{"b":9}]');
    renameSync(path.join(dir, 'old.json.new'), path.join(dir, 'old.json'));
    assert.throws(() => writeAssembly(path.join(dir, 'new.json'), tree, parts, dir, { file: path.join(dir, 'old.json'), checked }), /old\.json was replaced while the build used it/);
    // A previous file whose hash has no index: every part read from its file.
    const other = { file: path.join(dir, 'old.json'), checked: { ...checkedOf(path.join(dir, 'old.json')), hash: '0000000000000000' } };
    writeAssembly(path.join(dir, 'fresh.json'), tree, parts, dir, other);
    assert.is(readFileSync(path.join(dir, 'fresh.json'), 'utf8'), '[{"a":1},{"b":2}]');
  });
});

test.run();
