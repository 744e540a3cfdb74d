import { derivePorts, type PortList, type PortResource } from '../../src/derive/ports.js';
import { toPortRecord, type PortRecord } from '../../src/catalogue/records/port-record.js';
import { portSchema } from '../../src/catalogue/records/port-schema.js';

/** Validated records from source objects written as portindex2json would write them. */
export function records(...sources: Array<Record<string, unknown>>): PortRecord[] {
  return sources.map((source, i) =>
    toPortRecord(portSchema.parse({ portdir: `devel/${String(source.name)}`, version: '1.0', ...source }), i),
  );
}

export function derive(...sources: Array<Record<string, unknown>>): Map<string, PortResource> {
  const { ports } = derivePorts(records(...sources), 'portindex.json');
  return new Map(allPorts(ports).map((p) => [p.name, p]));
}

/** Every resource of the list at once. */
export function allPorts(list: PortList): PortResource[] {
  return Array.from({ length: list.length }, (_, i) => list.at(i));
}
