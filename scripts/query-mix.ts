/** The mixed queries of the query benchmarks (bench-query, bench-serve-queries), deterministic for one seed. */
import type { QueryRoute } from '../src/routes/query/decide-query.js';
import type { QueryIndex } from '../src/routes/query/read-query-index.js';
import type { Rng } from './synth/rng.js';

/** A piece of a string of the index, of two to six characters, as people type. */
function piece(rng: Rng, text: string): string {
  const length = Math.min(text.length, rng.range(2, 6));
  const start = rng.int(text.length - length + 1);
  return encodeURIComponent(text.slice(start, start + length));
}

/** The mixed queries: what a launcher, a meta-search tool and the site's own browser send. */
export function mixedQueries(index: QueryIndex, count: number, rng: Rng): Array<{ kind: string; route: QueryRoute; query: string }> {
  const { names } = index.ports;
  const strings = index.strings.filter((text) => text !== '');
  const port = () => rng.pick(names);
  const ofRef = (lists: QueryIndex['ports']['handles']) => {
    for (;;) {
      const at = rng.int(names.length);
      if (lists.starts[at + 1]! > lists.starts[at]!) return index.strings[lists.refs[lists.starts[at]!]!]!;
    }
  };
  const ports: QueryRoute = { kind: 'ports' };
  const makers: Array<[string, () => { route: QueryRoute; query: string }]> = [
    ['search one word', () => ({ route: ports, query: `search=${piece(rng, rng.chance(0.7) ? port() : rng.pick(strings))}` })],
    ['search two words', () => ({ route: ports, query: `search=${piece(rng, port())}+${piece(rng, rng.pick(strings))}` })],
    ['search, page 2', () => ({ route: ports, query: `search=${piece(rng, port()).slice(0, 2)}&page=2` })],
    ['name', () => ({ route: ports, query: `name=${encodeURIComponent(port())}` })],
    ['categories', () => ({ route: ports, query: `categories=${encodeURIComponent(ofRef(index.ports.categories))}` })],
    ['maintainers__github', () => ({ route: ports, query: `maintainers__github=${encodeURIComponent(ofRef(index.ports.handles))}` })],
    ['variants__variant', () => ({ route: ports, query: `variants__variant=${encodeURIComponent(ofRef(index.ports.variants))}` })],
    ['ordering=name', () => ({ route: ports, query: rng.chance(0.5) ? 'ordering=name' : `ordering=-name&search=${piece(rng, port())}` })],
    ['port route, filtered', () => ({ route: { kind: 'port', name: port() }, query: `search=${piece(rng, port())}` })],
    ['maintainer list', () => ({ route: { kind: 'maintainers' }, query: `search=${piece(rng, rng.pick(index.maintainers.handles) || 'a')}` })],
  ];
  return Array.from({ length: count }, (_, i) => {
    const [kind, make] = makers[i % makers.length]!;
    return { kind, ...make() };
  });
}

