import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** Every directory below `dir`, as relative `/`-separated paths, sorted. */
export function listDirectories(dir: string): string[] {
  const dirs: string[] = [];
  const walk = (sub: string): void => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      dirs.push(rel);
      walk(rel);
    }
  };
  walk('');
  return dirs.sort();
}

/** Every file below `dir` as relative `/`-separated path → bytes; a link as its target's name, never followed. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (sub: string): void => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isSymbolicLink()) files.set(rel, Buffer.from(`link to ${readlinkSync(path.join(dir, rel))}`));
      else files.set(rel, readFileSync(path.join(dir, rel)));
    }
  };
  walk('');
  return files;
}
