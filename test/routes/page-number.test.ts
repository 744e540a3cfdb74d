import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pythonInt, resolvePage } from '../../src/routes/page-number.js';

// What CPython's int(text) returns, written from the language reference (PEP 515, str.isspace).
const INT_CASES: Array<[string, bigint | undefined]> = [
  ['1', 1n], ['01', 1n], ['007', 7n], [' 2 ', 2n], ['\t3\n', 3n], ['+4', 4n], ['-1', -1n], ['1_000', 1000n],
  ['\u00a05\u3000', 5n], ['٣', 3n], ['１２', 12n], ['𝟕', 7n],
  ['', undefined], [' ', undefined], ['abc', undefined], ['2.0', undefined], ['1e3', undefined], ['0x10', undefined],
  ['_1', undefined], ['1_', undefined], ['1__0', undefined], ['+-1', undefined], ['1 2', undefined], ['\ufeff1', undefined],
];

for (const [text, expected] of INT_CASES) {
  test(`int(${JSON.stringify(text)}) is ${expected ?? 'ValueError'}`, () => {
    assert.is(pythonInt(text), expected);
  });
}

test('white space is trimmed in linear time: a run of 300,000 spaces inside the text (quadratic, it took a minute)', () => {
  const spaces = ' '.repeat(300_000);
  assert.is(pythonInt(`1${spaces}x`), undefined);
  assert.is(pythonInt(`${spaces}7${spaces}`), 7n);
  assert.is(resolvePage(`${spaces}1${'\u3000'.repeat(300_000)}`, 3), 1);
  assert.is(resolvePage(`2${spaces}2`, 30), undefined);
});

test('DRF page resolution: absent or empty is 1, last is the last, out of range is invalid', () => {
  assert.is(resolvePage(undefined, 3), 1);
  assert.is(resolvePage('', 3), 1);
  assert.is(resolvePage('last', 3), 3);
  assert.is(resolvePage('LAST', 3), undefined);
  assert.is(resolvePage('3', 3), 3);
  assert.is(resolvePage('4', 3), undefined);
  assert.is(resolvePage('0', 3), undefined);
  assert.is(resolvePage('1', 1), 1);
  assert.is(resolvePage('99999999999999999999999', 3), undefined);
});

test.run();
