/** Counts as the pages say them: thousands separated as in English (40,000), and the noun in the plural but for one. */

export const number = (n: number) => n.toLocaleString('en-US');

/** `1 port`, `40,000 ports`; `plural` for a noun that does not take an s. */
export const counted = (n: number, noun: string, plural = `${noun}s`) => `${number(n)} ${n === 1 ? noun : plural}`;
