import { thousands } from '../core/thousands.js';

/** The ports an import added, updated, left, retired, brought back and kept (see derive/merge-ports). */
interface ImportCounts {
  added: readonly string[];
  updated: readonly string[];
  unchanged: readonly string[];
  retired: readonly string[];
  returned: readonly string[];
  kept: readonly string[];
}

/** Up to this many ports of a kind are named in an import's report; `--json` always lists them. */
const FEW_NAMES = 20;

/** What an import changed, one line of counts, then the names of the ports that moved, when few. */
export function summariseImport(source: string, changes: ImportCounts, wrote: boolean, dryRun: boolean): string {
  const { added, updated, unchanged, retired, returned, kept } = changes;
  const keptText = kept.length > 0 ? `, ${thousands(kept.length)} kept as they were (not usable in the source)` : '';
  const lines = [
    `${dryRun ? 'would import' : 'imported'} ${source}: ${thousands(added.length)} added, ${thousands(updated.length)} updated, ${thousands(unchanged.length)} unchanged, ${thousands(retired.length)} retired, ${thousands(returned.length)} returned${keptText}${wrote || dryRun ? '' : ' (nothing to write)'}`,
  ];
  for (const [label, names] of [['added', added], ['updated', updated], ['retired', retired], ['returned', returned], ['kept', kept]] as const) {
    if (names.length > 0 && names.length <= FEW_NAMES) lines.push(`  ${label}: ${names.join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}
