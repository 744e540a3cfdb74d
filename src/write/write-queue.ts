/**
 * A real bounded queue: at most `limit` jobs in flight on libuv's thread pool while the main
 * thread goes on parsing and serialising. `push` resolves at once while there is room and
 * otherwise waits for a slot, which is the backpressure that keeps memory to `limit` bodies.
 */
export class WriteQueue {
  private inFlight = 0;
  private waiting: Array<() => void> = [];
  private failure: unknown;
  private idle: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async push(job: () => Promise<void>): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.inFlight >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    job().then(
      () => this.release(),
      (cause: unknown) => {
        this.failure ??= cause;
        this.release();
      },
    );
  }

  private release(): void {
    this.inFlight--;
    this.waiting.shift()?.();
    if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Waits for every job; throws the first failure. */
  async drain(): Promise<void> {
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failure) throw this.failure;
  }
}
