import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every file below `dir` as relative `/`-separated path → bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (sub: string): void => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else files.set(rel, readFileSync(path.join(dir, rel)));
    }
  };
  walk('');
  return files;
}
