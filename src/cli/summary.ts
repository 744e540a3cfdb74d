import type { BuildStats } from '../build/build-run.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import { thousands } from '../core/thousands.js';

/** What a build or a validation did, as the summary line tells it. */
function plural(n: number, word: string): string {
  return `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** The one line every build ends with, failed or not. */
export function summariseBuild(result: { ok: boolean; log: Pick<ProblemLog, 'errors' | 'warnings'>; stats: BuildStats }, wrote: boolean): string {
  const { stats, log } = result;
  const problems = `${plural(log.errors, 'error')}, ${plural(log.warnings, 'warning')}`;
  const seconds = `${stats.seconds.toFixed(2)} s`;
  if (!wrote) {
    return `${result.ok ? 'valid' : 'invalid'}: ${plural(stats.ports, 'port')}, ${plural(stats.builds, 'build')}; ${problems} in ${seconds}`;
  }
  if (!result.ok) return `build failed: ${problems}; nothing written (${seconds})`;
  return `built ${plural(stats.ports, 'port')}, ${plural(stats.pages, 'page')} of ${plural(stats.builds, 'build')} (${plural(stats.paths, 'path')}): ${plural(stats.files, 'file')} ${changesOf(stats)}, ${megabytes(stats.bytes)} in ${seconds}; ${problems}`;
}

/** What the new site changed against the one it replaced: files new or with other bytes, files gone. */
function changesOf({ changes }: BuildStats): string {
  if (!changes.replaced) return '(all new)';
  return `(${thousands(changes.changed)} changed, ${thousands(changes.removed)} removed since the site it replaced)`;
}
