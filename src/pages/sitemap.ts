import { SITEMAP_FILE, sitemapPartFile } from '../routes/site-files.js';
import { escapeHtml } from './html.js';

/** The most URLs one sitemap may list (sitemaps.org's protocol). */
export const SITEMAP_LIMIT = 50000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * `sitemap.xml`: every page's URL once. More URLs than `limit` are split into `sitemap-N.xml`
 * files of `limit` each, and `sitemap.xml` is then their index, as the protocol requires.
 */
export function sitemapFiles(baseUrl: string, urls: readonly string[], limit = SITEMAP_LIMIT): Map<string, string> {
  const urlset = (part: readonly string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${part.map((url) => `<url><loc>${escapeHtml(url)}</loc></url>\n`).join('')}</urlset>\n`;
  if (urls.length <= limit) return new Map([[SITEMAP_FILE, urlset(urls)]]);
  const files = new Map<string, string>();
  const parts: string[] = [];
  for (let start = 0; start < urls.length; start += limit) {
    const file = sitemapPartFile(parts.length + 1);
    parts.push(file);
    files.set(file, urlset(urls.slice(start, start + limit)));
  }
  const index = parts.map((file) => `<sitemap><loc>${escapeHtml(`${baseUrl}/${file}`)}</loc></sitemap>\n`).join('');
  return new Map([[SITEMAP_FILE, `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${index}</sitemapindex>\n`], ...files]);
}

/** `robots.txt`: everything may be crawled but the search page, and the sitemap is named. */
export function robotsText(baseUrl: string): string {
  const root = new URL(`${baseUrl}/`).pathname;
  return `User-agent: *\nDisallow: ${root}search/\n\nSitemap: ${baseUrl}/${SITEMAP_FILE}\n`;
}
