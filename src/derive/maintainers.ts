import type { MaintainerSource, PortCore } from '../catalogue/records/port-record.js';
import { doubled } from './doubled.js';
import { hashText, type PrintHash } from './print-hash.js';

export interface MaintainerResource {
  name: string;
  github: string;
  ports_count: number;
}

/** docs/api.md: one person is (email name, email domain, github), compared case-insensitively. */
function maintainerKey(m: MaintainerSource): string {
  return `${m.name.toLowerCase()}\u0000${m.domain.toLowerCase()}\u0000${m.github.toLowerCase()}`;
}

/**
 * Every person once, as a resource spelled as first seen, with `ports_count` over every port,
 * active or not, that lists the person (once per port however often it lists them); and per
 * port, its people by number in source order (docs/api.md). Packed: most ports list one person,
 * and a list per port is made only when its file is rendered.
 */
export class MaintainerTally {
  readonly people: MaintainerResource[] = [];
  /** The hash of each person's resource as JSON text, made when first printed. */
  private readonly hashes: Array<[number, number]> = [];
  /** Person numbers, port after port: port i's are `listed[firstListed[i]]` up to `firstListed[i + 1]`. */
  private listed: Int32Array = new Int32Array(1024);
  private readonly firstListed: Int32Array;

  constructor(records: readonly PortCore[]) {
    const numbers = new Map<string, number>();
    this.firstListed = new Int32Array(records.length + 1);
    let count = 0;
    for (let port = 0; port < records.length; port++) {
      const first = (this.firstListed[port] = count);
      for (const m of records[port]!.maintainers) {
        const key = maintainerKey(m);
        let person = numbers.get(key);
        if (person === undefined) {
          numbers.set(key, (person = this.people.length));
          this.people.push({ name: m.name, github: m.github, ports_count: 0 });
        } else if (this.isListed(person, first, count)) continue; // listed twice by this port
        this.people[person]!.ports_count++;
        if (count === this.listed.length) this.listed = doubled(this.listed);
        this.listed[count++] = person;
      }
    }
    this.firstListed[records.length] = count;
  }

  private isListed(person: number, from: number, to: number): boolean {
    for (let k = from; k < to; k++) if (this.listed[k] === person) return true;
    return false;
  }

  /** The port at `index` lists the people numbered `personAt(k)` for k from `firstOf(index)` up to `firstOf(index + 1)`. */
  firstOf(index: number): number {
    return this.firstListed[index]!;
  }

  personAt(k: number): number {
    return this.listed[k]!;
  }

  /** The port's maintainers as published: the shared resource of each person, in source order. */
  of(index: number): MaintainerResource[] {
    const out: MaintainerResource[] = [];
    for (let k = this.firstOf(index); k < this.firstOf(index + 1); k++) out.push(this.people[this.personAt(k)]!);
    return out;
  }

  /** The port's maintainers as published, for its print (see derive/ports). */
  print(hash: PrintHash, index: number): void {
    hash.add(this.firstOf(index + 1) - this.firstOf(index));
    for (let k = this.firstOf(index); k < this.firstOf(index + 1); k++) {
      const person = this.personAt(k);
      const [a, b] = (this.hashes[person] ??= hashText(JSON.stringify(this.people[person])));
      hash.add(a, b);
    }
  }
}
