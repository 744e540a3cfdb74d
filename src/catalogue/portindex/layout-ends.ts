const NL = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;

function isBlank(b: number | undefined): boolean {
  return b === SPACE || b === TAB || b === CR;
}

/**
 * Where each port of `portindex.json` ends, guessed from the layout JSON writers give it, with a
 * native search or two per port instead of a look at every byte. A port is an object that ends
 * either at the end of the line it starts on (one port per line), or at the first `}` that
 * starts a line indented as the line of its `{`: an indented document, as `JSON.stringify`
 * with an indent writes one, and as MacPorts' converter does (tcllib's json::write indents
 * objects by default and writes arrays compact, so its ports follow one another as `},{`).
 * Valid JSON has no newline inside a string, so a line start is always outside one.
 *
 * A guess, which parsing confirms: a text that starts where a port starts and parses is that
 * port, since a shorter one leaves its object open and a longer one has more after it. So a
 * split made with guesses is used only as long as every port's text parses (see
 * prepare-ports), and made again exactly when one does not.
 *
 * A guess the caller finds not followed as a port's end is (`stop`), or a search that finds
 * nothing, ends the guessing: the document is not laid out this way, and each search could
 * otherwise read on to its end. In a window on the document (see scan-port-index), a search
 * that reaches the window's end says so (MORE_BYTES): the caller reads on and asks again.
 */
export class LayoutEnds {
  private guessing = true;

  /**
   * `bytes`: the document, or a window on it (see moveTo), the document ending with it when
   * `final`; `startsLine`: whether its first byte starts a line.
   */
  constructor(
    private bytes: Buffer,
    private final = true,
    private startsLine = true,
  ) {}

  /** Guesses go on in another window on the same document. */
  moveTo(bytes: Buffer, final: boolean, startsLine: boolean): void {
    this.bytes = bytes;
    this.final = final;
    this.startsLine = startsLine;
  }

  /**
   * The guessed end (exclusive) of the object starting at `start`, -1 for no guess, or
   * MORE_BYTES when a window ends before the guess is made.
   */
  endOf(start: number): number {
    if (!this.guessing || this.bytes[start] !== OPEN) return -1;
    const onItsLine = this.endOnLine(start);
    return onItsLine === -1 ? this.endIndented(start) : onItsLine;
  }

  stop(): void {
    this.guessing = false;
  }

  /** Just past the `}` that ends the line of `start` (before a comma), or -1, or MORE_BYTES. */
  private endOnLine(start: number): number {
    const bytes = this.bytes;
    let end = bytes.indexOf(NL, start + 1);
    if (end < 0) {
      if (!this.final) return MORE_BYTES;
      end = bytes.length;
    }
    while (isBlank(bytes[end - 1])) end--;
    if (bytes[end - 1] === COMMA) end--;
    return end - 1 > start && bytes[end - 1] === CLOSE ? end : -1;
  }

  /**
   * Just past the first `}` after `start` that starts a line indented as the line of `start`,
   * or -1, or MORE_BYTES.
   */
  private endIndented(start: number): number {
    const bytes = this.bytes;
    const newline = bytes.lastIndexOf(NL, start);
    if (newline < 0 && !this.startsLine) return -1; // the line's indent is not in the window
    const lineStart = newline + 1;
    let indent = 0;
    while (bytes[lineStart + indent] === SPACE || bytes[lineStart + indent] === TAB) indent++;
    for (let k = bytes.indexOf(CLOSE, start + 1); k !== -1; k = bytes.indexOf(CLOSE, k + 1)) {
      if (bytes[k - indent - 1] === NL && this.sameBytes(lineStart, k - indent, indent)) return k + 1;
    }
    if (!this.final) return MORE_BYTES;
    this.stop(); // read to the end for nothing: the next port's search would do so again
    return -1;
  }

  private sameBytes(a: number, b: number, length: number): boolean {
    for (let j = 0; j < length; j++) if (this.bytes[a + j] !== this.bytes[b + j]) return false;
    return true;
  }
}

/** LayoutEnds.endOf's answer when the window ends before its guess is made. */
export const MORE_BYTES = -2;
