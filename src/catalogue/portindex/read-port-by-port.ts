import type { Read } from '../read-json-file.js';
import { isPortSyntaxError, type PortIndexDocument } from './read-port-index.js';

/** How the document is read at each step down (see readPortByPort). */
export interface PortIndexReads {
  /** Split into its ports; `exact`: with no port's end guessed from the layout (see LayoutEnds). */
  split(exact: boolean): Read<PortIndexDocument>;
  /** Parsed whole, which locates a syntax error. */
  whole(): Read<PortIndexDocument>;
}

/**
 * portindex.json's ports used port by port, by the build (to validate them) and the import (to
 * check a JSON source): a port whose text is not JSON (`use` throws a PortSyntaxError, from
 * `take`) may only have been cut wrong where ends were guessed from the layout, so the
 * document is split again exactly; if one is not JSON all the same, the document is parsed
 * whole, and the problem located there. `from: 'exact'` when the guessed split was tried already.
 */
export function readPortByPort<T>(reads: PortIndexReads, use: (read: PortIndexDocument) => T, from: 'guessed' | 'exact' = 'guessed'): Read<T> {
  for (const exact of from === 'exact' ? [true] : [false, true]) {
    const read = reads.split(exact);
    if (!read.ok) return read;
    try {
      return { ok: true, value: use(read.value) };
    } catch (cause) {
      if (!isPortSyntaxError(cause)) throw cause;
    }
    if (!read.value.byLayout) break;
  }
  const whole = reads.whole();
  return whole.ok ? { ok: true, value: use(whole.value) } : whole;
}
