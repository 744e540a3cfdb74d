import type { QueryFacts } from '../../src/derive/ports.js';
import { queryIndexFile } from '../../src/render/query-index.js';
import { queryIndexOf, type QueryIndex } from '../../src/routes/query/read-query-index.js';

/** A port of a test's index: its name, and what it lists besides, by plain strings. */
export interface PlainPort {
  name: string;
  categories?: string[];
  handles?: string[];
  variants?: string[];
}

export interface PlainPerson {
  name: string;
  github: string;
  ports_count?: number;
}

export const QUERY_BASE = 'https://ports.example.org';

/** The facts the index writer takes, from plain ports (a handle per maintainer). */
export function portFacts(port: PlainPort): QueryFacts {
  return {
    name: port.name,
    categories: port.categories ?? [],
    maintainers: (port.handles ?? []).map((github) => ({ name: '', github, ports_count: 1 })),
    variants: port.variants ?? [],
  };
}

/** An index of plain data, through the writer and the reader as a site's is. */
export function plainIndex(ports: readonly PlainPort[], people: readonly PlainPerson[] = [], pageSize = 50, categories?: readonly string[]): QueryIndex {
  const listed = categories ?? [...new Set(ports.flatMap((port) => port.categories ?? []))];
  const maintainers = people.map((person) => ({ name: person.name, github: person.github, ports_count: person.ports_count ?? 0 }));
  return queryIndexOf(JSON.parse(JSON.stringify(queryIndexFile({ baseUrl: QUERY_BASE, pageSize, ports: ports.map(portFacts), categories: listed, maintainers }))));
}
