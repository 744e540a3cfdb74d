/**
 * An integer with its thousands grouped by commas (`43,181`), as `toLocaleString('en-US')`
 * writes it, without that call's first use loading ICU's locale data at the start of a
 * command.
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
