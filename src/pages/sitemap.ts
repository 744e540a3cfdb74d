import { SITEMAP_FILE, sitemapPartFile } from '../routes/site-files.js';
import { escapeHtml } from './html.js';

/** The most URLs one sitemap may list (sitemaps.org's protocol). */
export const SITEMAP_LIMIT = 50000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * `sitemap.xml`: every page's URL once (`count` of them, listed by `urls` when a file is made).
 * More URLs than `limit` are split into `sitemap-N.xml` files of `limit` each, and
 * `sitemap.xml` is then their index, as the protocol requires.
 */
export function sitemapFiles(baseUrl: string, urls: () => readonly string[], count: number, limit = SITEMAP_LIMIT): Map<string, () => string> {
  let listed: readonly string[] | undefined;
  const urlset = (start: number, end: number) => () =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${(listed ??= urls()).slice(start, end).map((url) => `<url><loc>${escapeHtml(url)}</loc></url>\n`).join('')}</urlset>\n`;
  if (count <= limit) return new Map([[SITEMAP_FILE, urlset(0, count)]]);
  const parts = Array.from({ length: Math.ceil(count / limit) }, (_, i) => sitemapPartFile(i + 1));
  const index = parts.map((file) => `<sitemap><loc>${escapeHtml(`${baseUrl}/${file}`)}</loc></sitemap>\n`).join('');
  return new Map([
    [SITEMAP_FILE, () => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${index}</sitemapindex>\n`],
    ...parts.map((file, i): [string, () => string] => [file, urlset(i * limit, (i + 1) * limit)]),
  ]);
}

/** `robots.txt`: everything may be crawled but the search page, and the sitemap is named. */
export function robotsText(baseUrl: string): string {
  const root = new URL(`${baseUrl}/`).pathname;
  return `User-agent: *\nDisallow: ${root}search/\n\nSitemap: ${baseUrl}/${SITEMAP_FILE}\n`;
}
