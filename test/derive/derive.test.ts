import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { maintainersByHandle } from '../../src/derive/listings.js';
import { derivePorts } from '../../src/derive/ports.js';
import { allPorts } from '../support/records.js';
import type { PortEntries } from '../../src/catalogue/portindex/read-port-index.js';
import { validatePortIndex } from '../../src/catalogue/records/validate-portindex.js';
import { derive, records } from '../support/records.js';

const one = (source: Record<string, unknown>) => derive(source).get(String(source.name))!;

test('api: keys come in the published order', () => {
  const port = one({ name: 'zlib' });
  assert.equal(Object.keys(port), [
    'name', 'portdir', 'version', 'license', 'platforms', 'epoch', 'replaced_by', 'homepage', 'description',
    'long_description', 'active', 'categories', 'maintainers', 'variants', 'dependencies', 'depends_on',
  ]);
});

test('catalogue format: defaults for absent optional fields', () => {
  const port = one({ name: 'zlib' });
  assert.is(port.license, '');
  assert.is(port.platforms, 'darwin');
  assert.is(port.epoch, 0);
  assert.is(port.replaced_by, null);
  assert.is(port.homepage, '');
  assert.is(port.description, '');
  assert.is(port.long_description, '');
  assert.is(port.active, true);
  assert.equal(port.categories, []);
  assert.equal(port.maintainers, []);
  assert.equal(port.variants, []);
  assert.equal(port.dependencies, []);
  assert.equal(port.depends_on, []);
});

test('catalogue format: epoch as a digit string or an integer is published as an integer', () => {
  assert.is(one({ name: 'a', epoch: '007' }).epoch, 7);
  assert.is(one({ name: 'a', epoch: 3 }).epoch, 3);
  assert.is(one({ name: 'a', epoch: '0' }).epoch, 0);
});

test('catalogue format: license strings pass through; arrays are joined with and/or', () => {
  assert.is(one({ name: 'a', license: 'BSD' }).license, 'BSD');
  assert.is(one({ name: 'a', license: ['MIT', ['PSF', 'ZPL']] }).license, 'MIT and (PSF or ZPL)');
  assert.is(one({ name: 'a', license: ['GPL-2+', 'OpenSSL'] }).license, 'GPL-2+ and OpenSSL');
  assert.is(one({ name: 'a', license: [['Apache-2', 'MIT']] }).license, '(Apache-2 or MIT)');
});

test('catalogue format: platforms, replaced_by, active pass through', () => {
  const port = one({ name: 'a', platforms: 'darwin freebsd', replaced_by: 'b', active: false });
  assert.is(port.platforms, 'darwin freebsd');
  assert.is(port.replaced_by, 'b');
  assert.is(port.active, false);
});

test('catalogue format: categories keep source order, drop case-insensitive repeats, take the first catalogue spelling', () => {
  const ports = derive(
    { name: 'a', categories: ['Devel', 'net', 'devel'] },
    { name: 'b', categories: ['NET', 'devel', 'python'] },
  );
  assert.equal(ports.get('a')!.categories, ['Devel', 'net']);
  assert.equal(ports.get('b')!.categories, ['net', 'Devel', 'python']);
});

test('catalogue format: variants from `variants`, else from `vinfo`, repeats removed case-insensitively', () => {
  assert.equal(one({ name: 'a', variants: ['gui', 'GUI', 'x11'] }).variants, ['gui', 'x11']);
  assert.equal(one({ name: 'a', vinfo: [{ variant: 'ssl', is_default: '+' }, { variant: 'docs' }] }).variants, ['ssl', 'docs']);
  assert.equal(one({ name: 'a', variants: ['one'], vinfo: [{ variant: 'two' }] }).variants, ['one']);
  assert.equal(one({ name: 'a', vinfo: '{x11 {description {X11 support}}}' }).variants, []);
});

test('api: one maintainer per (name, domain, github) case-insensitively, first spelling, ports_count over all ports', () => {
  const ryan = { email: { name: 'ryandesign', domain: 'macports.org' }, github: 'ryandesign' };
  const ryanShouting = { email: { name: 'RyanDesign', domain: 'MacPorts.org' }, github: 'RYANDESIGN' };
  const otherDomain = { email: { name: 'ryandesign', domain: 'example.com' }, github: 'ryandesign' };
  const ports = derive(
    { name: 'a', maintainers: [ryan, ryanShouting] },
    { name: 'b', maintainers: [ryanShouting, { github: 'jmr' }], active: false },
    { name: 'c', maintainers: [otherDomain, { email: { name: 'x', domain: 'y.org' } }] },
  );
  assert.equal(ports.get('a')!.maintainers, [{ name: 'ryandesign', github: 'ryandesign', ports_count: 2 }]);
  assert.equal(ports.get('b')!.maintainers, [
    { name: 'ryandesign', github: 'ryandesign', ports_count: 2 },
    { name: '', github: 'jmr', ports_count: 1 },
  ]);
  assert.equal(ports.get('c')!.maintainers, [
    { name: 'ryandesign', github: 'ryandesign', ports_count: 1 },
    { name: 'x', github: '', ports_count: 1 },
  ]);
});

test('api: all four dependency forms name the port after the last colon', () => {
  const ports = derive(
    { name: 'a', depends_lib: ['port:b', 'lib:libc.dylib:c', 'bin:d:d', 'path:lib/pkgconfig/e.pc:e'] },
    { name: 'b' }, { name: 'c' }, { name: 'd' }, { name: 'e' },
  );
  assert.equal(ports.get('a')!.dependencies, [{ type: 'lib', ports: ['b', 'c', 'd', 'e'] }]);
});

test('api: kinds in the order lib, extract, run, patch, build, test, fetch; empty kinds left out', () => {
  const ports = derive(
    {
      name: 'a',
      depends_fetch: ['port:f'], depends_test: ['port:t'], depends_build: ['port:b'], depends_patch: ['port:p'],
      depends_run: ['port:r'], depends_extract: ['port:x'], depends_lib: ['port:l'],
    },
    { name: 'f' }, { name: 't' }, { name: 'b' }, { name: 'p' }, { name: 'r' }, { name: 'x' }, { name: 'l' },
  );
  assert.equal(ports.get('a')!.dependencies.map((d) => d.type), ['lib', 'extract', 'run', 'patch', 'build', 'test', 'fetch']);
  assert.equal(derive({ name: 'solo', depends_lib: [] }).get('solo')!.dependencies, []);
});

test('api: names resolve case-insensitively to the catalogue spelling; duplicates after resolution removed', () => {
  const ports = derive({ name: 'app', depends_lib: ['port:sdl2', 'lib:libSDL2:SDL2', 'port:zlib', 'port:SDL2'] }, { name: 'SDL2' }, { name: 'zlib' });
  assert.equal(ports.get('app')!.dependencies, [{ type: 'lib', ports: ['SDL2', 'zlib'] }]);
});

test('api: unresolved names are dropped and reported as warnings with their JSON path', () => {
  const { ports, warnings } = derivePorts(records({ name: 'a', depends_build: ['port:zlib', 'port:ghost'] }, { name: 'zlib' }), 'catalogue/portindex.json');
  assert.equal(ports.at(0).dependencies, [{ type: 'build', ports: ['zlib'] }]);
  assert.equal(warnings.map((w) => [w.code, w.file, w.location, w.severity]), [
    ['unresolved-dependency', 'catalogue/portindex.json', { path: 'ports[0].depends_build[1]' }, 'warning'],
  ]);
});

test('api: depends_on is the exact reverse, per kind, sorted by code unit', () => {
  const ports = derive(
    { name: 'zlib' },
    { name: 'apr', depends_lib: ['port:zlib'] },
    { name: 'Zeta', depends_lib: ['port:ZLIB'], depends_build: ['port:zlib'] },
    { name: 'curl', depends_lib: ['port:zlib', 'port:zlib'], depends_test: ['port:zlib'] },
  );
  assert.equal(ports.get('zlib')!.depends_on, [
    { type: 'lib', ports: ['Zeta', 'apr', 'curl'] },
    { type: 'build', ports: ['Zeta'] },
    { type: 'test', ports: ['curl'] },
  ]);
});

test('catalogue format: self-dependencies and cycles are valid', () => {
  const ports = derive({ name: 'a', depends_run: ['port:a', 'port:b'] }, { name: 'b', depends_run: ['port:a'] });
  assert.equal(ports.get('a')!.dependencies, [{ type: 'run', ports: ['a', 'b'] }]);
  assert.equal(ports.get('a')!.depends_on, [{ type: 'run', ports: ['a', 'b'] }]);
  assert.equal(ports.get('b')!.depends_on, [{ type: 'run', ports: ['a'] }]);
});

test('ports read from their text keep no own fields: they are read again, the same, when a file is made', () => {
  const texts = [
    { name: 'zlib', portdir: 'archivers/zlib', version: '1.3', license: ['MIT', ['PSF', 'ZPL']], description: 'compression', variants: ['universal'] },
    { name: 'curl', portdir: 'net/curl', version: '8.0', epoch: '2', replaced_by: 'curl2', active: false, depends_lib: ['port:zlib'], vinfo: [{ variant: 'ssl' }] },
  ].map((port) => JSON.stringify(port));
  let readAgain = 0;
  const entries = (again: boolean): PortEntries => ({
    count: texts.length,
    take: (index) => JSON.parse(texts[index]!) as unknown,
    textHash: (index) => `hash${index}`,
    again: again ? (index) => (readAgain++, JSON.parse(texts[index]!) as unknown) : undefined,
  });
  const kept = validatePortIndex({ info: {}, ports: [] }, 'portindex.json', entries(false));
  const reread = validatePortIndex({ info: {}, ports: [] }, 'portindex.json', entries(true));
  assert.equal(kept.problems, []);
  assert.ok(kept.records.every((record) => record.own !== undefined));
  assert.ok(reread.records.every((record) => record.own === undefined));
  assert.is(readAgain, 0);
  const made = allPorts(derivePorts(reread.records, 'portindex.json', reread.ownOf).ports);
  assert.is(readAgain, 2);
  assert.equal(made, allPorts(derivePorts(kept.records, 'portindex.json').ports));
  assert.equal([made[0]!.license, made[1]!.epoch, made[1]!.replaced_by, made[1]!.active, made[1]!.variants], ['MIT and (PSF or ZPL)', 2, 'curl2', false, ['ssl']]);
  assert.throws(() => derivePorts(reread.records, 'portindex.json').ports.at(0), /zlib was read without its own fields/);
});

test('categories: in order of first appearance, first spelled; every port counted once, active ports listed apart', () => {
  const { ports } = derivePorts(
    records(
      { name: 'a', categories: ['Devel', 'net', 'DEVEL'] },
      { name: 'b', categories: ['devel'], active: false },
      { name: 'c', categories: ['NET', 'python'] },
    ),
    'portindex.json',
  );
  assert.equal(ports.categoryListings(), [
    { name: 'Devel', portsCount: 2, active: ['a'] },
    { name: 'net', portsCount: 2, active: ['a', 'c'] },
    { name: 'python', portsCount: 1, active: ['c'] },
  ]);
});

test('maintainers: each person with their active ports; a handle stands for every person who has it, none for no handle', () => {
  const { ports } = derivePorts(
    records(
      { name: 'a', maintainers: [{ email: { name: 'jmr', domain: 'macports.org' }, github: 'jmr' }, { github: 'solo' }] },
      { name: 'b', maintainers: [{ email: { name: 'jeremy', domain: 'example.org' }, github: 'jmr' }], active: false },
      { name: 'c', maintainers: [{ email: { name: 'JMR', domain: 'MacPorts.org' }, github: 'JMR' }, { email: { name: 'nohandle', domain: 'x.org' } }] },
    ),
    'portindex.json',
  );
  const listings = ports.maintainerListings();
  assert.equal(
    listings.map(({ person, active }) => [person.name, person.github, person.ports_count, active]),
    [
      ['jmr', 'jmr', 2, ['a', 'c']],
      ['', 'solo', 1, ['a']],
      ['jeremy', 'jmr', 1, []],
      ['nohandle', '', 1, ['c']],
    ],
  );
  const byHandle = maintainersByHandle(listings);
  assert.equal([...byHandle.keys()], ['jmr', 'solo']);
  assert.equal(byHandle.get('jmr')!.map((m) => m.person.name), ['jmr', 'jeremy']);
});

test.run();
