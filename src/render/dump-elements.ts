/**
 * The elements of `dump/ports.json` as the writer assembles it (`[`, the port files end to end
 * joined by `,`, `]`): where each starts and ends in its text, found by one pass that follows
 * strings and nesting. A host that answers queries from the dump (the Netlify function, which
 * would otherwise fetch each port's file) slices a port's exact bytes out of it.
 */
export function dumpElements(text: string): Int32Array | undefined {
  if (text[0] !== '[') return undefined;
  const bounds: number[] = [];
  let depth = 0;
  let inString = false;
  let start = 1;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) {
        // The array's end: the last element, if any, ends here.
        if (i > start) bounds.push(start, i);
        return i === text.trimEnd().length - 1 ? Int32Array.from(bounds) : undefined;
      }
      depth--;
    } else if (c === 0x2c && depth === 0) {
      bounds.push(start, i);
      start = i + 1;
    }
  }
  return undefined;
}
