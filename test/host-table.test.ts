import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASES } from './conformance/cases.js';
import { ROOT } from './support/paths.js';

/** The README's host differences, as one paragraph of text (its lines joined). */
const readme = () => {
  const text = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  return text.slice(text.indexOf('### Host differences'), text.indexOf('## Performance')).replace(/\s+/g, ' ');
};

test("the README's host differences give every reason the conformance table pins for Netlify", () => {
  const reasons = new Set(CASES.flatMap((c) => (c.netlify ? [c.netlify.why] : [])));
  assert.ok(reasons.size > 0);
  for (const why of reasons) {
    const sentence = `${why[0]!.toUpperCase()}${why.slice(1)}`;
    assert.ok(readme().includes(sentence), `README misses: ${sentence}`);
  }
});

test("the README's host differences give every reason the conformance table pins for nginx", () => {
  const reasons = new Set(CASES.flatMap((c) => (c.nginx ? [c.nginx.why] : [])));
  for (const why of reasons) {
    const sentence = `${why[0]!.toUpperCase()}${why.slice(1)}`;
    assert.ok(readme().includes(sentence), `README misses: ${sentence}`);
  }
});

test.run();
