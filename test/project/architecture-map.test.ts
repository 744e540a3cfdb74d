import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../support/paths.js';

/**
 * docs/architecture.md maps every file of src/, a row per folder, and defines its words once: a
 * file added without its entry, or an entry left for a file gone, fails here.
 */
const doc = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
const section = (heading: string) => doc.slice(doc.indexOf(heading), doc.indexOf('\n## ', doc.indexOf(heading) + 1) === -1 ? undefined : doc.indexOf('\n## ', doc.indexOf(heading) + 1));

/** Every `.ts` file below src/, as `folder/file.ts`. */
function sources(dir = ''): string[] {
  return readdirSync(path.join(ROOT, 'src', dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [`${dir}/${entry.name}`] : [],
  );
}

test('the map names every file of src/ in its folder\'s row, and no other', () => {
  const rows = new Map([...section('## The files').matchAll(/^\| `([a-z/]+)\/` \| (.*) \|$/gm)].map((m) => [m[1]!, new Set([...m[2]!.matchAll(/`([a-z0-9-]+\.ts)`/g)].map((n) => n[1]!))]));
  const files = sources();
  assert.equal(files.filter((file) => !rows.get(path.dirname(file))?.has(path.basename(file))), [], 'files without an entry');
  const named = [...rows].flatMap(([folder, names]) => [...names].map((name) => `${folder}/${name}`));
  assert.equal(named.filter((file) => !files.includes(file)), [], 'entries without a file');
});

test('the document stays a map for the next engineer: about 250 lines at most', () => {
  assert.ok(doc.split('\n').length <= 260, `${doc.split('\n').length} lines`);
});

test('the glossary defines at most fifteen words, each once', () => {
  const words = [...section('## Words').matchAll(/^\| \*\*([a-z ]+)\*\* \|/gm)].map((m) => m[1]!);
  assert.ok(words.length > 0 && words.length <= 15, `${words.length} words`);
  assert.is(new Set(words).size, words.length);
});

test.run();
