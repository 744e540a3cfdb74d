import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { locationText, PROBLEM_CODES } from '../../src/core/problems/problem.js';
import { formatProblemsJson } from '../../src/cli/format-json.js';
import { formatProblem } from '../../src/cli/format-text.js';
import { ROOT } from '../support/paths.js';

test('the documented codes are exactly the codes problems are given', () => {
  const doc = readFileSync(path.join(ROOT, 'docs', 'catalogue-format.md'), 'utf8');
  const table = doc.slice(doc.indexOf('## Problems'));
  const documented = [...table.matchAll(/^\| `([a-z0-9-]+)` \| (error|warning) \|/gm)].map((row) => row[1]);
  assert.equal(documented, [...PROBLEM_CODES]);
});

test('locations: structured in --json, as file:line:column or file: path in text', () => {
  const problems = [
    { code: 'invalid-json', file: 'b.ndjson', location: { line: 57, column: 27 }, message: 'm', severity: 'error' },
    { code: 'invalid-type', file: 'b.ndjson', location: { line: 9, path: 'files[2]' }, message: 'm', severity: 'error' },
    { code: 'invalid-value', file: 'p.json', location: { path: 'ports[12].epoch' }, message: 'm', severity: 'error', port: 'zlib' },
    { code: 'empty-file', file: 'p.json', location: {}, message: 'm', severity: 'error' },
  ] as const;
  assert.equal(
    problems.map((problem) => formatProblem(problem)),
    [
      'b.ndjson:57:27: error: m [invalid-json]',
      'b.ndjson:9: files[2]: error: m [invalid-type]',
      'p.json: ports[12].epoch (port zlib): error: m [invalid-value]',
      'p.json: error: m [empty-file]',
    ],
  );
  assert.equal(
    (JSON.parse(formatProblemsJson(problems)) as Array<{ location: unknown }>).map((problem) => problem.location),
    [{ line: 57, column: 27 }, { line: 9, path: 'files[2]' }, { path: 'ports[12].epoch' }, {}],
  );
  assert.is(locationText({ line: 3 }), ':3');
});

test.run();
