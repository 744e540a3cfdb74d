import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { MachineFault } from '../../core/problems/machine-fault.js';
import { missingDirectory } from '../../core/missing-directory.js';

/**
 * One build at a time per `--out`: a lock directory beside it, `.<out>.ports-gen.lock/`, made
 * with `mkdir` (which only one process can win) and kept fresh by its holder. Whether its holder
 * is gone is told two ways. Its directory's time, which the holder's own thread touches every
 * BEAT_MS however busy the build's threads are: a lock untouched for STALE_MS is stale, wherever
 * its holder ran. And, when the holder ran under the same kernel and in the same PID namespace
 * (another container on the same volume has ids that mean nothing here), its process id and
 * start time: a killed build's lock is taken over at once, never a live one's.
 */
export const BEAT_MS = 1000;
/** A lock not touched for this long belongs to a build that is gone (killed, its machine down). */
export const STALE_MS = 10_000;
const POLL_MS = 200;
/** How long a lock without an owner file is given to get one before it counts as a dead build's. */
const UNOWNED_MS = 1000;
const UNOWNED_POLL_MS = 20;
/** Times in a row a lock may be found gone just after `mkdir` said it was there. */
const MAX_VANISHED = 1000;
const OWNER_FILE = 'owner.json';

interface Owner {
  token: string;
  pid: number;
  host: string;
  started: string;
  /** The kernel's boot id and the PID namespace the holder ran in, where the system tells them. */
  space?: string;
  /** The holder's start time in the kernel's clock ticks, which tells a reused process id. */
  ticks?: string;
}

/** This boot of this kernel and this PID namespace (Linux); undefined elsewhere. */
function processSpace(): string | undefined {
  try {
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()} ${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
}

/** When process `pid` of this namespace started (field 22 of its stat); undefined when there is none. */
function startTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the holder is known to be gone: it ran in this PID namespace, and no process is it now. */
function gone(owner: Partial<Owner> | undefined): boolean {
  if (owner?.space === undefined || owner.pid === undefined || owner.space !== processSpace()) return false;
  return startTicks(owner.pid) !== owner.ticks;
}

export function lockDirectory(out: string): string {
  const resolved = path.resolve(out);
  return path.join(path.dirname(resolved), `.${path.basename(resolved)}.ports-gen.lock`);
}

/**
 * Touches the lock while it is this build's; says so and stops when it is not (taken over after
 * this process stood still past STALE_MS). A thread of its own, so that no synchronous stretch of
 * the build keeps it from beating.
 */
const HEARTBEAT = `
const { readFileSync, utimesSync } = require('node:fs');
const { parentPort, workerData: { dir, owner, token, beatMs } } = require('node:worker_threads');
setInterval(() => {
  try {
    if (JSON.parse(readFileSync(owner, 'utf8')).token !== token) throw new Error('taken over');
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    parentPort.postMessage('lost');
    process.exit(0);
  }
}, beatMs);
`;

export class BuildLock {
  private lostIt = false;

  private constructor(
    private readonly dir: string,
    private readonly token: string,
    private readonly heartbeat: Worker,
    private readonly onExit: () => void,
  ) {
    heartbeat.on('message', () => (this.lostIt = true));
    heartbeat.unref();
  }

  /**
   * Takes the lock of `out`, waiting for the build that holds it when `wait` is set, else
   * failing at once with a message that names it. A lock its holder stopped touching is taken
   * over.
   */
  static async take(out: string, wait: boolean): Promise<BuildLock> {
    const dir = lockDirectory(out);
    const owner: Owner = {
      token: randomBytes(8).toString('hex'),
      pid: process.pid,
      host: hostname(),
      started: new Date().toISOString(),
      space: processSpace(),
      ticks: startTicks(process.pid),
    };
    let vanished = 0;
    let unownedSince: number | undefined;
    for (;;) {
      if (tryMake(dir, owner)) {
        const heartbeat = new Worker(HEARTBEAT, { eval: true, workerData: { dir, owner: path.join(dir, OWNER_FILE), token: owner.token, beatMs: BEAT_MS } });
        const onExit = () => removeIfOwn(dir, owner.token);
        process.once('exit', onExit); // a process.exit() (Ctrl-C) leaves no lock behind
        return new BuildLock(dir, owner.token, heartbeat, onExit);
      }
      const held = inspect(dir);
      if (!held) {
        // Released meanwhile; a lock that is never there when looked at is something else in the way.
        if (++vanished > MAX_VANISHED) throw new MachineFault(`cannot take the lock ${dir}: it comes and goes, or something other than a directory is in the way; remove it, then run again`);
        continue;
      }
      // A holder writes its owner file just after making the lock: a lock still without one a
      // moment later is a build's killed in between.
      if (held.owner === undefined && (unownedSince ??= Date.now()) > Date.now() - UNOWNED_MS) {
        await sleep(UNOWNED_POLL_MS);
        continue;
      }
      unownedSince = undefined;
      if (isStale(held)) {
        takeOver(dir, owner.token);
        continue;
      }
      if (!wait) throw new MachineFault(busyMessage(out, held));
      await sleep(POLL_MS);
    }
  }

  /** Whether another build took the lock over: this one must not publish. */
  get lost(): boolean {
    return this.lostIt || readOwner(this.dir)?.token !== this.token;
  }

  async release(): Promise<void> {
    process.off('exit', this.onExit);
    await this.heartbeat.terminate();
    removeIfOwn(this.dir, this.token);
  }
}

function tryMake(dir: string, owner: Owner): boolean {
  try {
    mkdirSync(dir);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT') throw missingDirectory(path.dirname(dir), 'cannot write the site', '--out');
    throw cause;
  }
  writeFileSync(path.join(dir, OWNER_FILE), JSON.stringify(owner));
  return true;
}

function readOwner(dir: string): Partial<Owner> | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as Partial<Owner>;
  } catch {
    return undefined; // being made, or being removed
  }
}

/** Stale: untouched past STALE_MS, its holder gone, or without an owner (see take, which waits for one first). */
function isStale(held: Seen): boolean {
  return held.idleMs > STALE_MS || gone(held.owner) || held.owner === undefined;
}

/** A lock as another build finds it: its holder as the lock tells, and how long ago it last touched it. */
interface Seen {
  owner: Partial<Owner> | undefined;
  idleMs: number;
}

/** The lock at `dir`; undefined when there is none. */
function inspect(dir: string): Seen | undefined {
  const stats = statSync(dir, { throwIfNoEntry: false });
  return stats && { owner: readOwner(dir), idleMs: Date.now() - stats.mtimeMs };
}

/**
 * Moves a stale lock aside and deletes it. Looked at again just before: a lock taken anew
 * meanwhile is fresh and stays. Should two builds take one stale lock over at once, the one whose
 * lock is moved away learns it from its heartbeat and does not publish.
 */
function takeOver(dir: string, token: string): void {
  const aside = `${dir}.stale-${token}`;
  const held = inspect(dir);
  if (!held || !isStale(held)) return;
  try {
    renameSync(dir, aside);
  } catch {
    return; // another build moved it first
  }
  rmSync(aside, { recursive: true, force: true });
}

function removeIfOwn(dir: string, token: string): void {
  if (readOwner(dir)?.token === token) rmSync(dir, { recursive: true, force: true });
}

function busyMessage(out: string, held: Seen): string {
  const owner = held.owner;
  const who = owner?.pid !== undefined ? `process ${owner.pid} on ${owner.host ?? 'an unknown host'}, started ${owner.started ?? 'at an unknown time'}` : 'a build';
  return `another build (${who}, seen ${(held.idleMs / 1000).toFixed(1)} s ago) is writing ${out}: run again when it is done, or with --wait (its lock, ${lockDirectory(out)}, is taken over once it goes ${STALE_MS / 1000} s untouched)`;
}
