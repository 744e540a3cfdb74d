import { constants as osConstants } from 'node:os';
import { Interrupted } from '../core/problems/interrupted.js';
import { MachineFault, machineFaultOf } from '../core/problems/machine-fault.js';
import type { Progress } from '../core/progress.js';

/**
 * The signals that stop a build cleanly (see Interrupted): the terminal's Ctrl-C (and its
 * Ctrl-\\), a service manager's stop, a closed terminal.
 */
const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;

/**
 * Runs a command that a signal (Ctrl-C, SIGTERM) may stop: its result, or the exit code of the
 * interrupt once one line said so. A fault of the machine is said with what was left untouched.
 */
export async function interruptible<T>(io: { cwd: string; stderr: (text: string) => void }, progress: Progress, command: string, untouched: string, run: (signal: AbortSignal) => Promise<T>): Promise<T | number> {
  const interrupts = new AbortController();
  const stop = (signal: NodeJS.Signals) => interrupts.abort(signal);
  for (const signal of INTERRUPTS) process.on(signal, stop);
  try {
    return await run(interrupts.signal);
  } catch (cause) {
    progress.end();
    const fault = cause instanceof MachineFault ? cause : machineFaultOf(cause, io.cwd);
    if (fault) throw new MachineFault(`${fault.message}; the ${command} failed: ${untouched}`, { cause });
    if (!(cause instanceof Interrupted)) throw cause;
    io.stderr(`ports-gen: ${command} interrupted (${cause.signal}): ${untouched}\n`);
    return 128 + osConstants.signals[cause.signal];
  } finally {
    progress.end();
    for (const signal of INTERRUPTS) process.off(signal, stop);
  }
}
