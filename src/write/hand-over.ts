/**
 * When batches go to the writer thread: at most `limit` at a time. A batch sent the usual way
 * waits for room; one sent ahead is held, and handed over only into room that no waiting batch
 * takes. Bookkeeping only, so that the order can be tested without a thread.
 */
export class HandOver<T> {
  private inFlight = 0;
  private readonly held: T[] = [];
  private readonly waiting: Array<() => void> = [];
  private stopped = false;

  constructor(
    private readonly limit: number,
    private readonly post: (item: T) => void,
  ) {}

  /** Handed over and not done yet. */
  get queued(): number {
    return this.inFlight;
  }

  /** Sent ahead and not handed over yet. */
  get holding(): number {
    return this.held.length;
  }

  /** Whether a batch sent the usual way would go at once. */
  get hasRoom(): boolean {
    return this.inFlight < this.limit || this.stopped;
  }

  /** Resolves when there is room for a batch sent the usual way (or the writer has stopped). */
  async room(): Promise<void> {
    while (this.inFlight >= this.limit && !this.stopped) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  send(item: T): void {
    this.inFlight++;
    this.post(item);
  }

  hold(item: T): void {
    this.held.push(item);
    this.fill();
  }

  /** The writer finished one: a waiting batch takes its place, or else a held one. */
  done(): void {
    this.inFlight--;
    const next = this.waiting.shift();
    if (next) next();
    else this.fill();
  }

  /** The last item held, taken back so that it is not handed over: the sender does it itself. */
  takeBack(): T | undefined {
    return this.held.pop();
  }

  /** Everything held, now, whatever the room (the end of a build). */
  sendHeld(): void {
    for (const item of this.held.splice(0)) this.send(item);
  }

  /** The writer failed: nothing waits for it any more. */
  stop(): void {
    this.stopped = true;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private fill(): void {
    while (this.held.length > 0 && this.inFlight < this.limit) this.send(this.held.shift()!);
  }
}
