/**
 * What the machine did during a measurement, from Linux's own counters: CPU time taken by the
 * hypervisor (steal), time the cores idled waiting for the disk (iowait), and time some task
 * was stalled on I/O (pressure stall information). A bench figure far off its neighbours can
 * then be told apart: the build's own doing, or the machine's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface MachineSample {
  /** Seconds, summed over all cores. */
  steal: number;
  iowait: number;
  /** Seconds during which at least one task waited for I/O. */
  ioStalled: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux build that matters here

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

export function sampleMachine(): MachineSample | undefined {
  // cpu  user nice system idle iowait irq softirq steal ...
  const cpu = /^cpu\s+(.*)$/m.exec(readOr('/proc/stat'))?.[1]?.split(/\s+/).map(Number);
  if (!cpu || cpu.length < 8) return undefined;
  const stalled = /^some .*total=(\d+)$/m.exec(readOr('/proc/pressure/io'))?.[1];
  return {
    steal: cpu[7]! / TICKS_PER_SECOND,
    iowait: cpu[4]! / TICKS_PER_SECOND,
    ioStalled: stalled === undefined ? Number.NaN : Number(stalled) / 1e6,
  };
}

/** "cpu steal 0.12 s, iowait 0.40 s, I/O stalled 0.81 s" between two samples, or '' off Linux. */
export function describeLoad(before: MachineSample | undefined, after: MachineSample | undefined): string {
  if (!before || !after) return '';
  const part = (label: string, seconds: number) => (Number.isNaN(seconds) ? [] : [`${label} ${seconds.toFixed(2)} s`]);
  return [
    ...part('cpu steal', after.steal - before.steal),
    ...part('iowait', after.iowait - before.iowait),
    ...part('I/O stalled', after.ioStalled - before.ioStalled),
  ].join(', ');
}

/**
 * Microseconds to make one directory with one small file in it, over `count` of them in a
 * fresh directory under `dir` (left for the caller to delete). This file system's cost of a
 * new inode swings with what was deleted in the minutes before (see the README's performance
 * section), and the I/O floor and a build are made of exactly such operations.
 */
export function probeMetadata(dir: string, count = 500): number {
  const root = path.join(dir, `probe-${process.hrtime.bigint()}`);
  mkdirSync(root, { recursive: true });
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    mkdirSync(path.join(root, String(i)));
    writeFileSync(path.join(root, String(i), 'index.json'), '{}');
  }
  return ((performance.now() - started) * 1000) / count;
}
