/**
 * `ports-gen update`: the update cycle of a mirror in one command. The source is imported, and
 * the site built only when the import changed the catalogue, there is no site yet, or the site
 * was not built from the catalogue as it is (see loadBuiltFrom): a scheduled job whose index did
 * not change (a 304) and whose site is current does nothing else.
 */
import path from 'node:path';
import { hasMarkerFile } from '../writer/trees/marker.js';
import { buildSite, type BuildOptions, type BuildResult } from '../build/build.js';
import { catalogueDigest } from '../build/catalogue-digest.js';
import { loadBuiltFrom } from '../build/state.js';
import { importCatalogue, type ImportOptions, type ImportResult } from '../import/import-catalogue.js';
import type { ImportChanges } from '../derive/merge-ports.js';

interface UpdateResult {
  imported: ImportResult;
  /** The build, when one ran. */
  built: BuildResult | undefined;
  seconds: number;
}

export async function updateSite(importing: ImportOptions, building: BuildOptions): Promise<UpdateResult> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const imported = await importCatalogue(importing);
  if (!imported.ok) return { imported, built: undefined, seconds: seconds() };
  const out = path.resolve(building.cwd, building.out);
  // A site not built from the catalogue as it is now (an import whose build was stopped) is built too.
  const stale = imported.wrote || !hasMarkerFile(out) || loadBuiltFrom(out) !== catalogueDigest(path.resolve(building.cwd, building.catalogue));
  const built = stale ? await buildSite(building) : undefined;
  return { imported, built, seconds: seconds() };
}

/** How many ports of each kind an import counted (see ImportChanges). */
function changeCounts(changes: ImportChanges): Record<keyof ImportChanges, number> {
  const { added, updated, unchanged, retired, returned, kept } = changes;
  return { added: added.length, updated: updated.length, unchanged: unchanged.length, retired: retired.length, returned: returned.length, kept: kept.length };
}

/**
 * The one JSON summary of `update --json`: the import's counts, whether a build ran and what it
 * wrote, the time. The names of the ports only with `names`: every port of the catalogue is one
 * of them (most are `unchanged`), which is the whole catalogue's names in a scheduled job's log.
 */
export function updateSummary({ imported, built, seconds }: UpdateResult, names = false): unknown {
  const { changes, wrote, notModified } = imported;
  const build = built ? { ran: true, ok: built.ok, files: built.stats.files, written: built.stats.written, changed: built.stats.changes.changed, removed: built.stats.changes.removed, carried: built.stats.carried, seconds: built.stats.seconds } : { ran: false };
  const counts = changes ? changeCounts(changes) : {};
  const named = names && changes ? { names: changes } : {};
  return { import: { ...counts, written: wrote, notModified: notModified === true, ...named }, build, seconds: Number(seconds.toFixed(3)) };
}
