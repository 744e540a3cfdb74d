import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonDump } from '../../scripts/synth/json-dump.js';
import { jsonWrite } from '../../scripts/synth/json-write.js';

// Written by hand from tcllib's json_write.tcl (indented and aligned, its defaults), which
// MacPorts' portindex2json uses: synth-catalogue and the benchmark write this layout.

test("objects have a key per line, indented by four and aligned; arrays are compact; a nested value is indented with its key's line", () => {
  const text = jsonWrite({
    info: { generator: 'x' },
    ports: [
      {
        name: 'zlib',
        depends_lib: ['port:a', 'port:b'],
        maintainers: [{ email: { name: 'ryan', domain: 'macports.org' }, github: 'ryan' }],
        closedmaintainer: false,
      },
      { name: 'xz' },
    ],
  });
  const expected = [
    '{',
    '    "info"  : {',
    '        "generator" : "x"',
    '    },',
    '    "ports" : [{',
    '        "name"             : "zlib",',
    '        "depends_lib"      : ["port:a","port:b"],',
    '        "maintainers"      : [{',
    '            "email"  : {',
    '                "name"   : "ryan",',
    '                "domain" : "macports.org"',
    '            },',
    '            "github" : "ryan"',
    '        }],',
    '        "closedmaintainer" : false',
    '    },{',
    '        "name" : "xz"',
    '    }]',
    '}',
  ].join('\n');
  assert.is(text, expected);
});

test('empty objects and arrays stay on their line; DEL and the C1 controls are escaped as json::write escapes them', () => {
  assert.is(jsonWrite({ a: {}, b: [], c: 'x\u007fy\u0085"\n' }), '{\n    "a" : {},\n    "b" : [],\n    "c" : "x\\u007fy\\u0085\\"\\n"\n}');
});

test("json.dump's layout: one line, a space after each comma and colon, non-ASCII as \\uXXXX (a pair for astral characters)", () => {
  // What Python 3's json.dumps gives for the same value, written out by hand.
  const expected = '{"name": "caf\\u00e9", "ports": [1, 2.5, null, true], "notes": "\\ud834\\udd1e \\"q\\" \\n\\u0001\\u007f", "empty": {}, "none": []}';
  const value = { name: 'café', ports: [1, 2.5, null, true], notes: '𝄞 "q" \n\u0001\u007f', empty: {}, none: [] };
  assert.is(jsonDump(value), expected);
  assert.equal(JSON.parse(expected), value);
});

test.run();
