import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASES } from '../conformance/cases.js';
import { ROOT } from '../support/paths.js';

/** The host differences of docs/hosting.md, as one paragraph of text (its lines joined). */
const differences = () => {
  const text = readFileSync(path.join(ROOT, 'docs', 'hosting.md'), 'utf8');
  const start = text.indexOf('## Host differences');
  return text.slice(start, text.indexOf('\n## ', start + 1)).replace(/\s+/g, ' ');
};

for (const host of ['netlify', 'nginx'] as const) {
  test(`the host differences give every reason the conformance table pins for ${host}`, () => {
    const reasons = new Set(CASES.flatMap((c) => (c[host] ? [c[host].why] : [])));
    assert.ok(reasons.size > 0);
    for (const why of reasons) {
      const sentence = `${why[0]!.toUpperCase()}${why.slice(1)}`;
      assert.ok(differences().includes(sentence), `docs/hosting.md misses: ${sentence}`);
    }
  });
}

test.run();
