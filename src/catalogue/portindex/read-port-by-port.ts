import type { Read } from '../read-json-file.js';
import { isPortSyntaxError, type PortIndexDocument } from './read-port-index.js';

/** How the document is read at each step down (see readPortByPort). */
export interface PortIndexReads {
  /** Split into its ports, each parsed when taken (or whole, when it does not split). */
  split(): Read<PortIndexDocument>;
  /** Parsed whole, which locates a syntax error. */
  whole(): Read<PortIndexDocument>;
}

/**
 * portindex.json's ports used port by port by the build (to validate them): when a port's text
 * is not JSON (`use` throws a PortSyntaxError, from `take`), the document is parsed whole, and
 * the problem located there.
 */
export function readPortByPort<T>(reads: PortIndexReads, use: (read: PortIndexDocument) => T): Read<T> {
  const read = reads.split();
  if (!read.ok) return read;
  try {
    return { ok: true, value: use(read.value) };
  } catch (cause) {
    if (!isPortSyntaxError(cause)) throw cause;
  }
  const whole = reads.whole();
  return whole.ok ? { ok: true, value: use(whole.value) } : whole;
}
