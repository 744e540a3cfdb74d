/**
 * The site's own script. On the pages of `build --pages` (a body with `data-root`), each page
 * is complete HTML and the script only adds to it (pages.ts); without them, `index.html` is
 * the browser of the API, every view made from its JSON files (router.ts). No framework and no
 * network beyond the site: it works offline on any host. Everything shown is built as DOM
 * nodes from data, never parsed as HTML.
 */
import { startPages } from './pages.js';
import { startBrowser } from './router.js';

const root = document.body.dataset.root;
if (root === undefined) startBrowser();
else startPages(root);
