import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { changeRecord } from '../../src/derive/change-record.js';
import { mergePorts } from '../../src/derive/merge-ports.js';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/**
 * The record of changes (`changes.ndjson`, a line per import that changed a port) and the feeds
 * a build makes of it: the Atom feed checked by Debian's feedparser (which CI installs with
 * python3-feedparser: Debian's own python, not another on the PATH) and xmllint.
 */
const HISTORY = path.join(FIXTURES, 'import-history');
const DATES = ['2026-11-01T06:00:00Z', '2026-11-08T06:00:00Z', '2026-11-15T08:00:00+02:00'];
const PYTHON = '/usr/bin/python3';

/** The three snapshots imported in turn with their dates, then one build. */
async function history(dir: string): Promise<void> {
  for (const [i, date] of DATES.entries()) {
    cpSync(path.join(HISTORY, `PortIndex-${i + 1}`), path.join(dir, 'PortIndex'));
    const imported = await runCli(['import', 'PortIndex', '--date', date], { cwd: dir });
    assert.is(imported.code, 0, imported.stderr);
  }
}

const build = (dir: string) => runCli(['build', '--quiet', '--no-builds', '--base-url', 'https://ports.example.org'], { cwd: dir });

test('three imports give the feed entries written by hand, newest first; Atom parses in feedparser without complaint and is well-formed XML', async () => {
  await withTempDir(async (dir) => {
    await history(dir);
    const lines = readFileSync(path.join(dir, 'catalogue/changes.ndjson'), 'utf8').trimEnd().split('\n');
    assert.is(lines.length, 3, 'a line per import');
    assert.equal(JSON.parse(lines[1]!), {
      date: '2026-11-08T06:00:00Z',
      added: [{ name: 'newport', version: '0.1', revision: 0 }],
      updated: [
        { name: 'zlib', fields: ['version'], before: { version: '1.3', revision: 0 }, after: { version: '1.3.1', revision: 0 } },
        { name: 'SDL2', fields: ['version'], before: { version: '2.28.0', revision: 0 }, after: { version: '2.30.0', revision: 0 } },
      ],
      retired: [{ name: 'oldtool', version: '1.0', revision: 0 }],
      returned: [],
    });
    const again = await runCli(['import', 'PortIndex'], { cwd: dir });
    assert.is(again.code, 0);
    assert.is(readFileSync(path.join(dir, 'catalogue/changes.ndjson'), 'utf8').trimEnd().split('\n').length, 3, 'an import that changes nothing appends nothing');

    const run = await build(dir);
    assert.is(run.code, 0, run.stderr);
    const site = path.join(dir, 'dist');
    assert.equal(JSON.parse(readFileSync(path.join(site, 'feeds/updates.json'), 'utf8')), JSON.parse(readFileSync(path.join(HISTORY, 'expected-updates.json'), 'utf8')));

    const atom = path.join(site, 'feeds/updates.atom');
    execFileSync('xmllint', ['--noout', atom]);
    const script = 'import feedparser, json, sys\nf = feedparser.parse(sys.argv[1])\nprint(json.dumps({"bozo": int(f.bozo), "version": f.version, "ids": [e.id for e in f.entries], "titles": [e.title for e in f.entries], "links": [e.link for e in f.entries]}))';
    const parsed = JSON.parse(execFileSync(PYTHON, ['-c', script, atom], { encoding: 'utf8' })) as { bozo: number; version: string; ids: string[]; titles: string[]; links: string[] };
    const expected = JSON.parse(readFileSync(path.join(HISTORY, 'expected-updates.json'), 'utf8')) as { items: Array<{ id: string; title: string; url: string }> };
    assert.equal(parsed, { bozo: 0, version: 'atom10', ids: expected.items.map((item) => item.id), titles: expected.items.map((item) => item.title), links: expected.items.map((item) => item.url) });
    // Debian's feedparser (6.0) reads no JSON Feed: the JSON one is held to JSON Feed 1.1's rules here.
    const jsonFeed = z.object({
      version: z.literal('https://jsonfeed.org/version/1.1'),
      title: z.string(),
      home_page_url: z.url(),
      feed_url: z.url(),
      items: z.array(z.strictObject({ id: z.string(), url: z.url(), external_url: z.url(), title: z.string(), content_text: z.string(), date_published: z.iso.datetime() })),
    });
    assert.ok(jsonFeed.safeParse(JSON.parse(readFileSync(path.join(site, 'feeds/updates.json'), 'utf8'))).success);

    // The browser's page announces both feeds.
    const page = readFileSync(path.join(site, 'index.html'), 'utf8');
    assert.match(page, '<link rel="alternate" type="application/atom+xml" title="Port updates: ports.example.org" href="feeds/updates.atom">');
    assert.match(page, '<link rel="alternate" type="application/feed+json" title="Port updates: ports.example.org" href="feeds/updates.json">');

    // The same record, the same bytes: a rebuild keeps the feeds.
    const inode = statSync(atom).ino;
    assert.is((await build(dir)).code, 0);
    assert.is(statSync(atom).ino, inode);
  });
});

test("on a site with pages for people, each entry links the port's own page, which the site has; without pages, the browser's fragment route", async () => {
  await withTempDir(async (dir) => {
    await history(dir);
    const run = await runCli(['build', '--quiet', '--no-builds', '--pages', '--base-url', 'https://ports.example.org'], { cwd: dir });
    assert.is(run.code, 0, run.stderr);
    const site = path.join(dir, 'dist');
    const items = (JSON.parse(readFileSync(path.join(site, 'feeds/updates.json'), 'utf8')) as { items: Array<{ url: string; title: string }> }).items;
    const names = items.map((item) => item.title.split(' ')[0]!);
    assert.equal(items.map((item) => item.url), names.map((name) => `https://ports.example.org/port/${encodeURIComponent(name)}/`));
    for (const name of names) assert.ok(existsSync(path.join(site, 'port', name, 'index.html')), `the page of ${name}`);
    const atom = readFileSync(path.join(site, 'feeds/updates.atom'), 'utf8');
    assert.equal([...atom.matchAll(/<link rel="alternate" type="text\/html" href="([^"]*)"\/>/g)].map((m) => m[1]).slice(1), items.map((item) => item.url), 'the Atom entries alike');
    assert.not.match(atom, '/#/');

    assert.is((await build(dir)).code, 0);
    const plain = (JSON.parse(readFileSync(path.join(site, 'feeds/updates.json'), 'utf8')) as { items: Array<{ url: string }> }).items;
    assert.equal(plain.map((item) => item.url), names.map((name) => `https://ports.example.org/#/ports/${encodeURIComponent(name)}`));
  });
});

test('no record of changes: no feeds, no warning, and the page names none; a damaged line fails the build, naming it', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(HISTORY, 'PortIndex-1'), path.join(dir, 'PortIndex'));
    assert.is((await runCli(['import', 'PortIndex', '--date', '2026-11-01'], { cwd: dir })).code, 0);
    const record = path.join(dir, 'catalogue/changes.ndjson');
    assert.match(readFileSync(record, 'utf8'), /^\{"date":"2026-11-01T00:00:00Z","added":\[/);
    execFileSync('mv', [record, `${record}.kept`]);
    const plain = await runCli(['build', '--no-builds', '--json'], { cwd: dir });
    assert.equal([plain.code, plain.stdout], [0, '[]\n']);
    assert.not.ok(existsSync(path.join(dir, 'dist/feeds')));
    assert.not.ok(readFileSync(path.join(dir, 'dist/index.html'), 'utf8').includes('application/atom+xml'));

    writeFileSync(record, `${readFileSync(`${record}.kept`, 'utf8')}{"date":"yesterday","added":[],"updated":[],"retired":[],"returned":[]}\nnot json\n`);
    const damaged = await runCli(['build', '--no-builds'], { cwd: dir });
    assert.is(damaged.code, 1);
    assert.match(damaged.stderr, 'catalogue/changes.ndjson:2: date: error: expected a date and time in ISO 8601, in UTC');
    assert.match(damaged.stderr, 'catalogue/changes.ndjson:3: error: expected a record of one import as ports-gen import writes it (a JSON object), found a line that is not JSON');
    assert.is(readFileSync(path.join(dir, 'dist/index.html'), 'utf8').includes('application/atom+xml'), false, 'the previous site is untouched');

    const bad = await runCli(['import', 'PortIndex', '--date', 'soon'], { cwd: dir });
    assert.equal([bad.code, bad.stderr], [2, 'ports-gen: --date must be an ISO 8601 date, as 2026-11-29 or 2026-11-29T08:00:00Z, got "soon"\n']);
  });
});

test('a record names the source\'s info, every field that changed, and versions as MacPorts has them', () => {
  const port = (fields: Record<string, unknown>) => ({ name: String(fields.name), text: JSON.stringify(fields), active: fields.active !== false });
  const existing = [port({ name: 'zlib', portdir: 'archivers/zlib', version: '1.3', revision: '1' }), port({ name: 'gone', version: '2', active: false })];
  const incoming = [
    { name: 'zlib', text: JSON.stringify({ name: 'zlib', portdir: 'archivers/zlib', version: '1.3', revision: '2', homepage: 'https://zlib.net' }) },
    { name: 'gone', text: JSON.stringify({ name: 'gone', version: '3', revision: 4 }) },
  ];
  const { texts, changes } = mergePorts(existing, incoming);
  const record = changeRecord(existing, texts, changes, '2026-11-29T00:00:00Z', { commit: 'abc123' });
  assert.equal(record, {
    date: '2026-11-29T00:00:00Z',
    info: { commit: 'abc123' },
    added: [],
    updated: [{ name: 'zlib', fields: ['revision', 'homepage'], before: { version: '1.3', revision: 1 }, after: { version: '1.3', revision: 2 } }],
    retired: [],
    returned: [{ name: 'gone', version: '3', revision: 4 }],
  });
  assert.is(changeRecord(existing, existing.map((p) => p.text), { added: [], updated: [], unchanged: ['zlib'], retired: [], returned: [], kept: [] }, '2026-11-29T00:00:00Z', undefined), undefined);
});

test.run();
