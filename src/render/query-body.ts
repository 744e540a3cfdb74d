import type { QueryDecision } from '../routes/query/decide-query.js';
import type { PageLinks } from '../routes/query/links.js';
import type { QueryIndex } from '../routes/query/read-query-index.js';
import { listPageFile, portFile } from '../routes/site-files.js';
import { envelopeHead, PAGE_TAIL } from './files-page.js';
import { toJsonText } from './json-text.js';

/**
 * The body of a computed answer (routes/query/decide-query.ts), byte for byte as DRF writes it:
 * a host reads the files `filesOf` names (the ports of a page, a list's page, a port) and hands
 * their texts to `bodyOf`. Pure: the reading is the host's.
 */
type BodyDecision = Exclude<QueryDecision, { kind: 'static' }>;

/** The site's files the body is made of, in order. */
export function filesOf(index: QueryIndex, decision: BodyDecision): string[] {
  switch (decision.kind) {
    case 'ports':
      return decision.ports.map((port) => portFile(index.ports.names[port]!));
    case 'port':
      return [portFile(index.ports.names[decision.port]!)];
    case 'relinked':
      return [listPageFile(decision.list, decision.page)];
    default:
      return [];
  }
}

/** A maintainer as the maintainer list shows it. */
function maintainerItemText(index: QueryIndex, person: number): string {
  const { names, handles, portsCounts } = index.maintainers;
  return toJsonText({ name: names[person], github: handles[person], ports_count: portsCounts[person] });
}

/**
 * A list page's file with other links: its envelope is `{"count":N,"next":…,"previous":…,"results":[`,
 * and `,"results":[` stands nowhere before (a quote inside a JSON string is escaped).
 */
export function relinkedPage(pageText: string, links: PageLinks): string {
  const results = pageText.indexOf(',"results":[');
  const count = /^\{"count":(\d+),/.exec(pageText);
  if (results === -1 || !count) throw new Error('a list page without its envelope');
  return envelopeHead(Number(count[1]), links) + pageText.slice(results + ',"results":['.length);
}

/** The body, from the texts of filesOf's files in its order. */
export function bodyOf(index: QueryIndex, decision: BodyDecision, texts: readonly string[]): string {
  switch (decision.kind) {
    case 'error':
      return toJsonText(decision.body);
    case 'port':
      return texts[0]!;
    case 'relinked':
      return relinkedPage(texts[0]!, decision.links);
    case 'ports':
      return envelopeHead(decision.envelope.count, decision.envelope) + texts.join(',') + PAGE_TAIL;
    case 'maintainers':
      return envelopeHead(decision.envelope.count, decision.envelope) + decision.maintainers.map((person) => maintainerItemText(index, person)).join(',') + PAGE_TAIL;
  }
}
