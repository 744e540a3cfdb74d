import { MarkerFiles, type Entry } from '../../src/writer/trees/marker.js';

/** The files of a marker, as readMarker and the tree's ledger would give them for `files`. */
export function markerFiles(files: ReadonlyMap<string, Entry>): MarkerFiles {
  const paths = [...files.keys()].sort();
  const listed = new MarkerFiles(paths.flatMap((relative) => [relative, files.get(relative)!.hash, files.get(relative)!.key]));
  listed.setIdentities(paths.map((relative) => files.get(relative)!.identity));
  return listed;
}
