import * as assert from 'uvu/assert';

/** What a promise is rejected with; a promise that is kept fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (cause) {
    return cause as Error;
  }
  return assert.unreachable('expected a rejection') as never;
}
