import type { PortEntries } from '../validate/validate-portindex.js';
import { parseJson, readCatalogueBytes, type Read } from './read-json-file.js';
import { splitPortIndex } from './split-port-index.js';

export interface PortIndexDocument {
  /** The document, with its `ports` array emptied when `entries` is given. */
  document: unknown;
  /** The ports, parsed one at a time as they are taken. */
  entries?: PortEntries;
}

const BACKSLASH = 0x5c;

/** Thrown by `take` when one port's text is not JSON: the whole document is read again. */
class PortSyntaxError extends Error {}

/**
 * Reads `portindex.json` for validation. The usual path parses port by port (see
 * split-port-index); anything unusual, and any syntax error, takes the plain path, which
 * parses the whole document and locates the error.
 */
export async function readPortIndex(path: string, file: string): Promise<Read<PortIndexDocument>> {
  const read = await readCatalogueBytes(path, file);
  if (!read.ok) return read;
  const bytes = read.value;
  const parts = splitPortIndex(bytes);
  if (parts) {
    try {
      const document = JSON.parse(parts.skeleton) as unknown;
      const take = (index: number): unknown => {
        const [start, end] = parts.elements[index]!;
        try {
          return JSON.parse(bytes.toString('utf8', start, end));
        } catch {
          throw new PortSyntaxError();
        }
      };
      const escapeFree = (index: number): boolean => {
        const [start, end] = parts.elements[index]!;
        return bytes.subarray(start, end).indexOf(BACKSLASH) === -1;
      };
      return { ok: true, value: { document, entries: { count: parts.elements.length, take, escapeFree } } };
    } catch {
      // the skeleton is not JSON: fall through to the located error
    }
  }
  const parsed = parseJson(bytes, file);
  return parsed.ok ? { ok: true, value: { document: parsed.value } } : parsed;
}

export function isPortSyntaxError(cause: unknown): boolean {
  return cause instanceof PortSyntaxError;
}

/** The plain path only: the whole document parsed at once. */
export async function readWholePortIndex(path: string, file: string): Promise<Read<PortIndexDocument>> {
  const read = await readCatalogueBytes(path, file);
  if (!read.ok) return read;
  const parsed = parseJson(read.value, file);
  return parsed.ok ? { ok: true, value: { document: parsed.value } } : parsed;
}
