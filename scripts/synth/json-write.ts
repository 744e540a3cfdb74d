/**
 * JSON laid out as tcllib's json::write lays it out with its defaults (indented and aligned),
 * which is how MacPorts' portindex2json writes portindex.json: an object has one key per
 * line, indented by four spaces, each key padded to the longest so that the colons line up
 * (`"name"    : "zlib"`), and its `}` on a line of its own; an array is written compact, its
 * elements joined by a comma alone (so the ports follow one another as `},{`); a value of
 * several lines has every line after its first indented with its key's line.
 */
export function jsonWrite(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonWrite).join(',')}]`;
  if (value !== null && typeof value === 'object') return writtenObject(Object.entries(value).map(([key, item]) => [key, jsonWrite(item)]));
  if (typeof value === 'string') return writeString(value);
  return JSON.stringify(value);
}

/** An object of values written already (by jsonWrite), in this order. */
export function writtenObject(entries: Array<[string, string]>): string {
  if (entries.length === 0) return '{}';
  const keys = entries.map(([key]) => writeString(key));
  const width = Math.max(...keys.map((key) => key.length));
  const lines = entries.map(([, written], i) => `    ${keys[i]!.padEnd(width)} : ${written.replaceAll('\n', '\n    ')}`);
  return `{\n${lines.join(',\n')}\n}`;
}

/** json::write's escapes: JSON.stringify's, and also DEL and the C1 controls as `\u00XX`. */
function writeString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}
