import path from 'node:path';

/** Where a catalogue's two files are, and how problems name them (relative to the cwd). */
export interface CatalogueFiles {
  portIndexPath: string;
  portIndexName: string;
  buildsPath: string;
  buildsName: string;
}

export function locateCatalogue(cwd: string, catalogue: string): CatalogueFiles {
  const dir = path.resolve(cwd, catalogue);
  const name = (file: string) => path.relative(cwd, path.join(dir, file)) || file;
  return {
    portIndexPath: path.join(dir, 'portindex.json'),
    portIndexName: name('portindex.json'),
    buildsPath: path.join(dir, 'builds.ndjson'),
    buildsName: name('builds.ndjson'),
  };
}
