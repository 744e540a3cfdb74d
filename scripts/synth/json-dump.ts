/**
 * JSON on one line as Python's `json.dump` writes it with its defaults, as the live service's
 * own update script writes portindex.json: `", "` between elements, `": "` after keys, and
 * every character outside printable ASCII escaped as `\uXXXX` (`ensure_ascii`), so a port
 * with any such character has a backslash in its text.
 */
export function jsonDump(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonDump).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([key, item]) => `${dumpString(key)}: ${jsonDump(item)}`).join(', ')}}`;
  if (typeof value === 'string') return dumpString(value);
  return JSON.stringify(value);
}

function dumpString(text: string): string {
  return JSON.stringify(text).replace(/[^\u0000-\u007e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
