/**
 * JSON.parse on Node 20 often does not say where it failed ("Unexpected end of JSON input").
 * This small scanner runs only after a failed parse and finds the first offending character,
 * so the report can name a line and column.
 */
interface JsonFault {
  offset: number;
  line: number;
  column: number;
  expected: string;
  found: string;
}

export function locateJsonError(text: string): JsonFault | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.value();
    scanner.space();
    if (scanner.i < text.length) scanner.fail('end of input');
    return undefined;
  } catch (fault) {
    if (fault instanceof FaultSignal) return scanner.describe(fault.offset, fault.expected);
    throw fault;
  }
}

class FaultSignal {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {}
}

class Scanner {
  i = 0;
  constructor(private readonly text: string) {}

  fail(expected: string): never {
    throw new FaultSignal(this.i, expected);
  }

  space(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i]!)) this.i++;
  }

  /**
   * One value, nested arrays and objects included, with a stack of its open containers rather
   * than a call per level: a line of thousands of `[` would overflow the call stack.
   */
  value(): void {
    const open: Array<'{' | '['> = [];
    for (;;) {
      this.space();
      const c = this.text[this.i];
      if (c === '{' || c === '[') {
        this.i++;
        this.space();
        if (this.text[this.i] === (c === '{' ? '}' : ']')) this.i++;
        else {
          open.push(c);
          if (c === '{') this.key();
          continue;
        }
      } else this.scalar();
      // After a value: close what it ended, or go on to the next member.
      for (;;) {
        const top = open.at(-1);
        if (top === undefined) return;
        this.space();
        const d = this.text[this.i];
        const close = top === '{' ? '}' : ']';
        if (d === close) {
          this.i++;
          open.pop();
          continue;
        }
        if (d !== ',') this.fail(`',' or '${close}'`);
        this.i++;
        if (top === '{') this.key();
        break;
      }
    }
  }

  /** A member's key and its colon. */
  private key(): void {
    this.space();
    if (this.text[this.i] !== '"') this.fail('a string key');
    this.string();
    this.space();
    if (this.text[this.i] !== ':') this.fail("':'");
    this.i++;
  }

  private scalar(): void {
    const c = this.text[this.i];
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    this.fail('a JSON value');
  }

  private string(): void {
    this.i++;
    for (;;) {
      const c = this.text[this.i];
      if (c === undefined) this.fail('a closing \'"\'');
      if (c === '"') {
        this.i++;
        return;
      }
      if (c < ' ') this.fail('an escaped control character');
      if (c === '\\') {
        const e = this.text[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6))) {
            this.i++;
            this.fail('four hex digits after \\u');
          }
          this.i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          this.i++;
          this.fail('a valid escape');
        }
        this.i += 2;
        continue;
      }
      this.i++;
    }
  }

  private number(): void {
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!match || match[0] === '-') this.fail('a number');
    this.i += match[0].length;
  }

  describe(offset: number, expected: string): JsonFault {
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < offset; k++) {
      if (this.text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    const found = offset >= this.text.length ? 'end of input' : JSON.stringify(this.text.slice(offset, offset + 12));
    return { offset, line, column: offset - lineStart + 1, expected, found };
  }
}
