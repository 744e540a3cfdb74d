/** A typed array twice as long as `values` (at least 16), holding them at its start: room for a packed table to grow into. */
export function doubled<T extends Int32Array | Uint8Array>(values: T): T {
  const grown = new (values.constructor as new (length: number) => T)(Math.max(16, values.length * 2));
  grown.set(values);
  return grown;
}
