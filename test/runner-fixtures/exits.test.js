// A suite that passes and leaves nothing running (see test/project/run-tests.test.ts).
import { test } from 'uvu';

test('passes', () => {});

test.run();
