/**
 * The feeds of port changes, from the catalogue's record of imports (see derive/change-record):
 * `feeds/updates.atom` (Atom 1.0, RFC 4287) and `feeds/updates.json` (JSON Feed 1.1), an entry
 * per port and import, newest first. Pure: records in, texts out. Written here rather than with
 * a feed library: the one in wide use writes JSON Feed 1.0 only, and both texts are short
 * templates whose every value is escaped below.
 */
import type { ChangeRecord, PortRelease } from '../catalogue/change-schema.js';
import { FEED_ATOM, FEED_JSON, portPagePath } from '../routes/site-files.js';

/** At most this many entries, the newest. */
export const FEED_ENTRIES = 500;

interface FeedEntry {
  /** A tag URI (RFC 4151) of the port and the import: the same entry keeps it in every build. */
  id: string;
  port: string;
  title: string;
  text: string;
  date: string;
}

/** `version_revision`, as MacPorts writes a port's version. */
const released = ({ version, revision }: Omit<PortRelease, 'name'>) => `${version}_${revision}`;

/**
 * The entries of `records` (oldest first, as the record of changes holds them), newest first:
 * within an import, its ports in the order the record lists them.
 */
export function feedEntries(records: readonly ChangeRecord[], authority: string, limit = FEED_ENTRIES): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (let r = records.length - 1; r >= 0 && entries.length < limit; r--) {
    const record = records[r]!;
    const commit = commitOf(record.info);
    const from = commit ? ` (ports tree at ${commit})` : '';
    const entry = (port: string, title: string, text: string): FeedEntry => ({
      id: `tag:${authority},${record.date.slice(0, 10)}:ports/${port}/${record.date}`,
      port,
      title: xmlSafe(`${port} ${title}`),
      text: xmlSafe(`${text}${from}.`),
      date: record.date,
    });
    const each: FeedEntry[] = [
      ...record.added.map((port) => entry(port.name, `${released(port)}, new`, `New port ${port.name}, version ${released(port)}`)),
      ...record.updated.map((port) =>
        released(port.before) === released(port.after)
          ? entry(port.name, `${released(port.after)}, ${port.fields.join(', ')} changed`, `${port.name} ${released(port.after)}: ${port.fields.join(', ')} changed`)
          : entry(port.name, `${released(port.after)}, was ${released(port.before)}`, `${port.name} updated from ${released(port.before)} to ${released(port.after)}; changed: ${port.fields.join(', ')}`),
      ),
      ...record.retired.map((port) => entry(port.name, `${released(port)}, retired`, `${port.name} ${released(port)} is no longer in the ports tree; its page stays, inactive`)),
      ...record.returned.map((port) => entry(port.name, `${released(port)}, back`, `${port.name} is back in the ports tree, version ${released(port)}`)),
    ];
    entries.push(...each.slice(0, limit - entries.length));
  }
  return entries;
}

/**
 * What XML 1.0 cannot hold: the control characters but tab, newline and carriage return,
 * U+FFFE and U+FFFF, and lone surrogates. A catalogue's text may have any of them (JSON allows
 * them all), and one of them would make the whole Atom feed unreadable to every reader.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A feed's text with each character XML cannot hold replaced by U+FFFD, as a decoder marks what it cannot read. */
function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '\uFFFD');
}

/** The commit an import's source names in its info, when it names one. */
function commitOf(info: unknown): string | undefined {
  const commit = typeof info === 'object' && info !== null ? (info as Record<string, unknown>).commit : undefined;
  return typeof commit === 'string' && commit !== '' ? commit : undefined;
}

/** What every feed says of its site: its base URL (no trailing slash), its title, and whether it has pages for people. */
interface FeedSite {
  baseUrl: string;
  title: string;
  pages: boolean;
}

/**
 * A port's page: its own on a site with pages for people (whose script would only send the
 * browser's fragment link there), else the browser's fragment route.
 */
const portPage = (site: FeedSite, port: string) => (site.pages ? `${site.baseUrl}${portPagePath(port)}` : `${site.baseUrl}/#/ports/${encodeURIComponent(port)}`);
const portApi = (site: FeedSite, port: string) => `${site.baseUrl}/api/v1/ports/${encodeURIComponent(port)}/`;

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' } as const)[c as '&']};`);
}

/** The Atom feed: its date is its newest entry's, so that the same record gives the same bytes. */
export function atomFeed(site: FeedSite, entries: readonly FeedEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(site.title)}</title>`,
    `  <id>${xml(`${site.baseUrl}/${FEED_ATOM}`)}</id>`,
    `  <updated>${xml(entries[0]?.date ?? '1970-01-01T00:00:00Z')}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(`${site.baseUrl}/${FEED_ATOM}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(`${site.baseUrl}/`)}"/>`,
    `  <author><name>${xml(site.title)}</name></author>`,
    ...entries.flatMap((entry) => [
      '  <entry>',
      `    <id>${xml(entry.id)}</id>`,
      `    <title>${xml(entry.title)}</title>`,
      `    <updated>${xml(entry.date)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xml(portPage(site, entry.port))}"/>`,
      `    <link rel="related" type="application/json" href="${xml(portApi(site, entry.port))}"/>`,
      `    <summary>${xml(entry.text)}</summary>`,
      '  </entry>',
    ]),
    '</feed>',
  ];
  return `${lines.join('\n')}\n`;
}

/** The JSON Feed: the same entries, each linking the port's page and, as its external URL, its API resource. */
export function jsonFeed(site: FeedSite, entries: readonly FeedEntry[]): string {
  return `${JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: site.title,
    home_page_url: `${site.baseUrl}/`,
    feed_url: `${site.baseUrl}/${FEED_JSON}`,
    items: entries.map((entry) => ({
      id: entry.id,
      url: portPage(site, entry.port),
      external_url: portApi(site, entry.port),
      title: entry.title,
      content_text: entry.text,
      date_published: entry.date,
    })),
  })}\n`;
}

/** The browser's page with its feeds announced in its head, for feed readers that look there. */
export function withFeedLinks(page: string, title: string): string {
  const links =
    `<link rel="alternate" type="application/atom+xml" title="${xml(title)}" href="${FEED_ATOM}">\n` +
    `<link rel="alternate" type="application/feed+json" title="${xml(title)}" href="${FEED_JSON}">\n`;
  return page.replace('</head>', `${links}</head>`);
}
