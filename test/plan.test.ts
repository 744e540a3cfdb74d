import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { placeBytes, planFiles, unwanted, type Previous } from '../src/write/plan.js';
import type { Checked } from '../src/write/trust.js';

const held = (key: string, hash = `h-${key}`, size = 10): Checked => ({ hash, key, size, identity: `i-${key}`, dev: 1, ino: 1 });
const tree = (entries: Record<string, Checked | null>) => new Map(Object.entries(entries));
const wanted = (entries: Record<string, string | undefined>) => new Map(Object.entries(entries));

test('a file the spare holds under the same key is kept; the live tree, linked; anything else, made', () => {
  const previous: Previous = {
    spare: tree({ 'a/1': held('k1'), 'a/2': held('old') }),
    live: tree({ 'a/2': held('k2'), 'a/3': held('other') }),
    liveKeys: true,
    spareKeys: true,
  };
  const plan = planFiles(wanted({ 'a/1': 'k1', 'a/2': 'k2', 'a/3': 'k3', 'a/4': undefined }), previous);
  assert.equal(plan, { keep: ['a/1'], link: ['a/2'], render: ['a/3', 'a/4'] });
});

test('keys made by other code are never compared (see code-fingerprint)', () => {
  const previous: Previous = { spare: tree({ x: held('k') }), live: tree({ x: held('k') }), liveKeys: false, spareKeys: false };
  assert.equal(planFiles(wanted({ x: 'k' }), previous).render, ['x']);
});

test('a file that cannot be trusted (null) is never kept or linked', () => {
  const previous: Previous = { spare: tree({ x: null }), live: tree({ x: null }), liveKeys: true, spareKeys: true };
  assert.equal(planFiles(wanted({ x: 'k' }), previous).render, ['x']);
});

test('what the spare holds that the build does not want goes, each unused directory whole', () => {
  const previous: Previous = {
    spare: tree({ 'api/v1/ports/gone/index.json': held('a'), 'api/v1/ports/kept/index.json': held('b'), 'api/v1/files/page-9.json': null, 'top.json': held('c') }),
    liveKeys: true,
    spareKeys: true,
  };
  const files = wanted({ 'api/v1/ports/kept/index.json': 'b', 'api/v1/files/page-1.json': 'p' });
  assert.equal(planFiles(files, previous).keep, ['api/v1/ports/kept/index.json']);
  assert.equal(unwanted(previous.spare!.keys(), files).sort(), ['api/v1/files/page-9.json', 'api/v1/ports/gone', 'top.json']);
});

test('a file where a directory is now wanted is not removed after the fact: making the directory replaces it', () => {
  assert.equal(unwanted(['x', 'x/z', 'w/v'], wanted({ 'x/y': 'k' })), ['x/z', 'w']);
});

test('with no previous tree every file is made; a whole listed directory nothing wanted is in goes', () => {
  const plan = planFiles(wanted({ a: 'k', b: undefined }), { liveKeys: false, spareKeys: false });
  assert.equal(plan, { keep: [], link: [], render: ['a', 'b'] });
  assert.equal(unwanted(['x/y/z', 'x/w'], wanted({ 'x/y/v': 'k' })), ['x/y/z', 'x/w']);
});

test('bytes made go where the same bytes already are: the spare, else the live tree, else a write', () => {
  const previous = { spare: tree({ f: held('', 'h1', 3) }), live: tree({ f: held('', 'h2', 4), g: held('', 'h3', 5) }) };
  assert.is(placeBytes('f', 'h1', 3, previous), 'keep');
  assert.is(placeBytes('f', 'h2', 4, previous), 'link');
  assert.is(placeBytes('f', 'h9', 3, previous), 'write');
  assert.is(placeBytes('g', 'h3', 6, previous), 'write'); // the same hash but another size: not trusted
  assert.is(placeBytes('g', 'h3', 5, { live: tree({ g: null }) }), 'write');
});

test.run();
