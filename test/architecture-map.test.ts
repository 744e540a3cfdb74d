import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './support/paths.js';

/**
 * docs/architecture.md maps every file of src/write and src/commands (what it decides, what it
 * reads and writes), and defines the writer's words once: a file added without its row, or a
 * row left for a file gone, fails here.
 */
const doc = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
const section = (heading: string) => doc.slice(doc.indexOf(heading), doc.indexOf('\n## ', doc.indexOf(heading) + 1));

test('the map names every file of src/write and src/commands, and no other', () => {
  const map = section('## The files of `src/write` and `src/commands`');
  const named = new Set([...map.matchAll(/`(?:(write|commands)\/)?([a-z-]+\.ts)`/g)].map((m) => m[2]!));
  const files = ['write', 'commands'].flatMap((dir) => readdirSync(path.join(ROOT, 'src', dir)).filter((name) => name.endsWith('.ts')));
  assert.equal(files.filter((file) => !named.has(file)), [], 'files without a row');
  assert.equal([...named].filter((file) => !files.includes(file)), [], 'rows without a file');
});

test('the glossary defines at most fifteen words, each once', () => {
  const words = [...section('## Words').matchAll(/^\| \*\*([a-z ]+)\*\* \|/gm)].map((m) => m[1]!);
  assert.ok(words.length > 0 && words.length <= 15, `${words.length} words`);
  assert.is(new Set(words).size, words.length);
});

test.run();
