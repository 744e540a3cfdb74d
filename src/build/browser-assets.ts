import { readFileSync } from 'node:fs';
import path from 'node:path';
import { programDirectory } from '../core/code-fingerprint.js';
import { BROWSER_PAGE, BROWSER_SCRIPT, BROWSER_STYLE } from '../routes/site-files.js';

/**
 * The browser's page, script and styles as `npm run build` made them (scripts/bundle.ts):
 * build/bundle/browser/, beside the program's directory (build/src/ compiled, build/bundle/
 * bundled).
 */
export function browserAssets(): Map<string, string> {
  const dir = path.join(programDirectory(), '../bundle/browser');
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return new Map([
    [BROWSER_PAGE, read('index.html')],
    [BROWSER_SCRIPT, read('app.js')],
    [BROWSER_STYLE, read('style.css')],
  ]);
}
