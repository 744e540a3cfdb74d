import { readFileSync } from 'node:fs';
import { BROWSER_PAGE, BROWSER_SCRIPT, BROWSER_STYLE } from './routes/site-files.js';

/**
 * The browser's page, script and styles as `npm run build` made them (scripts/bundle.ts):
 * build/bundle/browser/, found from this module, which lies two levels below the package
 * (build/src/ compiled, build/bundle/ bundled) as version.ts does.
 */
export function browserAssets(): Map<string, string> {
  const dir = new URL('../bundle/browser/', import.meta.url);
  const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
  return new Map([
    [BROWSER_PAGE, read('index.html')],
    [BROWSER_SCRIPT, read('app.js')],
    [BROWSER_STYLE, read('style.css')],
  ]);
}
