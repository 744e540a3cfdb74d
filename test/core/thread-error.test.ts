import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fromThreadError, toThreadError } from '../../src/core/problems/thread-error.js';

test('an error crosses the thread boundary with its code, syscall, path, stack and cause', () => {
  const cause = Object.assign(new Error('no space left on device'), { code: 'ENOSPC', syscall: 'write', path: '/out/a.json' });
  const original = new Error('the batch failed', { cause });
  // What crosses is plain data: structuredClone stands for postMessage.
  const back = fromThreadError(structuredClone(toThreadError(original))) as NodeJS.ErrnoException;
  assert.is(back.message, 'the batch failed');
  assert.is(back.stack, original.stack);
  const inner = back.cause as NodeJS.ErrnoException;
  assert.equal([inner.message, inner.code, inner.syscall, inner.path], ['no space left on device', 'ENOSPC', 'write', '/out/a.json']);
  assert.is(fromThreadError(toThreadError('not an error')).message, 'not an error');
});

test.run();
