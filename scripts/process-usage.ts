/** What a measured child of `npm run bench` reports of itself. */
import { readFileSync } from 'node:fs';

/**
 * This process's own peak RSS. Not `resourceUsage().maxRSS`: Linux carries that across
 * fork and exec, so a child of a big parent reports the parent's size (the bench holds the
 * whole site in memory for the I/O floor). VmHWM belongs to this address space alone.
 */
export function peakRssMB(): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
}

/** This process's CPU seconds, worker threads included, and its minor page faults (see bench's Cpu). */
export function ownCpu(): { user: number; system: number; faults: number } {
  const { user, system } = process.cpuUsage();
  return { user: user / 1e6, system: system / 1e6, faults: process.resourceUsage().minorPageFault };
}
