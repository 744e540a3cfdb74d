import { limitInlining } from '../core/compile-budget.js';
import { ChangedWhileRead } from '../catalogue/portindex/port-text-reader.js';
import { changedWhileRead } from '../catalogue/file-identity.js';
import { scanBuilds } from '../catalogue/scan-builds.js';
import { startRun, type BuildOptions, type BuildResult } from './build-run.js';
import { readFeedRecords } from './feeds-phase.js';
import { preparePorts } from './prepare-ports.js';

/** `ports-gen validate`: every check of a build, nothing written. */
export async function validateCatalogue(options: Pick<BuildOptions, 'cwd' | 'catalogue' | 'strict' | 'progress' | 'noBuilds'>): Promise<BuildResult> {
  limitInlining();
  const run = startRun(options);
  run.progress.phase('reading ports');
  let ports: ReturnType<typeof preparePorts>;
  try {
    ports = preparePorts(run.files, run.log, options.strict);
  } catch (cause) {
    // Each port is read again when it is taken (see scanPortIndex): a file changed meanwhile.
    if (!(cause instanceof ChangedWhileRead)) throw cause;
    run.log.add(changedWhileRead(cause.file));
    return run.finish(false);
  }
  await readFeedRecords(run.files, run.log);
  run.progress.phase('checking builds');
  run.stats.builds = run.buildsReadable ? await scanBuilds(run.files.buildsPath, run.files.buildsName, run.log, () => run.progress.advance()) : 0;
  run.stats.ports = ports?.list.length ?? 0;
  return run.finish(run.log.errors === 0);
}
