/** `portindex.json` as the import reads it (a port a line, or any JSON) and writes it (a port a line). */
import { existsSync } from 'node:fs';
import { contentHash } from '../core/content-hash.js';
import type { CataloguePort, PortObject } from '../derive/merge-ports.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import { error } from '../core/problems/problem.js';
import { canonicalPort } from './canonical-port-line.js';
import { parseJson, readCatalogueBytes } from '../catalogue/read-json-file.js';

/**
 * The catalogue as it is now: its ports, and the content hash of its bytes (which are not kept:
 * a catalogue written again is told unchanged by its hash); no ports before the first import.
 */
export function readCatalogue(file: string, name: string, log: ProblemLog): { ports: CataloguePort[]; hash?: string } | undefined {
  if (!existsSync(file)) return { ports: [] };
  const read = readCatalogueBytes(file, name);
  if (!read.ok) return void log.addAll(read.problems);
  const ports = catalogueLines(read.value) ?? catalogueDocument(read.value, name, log);
  return ports && { ports, hash: contentHash(read.value) };
}

/** A catalogue port from its object: its text as the merge compares it (JSON.stringify's). */
const cataloguePort = (port: PortObject): CataloguePort => ({ name: port.name, active: port.active !== false, text: JSON.stringify(port) });

/**
 * The ports of a catalogue in the layout catalogueParts writes (the head, one port a line, the
 * end), read a line at a time so that no two copies of every port are held at once; undefined
 * when the file is laid out otherwise (edited by hand), which is then read whole.
 */
function catalogueLines(bytes: Buffer): CataloguePort[] | undefined {
  // Each line decoded alone: the file decoded whole would be one string of two bytes a
  // character as soon as one port has a character beyond Latin-1.
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; ) {
    const end = bytes.indexOf(0x0a, at);
    if (end === -1) return undefined; // the layout ends with a line break
    lines.push(bytes.toString('utf8', at, end));
    at = end + 1;
  }
  if (lines.at(-1) !== ']}' || !lines[0]?.endsWith('"ports":[')) return undefined;
  const ports: CataloguePort[] = [];
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const last = i === lines.length - 2;
    if (last === line.endsWith(',')) return undefined;
    const text = last ? line : line.slice(0, -1);
    // A line as the import writes it is its own text: not parsed and written again.
    const canonical = canonicalPort(text);
    if (canonical) {
      ports.push({ ...canonical, text });
      continue;
    }
    let port: unknown;
    try {
      port = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (typeof port !== 'object' || port === null || typeof (port as PortObject).name !== 'string') return undefined;
    ports.push(cataloguePort(port as PortObject));
  }
  return ports;
}

/** The ports of a catalogue read whole. */
function catalogueDocument(bytes: Buffer, name: string, log: ProblemLog): CataloguePort[] | undefined {
  const parsed = parseJson(bytes, name);
  if (!parsed.ok) return void log.addAll(parsed.problems);
  const ports = (parsed.value as { ports?: unknown } | null)?.ports;
  if (!Array.isArray(ports)) return void log.add(error('invalid-type', name, { path: 'ports' }, 'expected an array of ports'));
  return (ports as PortObject[]).map(cataloguePort);
}

/**
 * portindex.json's text, a part at a time: the index's other keys, then one port a line (small
 * diffs, fast reads), then the end. Never joined: the catalogue is hashed and written through
 * one small buffer (see eachChunk), and a single port's non-Latin-1 character would make one
 * joined string take two bytes a character.
 */
export function* catalogueParts(head: Record<string, unknown>, portTexts: readonly string[]): Iterable<string> {
  const start = JSON.stringify(head).slice(0, -1);
  yield `${start}${start === '{' ? '' : ','}"ports":[\n`;
  for (let i = 0; i < portTexts.length; i++) yield i < portTexts.length - 1 ? `${portTexts[i]},\n` : `${portTexts[i]}\n`;
  yield ']}\n';
}
