import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTclList, substituteBackslashes } from '../../src/catalogue/tcl-list.js';

/** Each row: the list text and the elements Tcl 8.6 (`llength`, `foreach`) makes of it. */
const LISTS: Array<[string, string[]]> = [
  ['', []],
  [' \t\n\v\f\r ', []],
  ['a b  c', ['a', 'b', 'c']],
  ['a\tb\nc\vd\fe\rf', ['a', 'b', 'c', 'd', 'e', 'f']],
  // Only ASCII white space separates: a no-break space or an ideographic space does not.
  ['a\u00a0b a\u3000b', ['a\u00a0b', 'a\u3000b']],
  // Braces: nesting, verbatim content.
  ['{a b} c', ['a b', 'c']],
  ['{} {{}} ""', ['', '{}', '']],
  ['{a {b {c}}} d', ['a {b {c}}', 'd']],
  ['{a\\}b} {a\\{b}', ['a\\}b', 'a\\{b']],
  ['{a \\n b}', ['a \\n b']],
  ['{a\\\n   b} c', ['a\\\n   b', 'c']],
  ['{a "b" c}', ['a "b" c']],
  ['{café 中文 🙂}', ['café 中文 🙂']],
  // Quotes: backslash substitution, white space kept.
  ['"a b" c', ['a b', 'c']],
  ['"a\\"b" c', ['a"b', 'c']],
  ['"a {b" c', ['a {b', 'c']],
  ['"a\\\n   b" c', ['a b', 'c']],
  ['"line\nbreak"', ['line\nbreak']],
  ['"\\u00e9t\\u00e9"', ['été']],
  // Bare words: backslash substitution; braces and quotes inside are plain characters.
  ['a{b c}', ['a{b', 'c}']],
  ['a"b', ['a"b']],
  ['\\{a', ['{a']],
  ['a\\ b', ['a b']],
  ['a\\\n   b c', ['a b', 'c']],
  ['a\\\n\t \tb', ['a b']],
  ['\\a\\b\\f\\n\\r\\t\\v', ['\x07\b\f\n\r\t\v']],
  ['\\x41 \\x414 \\x4 \\x \\xg', ['A', 'A4', '\x04', 'x', 'xg']],
  ['\\u00e9 \\u4e2d \\u41 \\u \\u00e9f', ['é', '中', 'A', 'u', 'éf']],
  ['\\U41 \\U0001F600 \\U', ['A', '\ufffd', 'U']],
  ['\\101 \\0 \\7 \\377 \\777 \\1018', ['A', '\0', '\x07', '\xff', '?7', 'A8']],
  ['\\q \\\\ \\é', ['q', '\\', 'é']],
  ['a\\', ['a\\']],
];

for (const [input, elements] of LISTS) {
  test(`tcl list: ${JSON.stringify(input)}`, () => {
    assert.equal(parseTclList(input), { ok: true, elements });
  });
}

/** Lists Tcl refuses: its message, and the offset of the trouble. */
const REFUSED: Array<[string, number, string]> = [
  ['{a', 0, 'unmatched open brace in list'],
  ['x {a {b}', 2, 'unmatched open brace in list'],
  ['{a\\}', 0, 'unmatched open brace in list'],
  ['"a', 0, 'unmatched open quote in list'],
  ['x "a\\"', 2, 'unmatched open quote in list'],
  ['{a}b', 3, 'list element in braces followed by "b" instead of space'],
  ['{a}{b}', 3, 'list element in braces followed by "{b}" instead of space'],
  ['"a"b c', 3, 'list element in quotes followed by "b" instead of space'],
];

for (const [input, offset, message] of REFUSED) {
  test(`tcl list refused: ${JSON.stringify(input)}`, () => {
    assert.equal(parseTclList(input), { ok: false, offset, message });
  });
}

test('tcl list: an element that is a list is parsed again on demand', () => {
  const outer = parseTclList('maintainers {{jane@example.org @jane} openmaintainer}');
  assert.ok(outer.ok);
  const maintainers = outer.ok ? parseTclList(outer.elements[1]!) : undefined;
  assert.equal(maintainers, { ok: true, elements: ['jane@example.org @jane', 'openmaintainer'] });
});

test('backslash substitution alone', () => {
  assert.is(substituteBackslashes('no backslash'), 'no backslash');
  assert.is(substituteBackslashes('C:\\path\\to'), 'C:path\to');
});

test.run();
