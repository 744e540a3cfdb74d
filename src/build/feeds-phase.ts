/**
 * The feeds of a build (see render/feeds): from the catalogue's record of imports when it has
 * one, none otherwise. A record that cannot be read is a problem of the catalogue, as any other.
 */
import path from 'node:path';
import type { ChangeRecord } from '../catalogue/change-schema.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import { atomFeed, FEED_ENTRIES, feedEntries, jsonFeed, withFeedLinks } from '../render/feeds.js';
import { browserAssets } from './browser-assets.js';
import { BROWSER_PAGE, FEED_ATOM, FEED_JSON } from '../routes/site-files.js';
import type { CatalogueFiles } from './catalogue-files.js';
import { CHANGES_FILE, readChanges } from '../catalogue/change-log.js';

/** The newest records of the catalogue's changes, enough for the feeds; undefined without any. */
export async function readFeedRecords(files: CatalogueFiles, log: ProblemLog): Promise<ChangeRecord[] | undefined> {
  const name = path.join(path.dirname(files.portIndexName), CHANGES_FILE);
  const records = await readChanges(path.dirname(files.portIndexPath), name, log, FEED_ENTRIES);
  return records && records.length > 0 ? records : undefined;
}

/**
 * The browser's files, and the feeds when the catalogue has a record: the browser's page
 * announces them. With the pages for people, the start page takes the browser page's place.
 */
export function browserFiles(records: readonly ChangeRecord[] | undefined, baseUrl: string, pages: boolean): { browser: Map<string, string>; feeds?: Map<string, string> } {
  const browser = browserAssets();
  const fed = records && feedFiles(records, baseUrl, pages, browser.get(BROWSER_PAGE)!);
  if (fed) browser.set(BROWSER_PAGE, fed.page);
  if (pages) browser.delete(BROWSER_PAGE);
  return { browser, feeds: fed?.files };
}

/** The feed files by path, and the browser's page (`page`) announcing them; `pages`: the site has pages for people. */
function feedFiles(records: readonly ChangeRecord[], baseUrl: string, pages: boolean, page: string): { files: Map<string, string>; page: string } {
  const { hostname, host } = new URL(baseUrl);
  const site = { baseUrl, title: `Port updates: ${host}`, pages };
  const entries = feedEntries(records, hostname);
  const files = new Map([
    [FEED_ATOM, atomFeed(site, entries)],
    [FEED_JSON, jsonFeed(site, entries)],
  ]);
  return { files, page: withFeedLinks(page, site.title) };
}
