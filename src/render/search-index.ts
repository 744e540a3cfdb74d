import { contentHash } from '../core/content-hash.js';
import type { PortSummary } from '../derive/ports.js';
import { toJsonText } from './json-text.js';

/**
 * `browser/search.json`, what the browser searches: for each port in catalogue order its name
 * and description, and a third element 0 when it is retired: compact, as the browser reads it
 * whole once.
 */
export function searchIndexBody(ports: Iterable<PortSummary>): string {
  const entries: Array<[string, string] | [string, string, 0]> = [];
  for (const port of ports) entries.push(port.active ? [port.name, port.description] : [port.name, port.description, 0]);
  return toJsonText(entries);
}

/**
 * The index's key: the ports' cores key (see derive/snapshot), which covers each port's name,
 * description and whether it is active, in their order; undefined when it is not known.
 */
export function searchIndexKey(cores: string | undefined): string | undefined {
  return cores === undefined ? undefined : contentHash(`search-index\n${cores}`);
}
