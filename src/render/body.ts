/**
 * A file's text, whole or in parts written end to end. A files page comes as its parts: joined
 * into one string it would be copied twice more (the join, then flattening it to encode it),
 * and every page's text would go through the heap twice.
 */
export type Body = string | readonly string[];

/** Its length in UTF-16 code units: its size in bytes when it is ASCII, at least a third of that size otherwise. */
export function lengthOf(body: Body): number {
  if (typeof body === 'string') return body.length;
  let length = 0;
  for (const part of body) length += part.length;
  return length;
}
