/**
 * The hash of what a port's file takes from other ports (see PortList.printAt): 64 bits in two
 * lanes of 32, each its own algorithm (MurmurHash3's block step, xxHash32's round), fed
 * numbers. A text is fed as the two lanes of its own hash (`hashText`), so each lane of a
 * print gets its own hash of every name. Unequal inputs give equal prints about once in 2^64,
 * as often as two files' content hashes agree by chance; nothing relies on it to resist a made
 * collision (see content-hash). Plain arithmetic on numbers the derivation already holds:
 * printing the same things as text and hashing that cost several times as much.
 */
export class PrintHash {
  private lane1 = 0x2f7a_c3b1;
  private lane2 = 0x6b43_a9b5;
  private fed = 0;

  /** One number in each lane: `a` in the first, `b` (by default `a`) in the second. */
  add(a: number, b: number = a): void {
    this.lane1 = murmurStep(this.lane1, a);
    this.lane2 = xxRound(this.lane2, b);
    this.fed++;
  }

  /** A text, as its hash's two lanes. */
  addText(text: string): void {
    const [a, b] = hashText(text);
    this.add(a, b);
  }

  /** The hash's two lanes, finished: what `digest` writes. */
  lanes(): Lanes {
    return [finalMix(this.lane1 ^ this.fed), finalMix(this.lane2 ^ Math.imul(this.fed, 0x9e37_79b1))];
  }

  /** 16 hex digits. */
  digest(): string {
    return hexOf(this.lanes());
  }
}

/** A finished hash's two lanes, each 32 bits. */
export type Lanes = [number, number];

/** Two hashes as one, in 16 hex digits: a print's cross part from its parts (see PortList.printAt). */
export function joinLanes(first: Lanes, second: Lanes): string {
  const hash = new PrintHash();
  hash.add(first[0], first[1]);
  hash.add(second[0], second[1]);
  return hash.digest();
}

/** The lanes a digest was written from (see PrintHash.digest). */
export function lanesOf(digest: string): Lanes {
  return [parseInt(digest.slice(0, 8), 16), parseInt(digest.slice(8, 16), 16)];
}

export function hexOf(lanes: Lanes): string {
  return hex8(lanes[0]) + hex8(lanes[1]);
}

/** A text's hash in two lanes, fed its UTF-16 code units and its length. */
export function hashText(text: string): [number, number] {
  let lane1 = 0x1b87_3593;
  let lane2 = 0x27d4_eb2f;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    lane1 = murmurStep(lane1, unit);
    lane2 = xxRound(lane2, unit);
  }
  return [finalMix(lane1 ^ text.length), finalMix(lane2 ^ text.length)];
}

function murmurStep(hash: number, value: number): number {
  let k = Math.imul(value, 0xcc9e_2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b87_3593);
  const h = hash ^ k;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe654_6b64) | 0;
}

function xxRound(hash: number, value: number): number {
  const h = (hash + Math.imul(value, 0x85eb_ca77)) | 0;
  return Math.imul((h << 13) | (h >>> 19), 0x9e37_79b1);
}

/** MurmurHash3's finaliser: every input bit reaches every output bit. */
function finalMix(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Two hex digits per byte value: four look-ups took a fraction of `toString(16)` and its padding. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex8(value: number): string {
  return HEX_BYTES[value >>> 24]! + HEX_BYTES[(value >>> 16) & 0xff]! + HEX_BYTES[(value >>> 8) & 0xff]! + HEX_BYTES[value & 0xff]!;
}
