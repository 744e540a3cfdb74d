/**
 * Appends text to a file in ~1 MB chunks with backpressure, so memory stays flat however
 * much is written, and one write call is made per chunk rather than per line.
 */
import { createWriteStream, type WriteStream } from 'node:fs';

const CHUNK_CHARS = 1 << 20;

export class ChunkedWriter {
  private readonly stream: WriteStream;
  private readonly finished: Promise<void>;
  private failed: unknown;
  private chunk = '';
  private bytes = 0;

  constructor(path: string) {
    this.stream = createWriteStream(path, { highWaterMark: 4 << 20 });
    this.finished = new Promise<void>((resolve, reject) => {
      this.stream.on('finish', resolve);
      this.stream.on('error', reject);
    });
    this.stream.on('error', (e) => (this.failed = e));
  }

  append(text: string): void {
    this.chunk += text;
  }

  /** whether the caller should `flush()` before appending more */
  get isFull(): boolean {
    return this.chunk.length >= CHUNK_CHARS;
  }

  async flush(): Promise<void> {
    if (this.failed) throw this.failed;
    const buf = this.takeChunk();
    if (!this.stream.write(buf)) await this.drain();
  }

  /** Writes the rest and waits for the file to be complete; returns the bytes written. */
  async close(): Promise<number> {
    this.stream.end(this.takeChunk());
    await this.finished;
    return this.bytes;
  }

  private takeChunk(): Buffer {
    const buf = Buffer.from(this.chunk, 'utf8');
    this.bytes += buf.length;
    this.chunk = '';
    return buf;
  }

  private drain(): Promise<void> {
    const stream = this.stream;
    return new Promise((resolve, reject) => {
      const onDrain = (): void => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (e: unknown): void => {
        stream.off('drain', onDrain);
        reject(e);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
  }
}
