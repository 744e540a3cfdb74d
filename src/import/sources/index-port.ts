import type { IndexPort, PortObject } from '../../derive/merge-ports.js';
import { withKeyOrder } from './port-key-order.js';

/**
 * A checked port as the merge takes it: in the one key order (see port-key-order), without
 * `active` (the catalogue's flag, never the index's), as its JSON text.
 */
export function indexPort(port: PortObject, inOrder = false): IndexPort {
  const ordered = inOrder ? port : withKeyOrder(port);
  const data = Object.hasOwn(ordered, 'active') ? withoutActive(ordered) : ordered;
  // A copy of the name: V8 keeps a long substring as a view of the string it was cut from, and
  // through it the whole decoded source (twice its size in bytes, for one non-Latin-1 character).
  return { name: Buffer.from(port.name).toString(), text: JSON.stringify(data) };
}

function withoutActive({ active: _dropped, ...data }: PortObject): Record<string, unknown> {
  return data;
}
