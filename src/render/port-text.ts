import type { DependencyResource } from '../derive/dependencies.js';
import type { MaintainerResource } from '../derive/maintainers.js';
import type { PortResource } from '../derive/ports.js';
import { escapeLineSeparators } from './json-text.js';

/**
 * A port's file (docs/api.md) as JSON text, written key by key: the bytes `toJsonText(port)`
 * makes, in about a third of the time of JSON.stringify.
 * The keys are in PortResource's order.
 *
 * `escapeFree` (PortRecord.escapeFree): the port's own strings need no escaping, and are
 * written between quotes as they are. Strings this port may take from another (a category or
 * a maintainer as first spelled elsewhere) go through JSON.stringify; port names cannot hold
 * a character that needs escaping (PORT_NAME), nor can the dependency kinds.
 */
export class PortTexts {
  /** Each maintainer's JSON text, made once: a person is one shared resource (MaintainerTally). */
  private readonly people = new Map<MaintainerResource, string>();

  of(port: PortResource, escapeFree: boolean): string {
    const string = escapeFree ? quoted : JSON.stringify;
    const strings = escapeFree ? quotedList : JSON.stringify;
    const replacedBy = port.replaced_by === null ? 'null' : string(port.replaced_by);
    return escapeLineSeparators(
      `{"name":"${port.name}","portdir":${string(port.portdir)},"version":${string(port.version)},"license":${string(port.license)},` +
        `"platforms":${string(port.platforms)},"epoch":${port.epoch},"replaced_by":${replacedBy},"homepage":${string(port.homepage)},` +
        `"description":${string(port.description)},"long_description":${string(port.long_description)},"active":${port.active},` +
        `"categories":${JSON.stringify(port.categories)},"maintainers":${this.maintainers(port.maintainers)},"variants":${strings(port.variants)},` +
        `"dependencies":${dependencies(port.dependencies)},"depends_on":${dependencies(port.depends_on)}}`,
    );
  }

  private maintainers(list: readonly MaintainerResource[]): string {
    let text = '[';
    for (let i = 0; i < list.length; i++) {
      const person = list[i]!;
      let own = this.people.get(person);
      if (own === undefined) this.people.set(person, (own = JSON.stringify(person)));
      text += i === 0 ? own : `,${own}`;
    }
    return `${text}]`;
  }
}

function quoted(text: string): string {
  return `"${text}"`;
}

function quotedList(list: readonly string[]): string {
  return list.length === 0 ? '[]' : `["${list.join('","')}"]`;
}

/** Port names and kinds: nothing to escape. */
function dependencies(list: readonly DependencyResource[]): string {
  let text = '[';
  for (let i = 0; i < list.length; i++) {
    const { type, ports } = list[i]!;
    text += `${i === 0 ? '' : ','}{"type":"${type}","ports":${quotedList(ports)}}`;
  }
  return `${text}]`;
}
