const encoder = new TextEncoder();

/**
 * A file's text, whole or in parts written end to end. A files page comes as its parts: joined
 * into one string it would be copied twice more (the join, then flattening it to encode it),
 * and 2,000 strings of some 190 KB each would go through the heap (bench-build's profile).
 */
export type Body = string | readonly string[];

export function byteLengthOf(body: Body): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  let length = 0;
  for (const part of body) length += Buffer.byteLength(part);
  return length;
}

export function lengthOf(body: Body): number {
  if (typeof body === 'string') return body.length;
  let length = 0;
  for (const part of body) length += part.length;
  return length;
}

/** Encodes `body` into `data` from `offset`; returns the offset after it. */
export function encodeBody(body: Body, data: Uint8Array, offset: number): number {
  if (typeof body === 'string') return offset + encoder.encodeInto(body, data.subarray(offset)).written;
  for (const part of body) offset += encoder.encodeInto(part, data.subarray(offset)).written;
  return offset;
}
