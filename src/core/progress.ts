import { thousands } from './thousands.js';
/**
 * Build progress. The build reports phases and counts; how they are shown is the caller's
 * choice: a live line on a terminal, nothing at all in CI or with --quiet.
 */
export interface Progress {
  phase(name: string, total?: number): void;
  advance(count?: number): void;
  end(): void;
}

export const silentProgress: Progress = {
  phase() {},
  advance() {},
  end() {},
};

/**
 * Each phase's name on a line of its own (`phase: checking the ports`), for tests that act at a
 * given phase of a run they cannot see otherwise (PORTS_GEN_TEST_PHASES, see the CLI).
 */
export function phaseLines(write: (text: string) => void): Progress {
  return { phase: (name) => write(`phase: ${name}\n`), advance() {}, end() {} };
}

const REDRAW_MS = 100;

/** One line on a terminal, redrawn at most ten times a second: `pages  1,234/2,000  18,200/s`. */
export function terminalProgress(write: (text: string) => void, now: () => number = () => performance.now()): Progress {
  let name = '';
  let total: number | undefined;
  let count = 0;
  let started = 0;
  let drawn = 0;
  const draw = (force: boolean) => {
    const t = now();
    if (!force && t - drawn < REDRAW_MS) return;
    drawn = t;
    const seconds = (t - started) / 1000;
    const rate = seconds > 0 ? Math.round(count / seconds) : 0;
    // A phase that counts nothing (reading the ports is one step) shows its name alone.
    if (total === undefined && count === 0) return write(`\r\x1b[2K${name}`);
    const of = total === undefined ? '' : `/${thousands(total)}`;
    write(`\r\x1b[2K${name}  ${thousands(count)}${of}  ${thousands(rate)}/s`);
  };
  return {
    phase(next, nextTotal) {
      if (name) draw(true);
      name = next;
      total = nextTotal;
      count = 0;
      started = now();
      draw(true);
    },
    advance(by = 1) {
      count += by;
      draw(false);
    },
    end() {
      if (name) write('\r\x1b[2K');
      name = '';
    },
  };
}
