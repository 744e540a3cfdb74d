/** The browser's DOM helpers and its fragment routes: elements made from data, text always as text. */

export type Child = Node | string | null | undefined | false;

/** An element with its attributes and children; text is always text. */
export function h(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

/** The fragment route of a port, a category, a maintainer; names are percent-encoded. */
export const portRoute = (name: string) => `#/ports/${encodeURIComponent(name)}`;
export const categoryRoute = (name: string) => `#/category/${encodeURIComponent(name)}`;
export const maintainerRoute = (github: string) => `#/maintainer/${encodeURIComponent(github)}`;

export const link = (href: string, text: string, attributes: Record<string, string> = {}) => h('a', { href, ...attributes }, text);
export const portLink = (name: string) => link(portRoute(name), name);

export function list(items: readonly Node[], className = 'inline'): HTMLElement {
  return h('ul', { class: className }, ...items.map((item) => h('li', {}, item)));
}
