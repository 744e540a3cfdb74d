const encoder = new TextEncoder();

/**
 * A file's text, whole or in parts written end to end. A files page comes as its parts: joined
 * into one string it would be copied twice more (the join, then flattening it to encode it),
 * and 2,000 strings of some 190 KB each would go through the heap (bench-build's profile).
 */
export type Body = string | readonly string[];

/** Its length in UTF-16 code units: its size in bytes when it is ASCII, at least a third of that size otherwise. */
export function lengthOf(body: Body): number {
  if (typeof body === 'string') return body.length;
  let length = 0;
  for (const part of body) length += part.length;
  return length;
}

/** UTF-8 takes at most three bytes for a UTF-16 code unit (four for a surrogate pair). */
const MAX_BYTES_PER_UNIT = 3;

/**
 * Encodes `bodies` (of `units` code units in all) end to end into a buffer from `allocate`,
 * sized for ASCII, the usual text, and made big enough for the rest once a body turns out not
 * to be: no pass to measure each body first (`Buffer.byteLength` flattens every page's
 * string to count it, a cost the main thread would pay again).
 * Returns the bytes and each body's share of them.
 */
export function encodeBodies(bodies: readonly Body[], units: number, allocate: (size: number) => Uint8Array): { data: Uint8Array; lengths: number[] } {
  let data = allocate(units);
  let offset = 0;
  let encoded = 0; // code units taken so far
  const lengths: number[] = [];
  const put = (text: string) => {
    let { read, written } = encoder.encodeInto(text, data.subarray(offset));
    offset += written;
    if (read < text.length) {
      // Not ASCII: room for the worst case of everything left, then the rest of this text.
      const bigger = allocate(offset + MAX_BYTES_PER_UNIT * (units - encoded - read));
      bigger.set(data.subarray(0, offset));
      data = bigger;
      ({ read, written } = encoder.encodeInto(text.slice(read), data.subarray(offset)));
      offset += written;
    }
    encoded += text.length;
  };
  for (const body of bodies) {
    const start = offset;
    if (typeof body === 'string') put(body);
    else for (const part of body) put(part);
    lengths.push(offset - start);
  }
  return { data: data.subarray(0, offset), lengths };
}
