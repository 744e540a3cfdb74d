/**
 * Preloaded into `ports-gen serve` by the load test only (`node --expose-gc --import`). Asked
 * over the IPC channel, it waits until no socket or file read is in flight, collects all
 * garbage and answers with the memory that survives: what the server keeps. RSS cannot tell
 * that apart from garbage not yet collected, and a collection made while 200 sockets close
 * and their file streams settle still counts their buffers.
 */
export interface SurvivingMemory {
  /** JavaScript objects still reachable after a full collection. */
  heapUsed: number;
  /** Memory held outside the heap by reachable objects (Buffers among them). */
  external: number;
  rss: number;
  /** Sockets and file requests still in flight when measured (none unless they outlived the wait). */
  busy: string[];
}

const QUIET_WAIT_MS = 10_000;
/** What an idle server holds: its listening socket, this channel and its timers. */
const IDLE = new Set(['TCPServerWrap', 'PipeWrap', 'Timeout', 'Immediate']);

const inFlight = () => process.getActiveResourcesInfo().filter((kind) => !IDLE.has(kind));

/** Waits until the last client socket has closed and the last file read has settled. */
async function quiet(): Promise<string[]> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  while (inFlight().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return inFlight();
}

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect || !process.send) throw new Error('memory-probe needs --expose-gc and an IPC channel');

process.on('message', async (message) => {
  if (message !== 'measure') return;
  const busy = await quiet();
  // A second pass frees what the first one's finalisers released.
  collect();
  collect();
  const { heapUsed, external, rss } = process.memoryUsage();
  process.send!({ heapUsed, external, rss, busy } satisfies SurvivingMemory);
});
// The channel must not keep the server alive once it has closed.
process.channel!.unref();
