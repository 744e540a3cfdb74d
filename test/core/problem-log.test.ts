import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { error, warning } from '../../src/core/problems/problem.js';
import { KEPT_PROBLEMS, ProblemLog } from '../../src/core/problems/problem-log.js';

const bad = (line: number) => error('invalid-json', 'builds.ndjson', { line }, 'invalid JSON');
const odd = (line: number) => warning('unresolved-dependency', 'portindex.json', { line }, 'a dependency that names no port');

test('a log taken in from another thread counts what that log counted, past what it kept', () => {
  const there = new ProblemLog();
  for (let line = 1; line <= KEPT_PROBLEMS + 500; line++) there.add(bad(line));
  there.add(odd(1));
  const here = new ProblemLog();
  here.add(odd(2));
  here.absorb(structuredClone(there.found()));
  assert.equal([here.errors, here.warnings], [KEPT_PROBLEMS + 500, 2]);
  assert.is(here.kept.length, KEPT_PROBLEMS + 2);
  assert.equal(here.kept[0], bad(1), 'errors ahead of warnings, in the order found');
  assert.equal(here.kept.at(-1), odd(1));
});

test('an empty log taken in changes nothing', () => {
  const here = new ProblemLog();
  here.add(bad(3));
  here.absorb(new ProblemLog().found());
  assert.equal([here.errors, here.warnings, here.kept.length], [1, 0, 1]);
});

test.run();
