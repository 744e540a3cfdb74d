/** A build stopped by a signal (Ctrl-C, SIGTERM): nothing is published, exit 128 + the signal's number. */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';

  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
  }
}
