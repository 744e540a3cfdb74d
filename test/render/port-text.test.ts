import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { derivePorts, type PortList } from '../../src/derive/ports.js';
import { toJsonText } from '../../src/render/json-text.js';
import { PortTexts } from '../../src/render/port-text.js';
import { toPortRecord } from '../../src/catalogue/records/port-record.js';
import { portSchema } from '../../src/catalogue/records/port-schema.js';

/**
 * The ports derived from records as the build makes them: `escapeFree` when the port's text in
 * portindex.json (as a converter writes it: JSON.stringify here) has no backslash.
 */
function portList(sources: Array<Record<string, unknown>>): PortList {
  const records = sources.map((source, i) => {
    const full = { portdir: `devel/${String(source.name)}`, version: '1.0', ...source };
    return toPortRecord(portSchema.parse(full), i, !JSON.stringify(full).includes('\\'));
  });
  return derivePorts(records, 'portindex.json').ports;
}

function textsOf(ports: PortList): string[] {
  const texts = new PortTexts();
  return Array.from({ length: ports.length }, (_, i) => texts.of(ports.at(i), ports.escapeFreeAt(i)));
}

function texts(sources: Array<Record<string, unknown>>): string[] {
  return textsOf(portList(sources));
}

test('docs/api.md, 2.4: a port file written key by key, by hand from the spec', () => {
  const [zlib, curl] = texts([
    { name: 'zlib', version: '1.3', epoch: '1', license: ['MIT', ['PSF', 'ZPL']], categories: ['archivers'], variants: ['universal'], description: 'Müller\u2028日本', maintainers: [{ github: 'ryandesign' }] },
    { name: 'curl', categories: ['net', 'Archivers'], depends_lib: ['port:zlib', 'lib:libz:zlib'], depends_build: ['bin:pkg-config:pkgconfig'], active: false, replaced_by: 'curl2', maintainers: [{ email: { name: 'jmr', domain: 'macports.org' } }, { github: 'RyanDesign' }] },
  ]);
  assert.is(
    zlib,
    '{"name":"zlib","portdir":"devel/zlib","version":"1.3","license":"MIT and (PSF or ZPL)","platforms":"darwin","epoch":1,"replaced_by":null,' +
      '"homepage":"","description":"Müller\\u2028日本","long_description":"","active":true,"categories":["archivers"],' +
      '"maintainers":[{"name":"","github":"ryandesign","ports_count":2}],"variants":["universal"],"dependencies":[],' +
      '"depends_on":[{"type":"lib","ports":["curl"]}]}',
  );
  assert.is(
    curl,
    '{"name":"curl","portdir":"devel/curl","version":"1.0","license":"","platforms":"darwin","epoch":0,"replaced_by":"curl2",' +
      '"homepage":"","description":"","long_description":"","active":false,"categories":["net","archivers"],' +
      '"maintainers":[{"name":"jmr","github":"","ports_count":1},{"name":"","github":"ryandesign","ports_count":2}],"variants":[],' +
      '"dependencies":[{"type":"lib","ports":["zlib"]}],"depends_on":[]}',
  );
});

test('a port whose text has escapes: its strings, and those other ports share with it, escaped as docs/api.md says', () => {
  const [quoted, shares] = texts([
    { name: 'quoted', description: 'say "hi"\t\\ \u0001/', categories: ['Net"work'], variants: ['a"b'], maintainers: [{ github: 'a"b\\c' }] },
    { name: 'shares', categories: ['net"WORK'], maintainers: [{ github: 'A"B\\C' }], depends_run: ['port:quoted'] },
  ]);
  assert.is(
    quoted,
    '{"name":"quoted","portdir":"devel/quoted","version":"1.0","license":"","platforms":"darwin","epoch":0,"replaced_by":null,' +
      '"homepage":"","description":"say \\"hi\\"\\t\\\\ \\u0001/","long_description":"","active":true,"categories":["Net\\"work"],' +
      '"maintainers":[{"name":"","github":"a\\"b\\\\c","ports_count":2}],"variants":["a\\"b"],"dependencies":[],' +
      '"depends_on":[{"type":"run","ports":["shares"]}]}',
  );
  assert.is(
    shares,
    '{"name":"shares","portdir":"devel/shares","version":"1.0","license":"","platforms":"darwin","epoch":0,"replaced_by":null,' +
      '"homepage":"","description":"","long_description":"","active":true,"categories":["Net\\"work"],' +
      '"maintainers":[{"name":"","github":"a\\"b\\\\c","ports_count":2}],"variants":[],' +
      '"dependencies":[{"type":"run","ports":["quoted"]}],"depends_on":[]}',
  );
});

// Any text, with or without characters to escape: the file is what JSON.stringify and docs/api.md's
// separators make of the port's resource.
const text = fc.string({ unit: fc.constantFrom('a', 'é', '日', '🎉', '\u2028', '\u2029', '"', '\\', '\n', '\u0001', '\u007f', '/', ' ', ',') });
const names = ['zlib', 'curl', 'Perl5', 'py-foo'];
const spec = fc.constantFrom(...names, 'ZLIB', 'missing').chain((name) => fc.constantFrom(`port:${name}`, `lib:libx:${name}`, `bin:x:${name}`));
const port = (name: string) =>
  fc.record(
    {
      name: fc.constant(name),
      version: text,
      license: fc.oneof(text, fc.array(fc.oneof(text, fc.array(text, { maxLength: 2 })), { maxLength: 3 })),
      platforms: text,
      epoch: fc.oneof(fc.nat(), fc.nat().map(String)),
      // A port name or none (the schema's rule): the pages link to it.
      replaced_by: fc.constantFrom('', ...names, 'gone', 'libsigc++', 'kde-i18n-sr@Latn'),
      homepage: text,
      description: text,
      long_description: text,
      active: fc.boolean(),
      categories: fc.array(fc.oneof(text, fc.constantFrom('net', 'NET')), { maxLength: 3 }),
      variants: fc.array(text, { maxLength: 3 }),
      maintainers: fc.array(fc.record({ email: fc.record({ name: text, domain: fc.constantFrom('macports.org', 'MacPorts.org') }), github: fc.oneof(text, fc.constantFrom('ryan', 'RYAN')) }, { requiredKeys: [] }), { maxLength: 3 }),
      depends_lib: fc.array(spec, { maxLength: 3 }),
      depends_build: fc.array(spec, { maxLength: 3 }),
    },
    { requiredKeys: ['name'] },
  );

test('any port: the file is toJsonText of its resource, whether its own text needs escapes or not', () => {
  fc.assert(
    fc.property(fc.tuple(...names.map(port)), (sources) => {
      const ports = portList(sources);
      textsOf(ports).forEach((text, i) => assert.is(text, toJsonText(ports.at(i))));
    }),
    { numRuns: 300 },
  );
});

test.run();
