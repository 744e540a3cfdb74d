/**
 * The ports of portindex2json's JSON, split into their texts (see split-port-index), made into
 * the ports the merge takes: each parsed, checked with a build's rules and made text in the one
 * key order. Done for a range of ports, so that two threads can share a large document; pure.
 */
import { isAscii } from 'node:buffer';
import type { PortObject } from '../../derive/merge-ports.js';
import { portProblems } from '../../catalogue/records/validate-portindex.js';
import { below } from '../../catalogue/records/zod-problems.js';
import { indexPort } from './index-port.js';
import type { CheckedEntries } from './source-check.js';
import type { NativeBodies } from './native-port-index.js';

/** Ports `from` to `to` (not included); `unparsable` as soon as one's text is not JSON. */
export function checkJsonEntries(bodies: Pick<NativeBodies, 'body' | 'starts' | 'ends'>, from: number, to: number, file: string): CheckedEntries {
  const { body, starts, ends } = bodies;
  const checked: CheckedEntries = { ports: [], problems: [] };
  if (from >= to) return checked;
  // ASCII text (the usual) is decoded as Latin-1: the same text, without UTF-8's checks.
  const encoding = isAscii(body.subarray(starts[from], ends[to - 1])) ? 'latin1' : 'utf8';
  for (let index = from; index < to; index++) {
    let port: unknown;
    try {
      port = JSON.parse(body.toString(encoding, starts[index], ends[index]));
    } catch {
      return { ports: [], problems: [], unparsable: true };
    }
    const found = portProblems(port, file, (path) => ({ path: below(`ports[${index}]`, path) }));
    checked.problems.push(...found);
    if (found.length === 0) checked.ports.push(indexPort(port as PortObject));
  }
  return checked;
}
