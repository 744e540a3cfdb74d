/**
 * Maintainers as people see them: the API lists one entry per address, so one GitHub handle
 * with two addresses is two entries; shown, they are one person under that handle.
 */
import type { MaintainerItemBody, MaintainersBody } from '../routes/output-schemas.js';
import { h, link, maintainerRoute } from './dom.js';
import { counted, number } from './format.js';

/** The entries of one handle, in the order the API gives them; an entry without a handle stays alone. */
function byHandle<T extends { github: string }>(entries: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  const alone: T[][] = [];
  for (const entry of entries) {
    if (!entry.github) alone.push([entry]);
    else if (groups.has(entry.github)) groups.get(entry.github)!.push(entry);
    else groups.set(entry.github, [entry]);
  }
  return [...groups.values(), ...alone];
}

const names = (group: readonly { name: string }[]) => [...new Set(group.map((m) => m.name).filter(Boolean))];
const byLabel = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A port's maintainers, one link per handle, sorted by the name shown (the address's name, else the handle). */
export function portMaintainers(maintainers: readonly MaintainerItemBody[]): Node[] {
  const people = byHandle(maintainers).map((group) => {
    const { github } = group[0]!;
    const named = names(group).join(', ');
    const label = github ? (named ? `${named} (@${github})` : `@${github}`) : named || '(unnamed)';
    return { key: named || github, node: github ? link(maintainerRoute(github), label) : document.createTextNode(label) };
  });
  return people.sort((a, b) => byLabel.compare(a.key, b.key)).map((person) => person.node);
}

/** An item of the maintainers list: one handle with every name it goes by on the page, each with its count. */
export function maintainerItems(page: readonly MaintainerItemBody[]): Node[] {
  return byHandle(page).map((group) => {
    const { github } = group[0]!;
    const counts = group.map((m) => `${m.name ? `${m.name}: ` : ''}${counted(m.ports_count, 'port')}`).join('; ');
    return h('span', {}, github ? link(maintainerRoute(github), `@${github}`) : group[0]!.name, ' ', h('span', { class: 'muted' }, counts));
  });
}

/** A handle's page: one card for the person, every name they go by, their active ports once each. */
export function maintainerCard(people: MaintainersBody, list: (names: string[]) => Node): HTMLElement {
  const active = [...new Set(people.flatMap((person) => person.ports))];
  const total = people.length === 1 ? `${counted(people[0]!.ports_count, 'port')}, ${number(active.length)} active` : counted(active.length, 'active port');
  const named = names(people);
  return h(
    'section',
    { class: 'card' },
    h('h2', {}, named.length ? named.join(', ') : `@${people[0]!.github}`),
    people.length > 1 ? h('p', { class: 'muted' }, `Listed with ${counted(people.length, 'address', 'addresses')}.`) : null,
    h('p', { class: 'muted' }, total),
    list(active),
  );
}
