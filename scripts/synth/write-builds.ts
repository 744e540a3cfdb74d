/** builds.ndjson: one line per build, each a port and its installed files. */
import { createBuildIds } from './build-ids.js';
import { ChunkedWriter } from './chunked-writer.js';
import { drawFileCount } from './file-count.js';
import { FileLists } from './file-lists.js';
import type { PortRec } from './port-rec.js';
import { drawProfile, type Profile } from './profile.js';
import { mixSeed, Rng } from './rng.js';

export async function writeBuilds(path: string, recs: readonly PortRec[], builds: number, avgFiles: number, seed: number): Promise<{ paths: number; bytes: number }> {
  const rng = new Rng(mixSeed(seed, 2));
  const files = new FileLists(rng);
  const nextId = createBuildIds(seed);
  // profiles are drawn on first use, each from its port's own stream (see drawProfile)
  const profiles: (Profile | undefined)[] = new Array<Profile | undefined>(recs.length);
  const profileOf = (port: number): Profile =>
    (profiles[port] ??= drawProfile(recs[port] as PortRec, new Rng(mixSeed(seed, 1000 + port))));
  const writer = new ChunkedWriter(path);
  let paths = 0;
  for (let b = 0; b < builds; b++) {
    const id = nextId();
    const port = rng.int(recs.length);
    const rec = recs[port] as PortRec;
    const prof = profileOf(port);
    const n = drawFileCount(rng, avgFiles);
    paths += n;
    writer.append(`{"build_id":${id},"port_name":${JSON.stringify(rec.name)},"files":${files.drawList(prof, n)}}\n`);
    if (writer.isFull) await writer.flush();
  }
  return { paths, bytes: await writer.close() };
}
