import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalPort } from '../../src/import/canonical-port-line.js';

let seed = 1;
const random = () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const CHARS = ['a', 'Z', ' ', 'é', '—', '😀', '"', '\\', '\n', '\t', '\u0001', '\u007f', '\ud800', '\udc00', '{', '}', '[', ']', ',', ':', 'true', '0'];
const KEYS = ['name', 'active', 'version', 'maintainers', '__proto__', '', 'x y', 'é', 'name2'];

function text(plain: boolean): string {
  const pool = plain ? CHARS.filter((c) => !/["\\\n\t\u0001\ud800\udc00]/.test(c)) : CHARS;
  return Array.from({ length: Math.floor(random() * 6) }, () => pick(pool)).join('');
}

/** A random JSON value; `plain`: no number and no text that JSON.stringify escapes. */
function value(depth: number, plain: boolean): unknown {
  const kinds = depth > 2 ? ['text', 'literal', 'number'] : ['text', 'literal', 'number', 'array', 'object'];
  switch (pick(plain ? kinds.filter((k) => k !== 'number') : kinds)) {
    case 'text':
      return text(plain);
    case 'literal':
      return pick([true, false, null]);
    case 'number':
      return pick([0, 1, -1, 1.5, 1e21, 123456789]);
    case 'array':
      return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1, plain));
    default:
      return object(depth + 1, plain);
  }
}

function object(depth: number, plain: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(random() * 4); i > 0; i--) Object.defineProperty(out, pick(KEYS), { value: value(depth, plain), enumerable: true, writable: true, configurable: true });
  return out;
}

/** A random port: a name (a string, mostly), `active` now and then, and other keys. */
function port(plain: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { name: random() < 0.95 ? text(plain) || 'p' : 3 };
  if (random() < 0.3) out['active'] = pick([true, false, 'false', null]);
  return Object.assign(out, object(1, plain));
}

/** What the line says when it is a port in JSON.stringify's form: the contract canonicalPort must keep. */
function truth(line: string): { name: string; active: boolean } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || JSON.stringify(parsed) !== line) return undefined;
  const { name, active } = parsed as { name?: unknown; active?: unknown };
  return typeof name === 'string' ? { name, active: active !== false } : undefined;
}

/** A line changed a little: a character put in, taken out or replaced, a key repeated, the end cut. */
function mutated(line: string): string {
  const at = Math.floor(random() * (line.length + 1));
  switch (pick(['insert', 'delete', 'replace', 'repeat', 'cut'])) {
    case 'insert':
      return line.slice(0, at) + pick([' ', ',', '"', '{', '}', '[', ']', '1', '\n', '\\', ':']) + line.slice(at);
    case 'delete':
      return line.slice(0, at) + line.slice(at + 1);
    case 'replace':
      return line.slice(0, at) + pick([' ', ',', '"', '{', '}', ']', '1', 'x', '\\']) + line.slice(at + 1);
    case 'repeat': {
      const match = /^\{("[^"]*":"[^"]*"),/.exec(line);
      return match ? `{${match[1]},${match[1]},${line.slice(match[0].length)}` : line;
    }
    default:
      return line.slice(0, at);
  }
}

test('a line claimed is a port exactly as JSON.stringify writes it, with its name and active flag; every plain port is claimed', () => {
  for (let i = 0; i < 3000; i++) {
    const plain = random() < 0.5;
    const line = JSON.stringify(port(plain));
    const claimed = canonicalPort(line);
    if (claimed) assert.equal(claimed, truth(line), line);
    if (plain && truth(line)) assert.ok(claimed, `not claimed: ${line}`);
  }
});

test('a line changed a little is claimed only when it still is such a port (white space, repeated keys, numbers, escapes and cuts are left to JSON.parse)', () => {
  let claimedChanged = 0;
  for (let i = 0; i < 5000; i++) {
    let line = JSON.stringify(port(random() < 0.7));
    for (let k = 1 + Math.floor(random() * 2); k > 0; k--) line = mutated(line);
    const claimed = canonicalPort(line);
    if (claimed) {
      assert.equal(claimed, truth(line), line);
      claimedChanged++;
    }
  }
  assert.ok(claimedChanged > 100, 'some changed lines are still ports in that form');
});

test('cases', () => {
  assert.equal(canonicalPort('{"name":"zlib","version":"1.3"}'), { name: 'zlib', active: true });
  assert.equal(canonicalPort('{"name":"zlib","active":false}'), { name: 'zlib', active: false });
  assert.equal(canonicalPort('{"name":"zlib","maintainers":[{"github":"x","active":false}],"deps":[[],{}]}'), { name: 'zlib', active: true });
  assert.equal(canonicalPort('{"name":"café 😀","__proto__":"p"}'), { name: 'café 😀', active: true });
  for (const line of [
    '{"name": "zlib"}', ' {"name":"zlib"}', '{"name":"zlib"} ', '{"name":"zlib","name":"zlib"}', '{"name":"zl\\u0069b"}', '{"name":"zlib","epoch":1}',
    '{"name":"zlib",}', '{"name":"zlib"', '{"name":1}', '{"version":"1"}', '[{"name":"zlib"}]', '{"name":"a\ud800"}', '{"name":"zlib","x":tru}', '{"name":"zlib"}}',
  ]) {
    assert.is(canonicalPort(line), undefined, line);
  }
});

test.run();
