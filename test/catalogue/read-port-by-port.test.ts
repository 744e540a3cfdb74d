import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { error } from '../../src/core/problems/problem.js';
import { readPortByPort, type PortIndexReads } from '../../src/catalogue/portindex/read-port-by-port.js';
import { parsePort, type PortIndexDocument } from '../../src/catalogue/portindex/read-port-index.js';

/** Reads that note each step taken: split, the ports' texts are those given for the step (ends guessed when `guessed` differ from `exact`). */
function reads(guessed: string[], exact: string[], steps: string[]): PortIndexReads {
  const split = (texts: string[], byLayout: boolean): PortIndexDocument => ({ document: { ports: [] }, entries: { count: texts.length, take: (index) => parsePort(texts[index]!) }, byLayout });
  return {
    split: (isExact) => {
      steps.push(isExact ? 'exact' : 'guessed');
      return { ok: true, value: isExact ? split(exact, false) : split(guessed, guessed !== exact) };
    },
    whole: () => {
      steps.push('whole');
      return { ok: true, value: { document: { ports: ['whole'] } } };
    },
  };
}

const ports = ({ document, entries }: PortIndexDocument) => (entries ? Array.from({ length: entries.count }, (_, index) => entries.take(index)) : (document as { ports: unknown[] }).ports);

const cases: Array<{ name: string; guessed: string[]; exact?: string[]; from?: 'exact'; steps: string[]; value: unknown[] }> = [
  { name: 'every port JSON: the first split', guessed: ['1', '2'], steps: ['guessed'], value: [1, 2] },
  { name: 'a port cut wrong where ends were guessed: split again exactly', guessed: ['[1', '2]'], exact: ['[1,2]'], steps: ['guessed', 'exact'], value: [[1, 2]] },
  { name: 'a port not JSON all the same: parsed whole', guessed: ['[1', '2]'], exact: ['[1', '2]x'], steps: ['guessed', 'exact', 'whole'], value: ['whole'] },
  { name: 'a port not JSON and no end guessed: parsed whole at once', guessed: ['{'], steps: ['guessed', 'whole'], value: ['whole'] },
  { name: 'from the exact step (the guessed split tried already)', guessed: ['1'], exact: ['{'], from: 'exact', steps: ['exact', 'whole'], value: ['whole'] },
];

for (const { name, guessed, exact, from, steps, value } of cases) {
  test(`read port by port: ${name}`, () => {
    const taken: string[] = [];
    const read = readPortByPort(reads(guessed, exact ?? guessed, taken), ports, from);
    assert.equal(taken, steps);
    assert.equal(read, { ok: true, value });
  });
}

test('read port by port: a document that cannot be read is its problems; any other error is thrown', () => {
  const problems = [error('unreadable-file', 'portindex.json', {}, 'the file does not exist')];
  const steps: string[] = [];
  const failing: PortIndexReads = { ...reads([], [], steps), split: () => ({ ok: false, problems }) };
  assert.equal(readPortByPort(failing, ports), { ok: false, problems });
  assert.equal(steps, [], 'not read whole');
  const bug = () => {
    throw new TypeError('a bug');
  };
  assert.throws(() => readPortByPort(reads(['1'], ['1'], []), bug), /a bug/);
});

test.run();
