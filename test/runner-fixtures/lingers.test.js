// A suite that passes but leaves a timer running, as a test that fails before it stops its
// writer thread leaves the worker: the process would not exit (see scripts/run-tests.ts).
// Plain JavaScript, outside build/test, so that only test/project/run-tests.test.ts runs it.
import { test } from 'uvu';

test('passes, and leaves a timer running', () => {
  setInterval(() => {}, 60_000);
});

test.run();
