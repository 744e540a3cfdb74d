import { BROWSER_SCRIPT, BROWSER_STYLE, FEED_ATOM, PAGE_LISTS, listPagePath, pageUrlPath, SEARCH_PAGE } from '../routes/site-files.js';
import { escapeHtml, hrefTo, rootOf } from './html.js';

/** What every page takes from the build: where the site is published, and whether it has feeds. */
export interface PageSite {
  /** The public base URL, without a trailing slash (see normaliseBaseUrl). */
  baseUrl: string;
  feeds: boolean;
}

/** What the script reads of a page (`data-page`): the start, a port, ... */
type PageKind = 'start' | 'port' | 'category' | 'maintainer' | 'list' | 'search' | 'not-found';

interface PageFrame {
  /** The page's file in the site (see routes/site-files). */
  file: string;
  kind: PageKind;
  /** Its own title; the site's name follows it. */
  title: string;
  /** What a search engine shows under the title. */
  description: string;
  /** The page's URL path when the caller has it at hand: pageUrlPath(file) otherwise. */
  path?: string;
  /** Alternate forms of the page (its JSON), as `<link>` elements. */
  alternates?: ReadonlyArray<{ type: string; href: string; title: string }>;
  /**
   * The way to the site's root from wherever it is served; its file's by default. The page for
   * unknown addresses is served at any depth, so it needs the root's own path.
   */
  root?: string;
}

const SITE_NAME = 'Ports';
const LIST_TITLES = { ports: 'Ports', categories: 'Categories', maintainers: 'Maintainers' } as const;

/** A whole page: its head (title, description, canonical URL), the header with the search box, `main`, the footer. */
export function pageDocument(site: PageSite, frame: PageFrame, main: string): string {
  const root = frame.root ?? rootOf(frame.file);
  const parts = partsOf(root);
  const indexed = frame.kind !== 'search' && frame.kind !== 'not-found';
  const title = frame.kind === 'start' ? SITE_NAME : `${frame.title} · ${SITE_NAME}`;
  const alternates = [...(frame.alternates ?? [])];
  if (site.feeds) alternates.push({ type: 'application/atom+xml', href: root + FEED_ATOM, title: 'Port updates' });
  return `${HEAD}<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(frame.description)}">
${indexed ? `<link rel="canonical" href="${escapeHtml(site.baseUrl + (frame.path ?? pageUrlPath(frame.file)))}">` : '<meta name="robots" content="noindex">'}
${parts.styles}${alternates.map((a) => `\n<link rel="alternate" type="${a.type}" href="${escapeHtml(a.href)}" title="${escapeHtml(a.title)}">`).join('')}
</head>
<body data-root="${escapeHtml(root)}" data-page="${frame.kind}">
${parts.header}
<main id="main" tabindex="-1">
${main}
</main>
${parts.footer}`;
}

const HEAD = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
`;

/** What every page at the same depth shares, made once: a build's pages are mostly at one depth. */
interface FrameParts {
  styles: string;
  header: string;
  footer: string;
}
const frames = new Map<string, FrameParts>();

function partsOf(root: string): FrameParts {
  let parts = frames.get(root);
  if (parts) return parts;
  const to = (file: string) => escapeHtml(hrefTo(root, file));
  const nav = PAGE_LISTS.map((list) => `<a href="${to(listPagePath(list, 1))}">${LIST_TITLES[list]}</a>`);
  const at = (path: string) => escapeHtml(root + path);
  parts = {
    styles: `<link rel="icon" href="data:,">\n<link rel="stylesheet" href="${at(BROWSER_STYLE)}">`,
    header: `<a class="skip" href="#main">Skip to content</a>
<header class="bar">
  <a class="home" href="${escapeHtml(root || './')}">${SITE_NAME}</a>
  <form id="search-form" role="search" action="${to(SEARCH_PAGE)}" method="get">
    <input id="search" name="q" type="search" placeholder="Search ports (press /)" aria-label="Search ports by name or description" autocomplete="off" spellcheck="false">
  </form>
  <nav aria-label="Lists">${nav.join(' ')} <a href="${at('api/v1/')}">API</a></nav>
</header>`,
    footer: `<footer><p>Every page here is also data: each links to its JSON, and the API is described in <a href="${at('api/v1/openapi.json')}">OpenAPI</a>.</p></footer>
<script type="module" src="${at(BROWSER_SCRIPT)}"></script>
</body>
</html>
`,
  };
  frames.set(root, parts);
  return parts;
}
