import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { error } from '../../src/core/problems/problem.js';
import { readPortByPort, type PortIndexReads } from '../../src/catalogue/portindex/read-port-by-port.js';
import { parsePort, type PortIndexDocument } from '../../src/catalogue/portindex/read-port-index.js';

/** Reads that note each step taken: split, the ports' texts those given; whole, one port 'whole'. */
function reads(texts: string[], steps: string[]): PortIndexReads {
  return {
    split: () => {
      steps.push('split');
      return { ok: true, value: { document: { ports: [] }, entries: { count: texts.length, take: (index) => parsePort(texts[index]!) } } };
    },
    whole: () => {
      steps.push('whole');
      return { ok: true, value: { document: { ports: ['whole'] } } };
    },
  };
}

const ports = ({ document, entries }: PortIndexDocument) => (entries ? Array.from({ length: entries.count }, (_, index) => entries.take(index)) : (document as { ports: unknown[] }).ports);

const cases: Array<{ name: string; texts: string[]; steps: string[]; value: unknown[] }> = [
  { name: 'every port JSON: the split', texts: ['1', '2'], steps: ['split'], value: [1, 2] },
  { name: 'a port not JSON: parsed whole, which locates the problem', texts: ['1', '2]x'], steps: ['split', 'whole'], value: ['whole'] },
];

for (const { name, texts, steps, value } of cases) {
  test(`read port by port: ${name}`, () => {
    const taken: string[] = [];
    const read = readPortByPort(reads(texts, taken), ports);
    assert.equal(taken, steps);
    assert.equal(read, { ok: true, value });
  });
}

test('read port by port: a document that cannot be read is its problems; any other error is thrown', () => {
  const problems = [error('unreadable-file', 'portindex.json', {}, 'the file does not exist')];
  const steps: string[] = [];
  const failing: PortIndexReads = { ...reads([], steps), split: () => ({ ok: false, problems }) };
  assert.equal(readPortByPort(failing, ports), { ok: false, problems });
  assert.equal(steps, [], 'not read whole');
  const bug = () => {
    throw new TypeError('a bug');
  };
  assert.throws(() => readPortByPort(reads(['1'], []), bug), /a bug/);
});

test.run();
