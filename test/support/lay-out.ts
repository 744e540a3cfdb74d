/**
 * A JSON value written with whitespace taken in turn from `spaces` at every place JSON allows
 * it: any layout at all, line breaks included, most of them misleading to a split by lines.
 */
export function layOut(value: unknown, spaces: readonly string[]): string {
  let taken = 0;
  const space = () => spaces[taken++ % spaces.length]!;
  const write = (item: unknown): string => {
    if (Array.isArray(item)) return `[${space()}${item.map((element) => `${write(element)}${space()}`).join(`,${space()}`)}]`;
    if (item !== null && typeof item === 'object') {
      const members = Object.entries(item).map(([key, member]) => `${JSON.stringify(key)}${space()}:${space()}${write(member)}${space()}`);
      return `{${space()}${members.join(`,${space()}`)}}`;
    }
    return JSON.stringify(item);
  };
  return write(value);
}
