/** The files a recalled rebuild makes again: its changed ports' files and the ports pages that list them. */
import { portResource, type PortResource } from '../../derive/ports.js';
import { PortTexts } from '../../render/port-text.js';
import type { PortsList } from '../../render/ports-list.js';
import type { Progress } from '../../core/progress.js';
import { listPageFile } from '../../routes/site-files.js';
import type { PortOwn } from '../../catalogue/records/port-record.js';
import type { SiteWriter } from '../../writer/thread/site-writer.js';
import type { PortPages } from '../pages-phase.js';
import type { RecalledPorts } from './recalled-ports.js';

/**
 * The resource of a port made again: its own fields from its text when it changed, else from its
 * last file; its dependencies both ways from the new lists when its links changed; the rest
 * from its last file (made under its previous print, so from the same cross part of it).
 */
function remadeResource(recalled: RecalledPorts, index: number, lastText: string): PortResource {
  const last = JSON.parse(lastText) as PortResource;
  const lists = recalled.relinked?.ports.has(index) ? recalled.relinked.lists : undefined;
  return portResource(last.name, recalled.changed.get(index)?.own ?? ownOf(last), {
    categories: last.categories,
    maintainers: last.maintainers,
    dependencies: lists ? lists.forwardOf(index) : last.dependencies,
    depends_on: lists ? lists.reverseOf(index) : last.depends_on,
  });
}

/** A port's own fields, as its resource publishes them. */
function ownOf(port: PortResource): PortOwn {
  return {
    portdir: port.portdir,
    version: port.version,
    license: port.license,
    platforms: port.platforms,
    epoch: port.epoch,
    replacedBy: port.replaced_by,
    homepage: port.homepage,
    description: port.description,
    longDescription: port.long_description,
    active: port.active,
    variants: port.variants,
  };
}

/**
 * Writes what the plan asks for of the ports (`files[i]` is port i's file), when it asks only
 * for the changed ports' files and pages of the ports list, and every other file is at hand:
 * a changed port's last file (for what it takes from other ports), and the files of the
 * unchanged ports its pages list, as placed. False, having written nothing, when it cannot:
 * the ports are then derived in full. `elsewhere`: files the build makes without the ports.
 */
export async function writeRecalled(
  recalled: RecalledPorts,
  files: readonly string[],
  list: PortsList,
  render: ReadonlySet<string>,
  elsewhere: (file: string) => boolean,
  writer: SiteWriter,
  progress: Progress,
  pages?: PortPages,
): Promise<boolean> {
  const { changed, remade, prints } = recalled;
  const remadeFiles = new Map<string, number>();
  for (const index of remade.keys()) remadeFiles.set(files[index]!, index);
  const pageFiles = new Map<string, number>();
  for (let page = 1; page <= list.pages; page++) pageFiles.set(listPageFile('ports', page), page);
  const portPages = new Map<string, number>();
  for (const index of pages ? remade.keys() : []) portPages.set(pages!.files[index]!, index);
  const toMake: number[] = [];
  const paged: number[] = [];
  const withPage = new Set<number>();
  for (const file of render) {
    const index = remadeFiles.get(file);
    const page = pageFiles.get(file);
    const portPage = portPages.get(file);
    if (index !== undefined) toMake.push(index);
    else if (page !== undefined) paged.push(page);
    else if (portPage !== undefined) withPage.add(portPage);
    else if (!elsewhere(file)) return false;
  }
  // A page shows its variants' descriptions, which only a port read again from its text has;
  // and it is made with the port's file, from the same resource.
  const textOf = (index: number) => changed.get(index) ?? recalled.reread.get(index);
  for (const index of withPage) if (!textOf(index) || !render.has(files[index]!)) return false;
  const asked: Array<[string, string]> = toMake.map((index) => [files[index]!, remade.get(index)!]);
  const placedAt = new Map<number, number>();
  for (const page of paged) {
    for (const index of list.indicesOf(page)) {
      if (render.has(files[index]!) || placedAt.has(index)) continue;
      placedAt.set(index, asked.length);
      asked.push([files[index]!, prints[index]!]);
    }
  }
  const texts = await writer.readTexts(asked);
  if (texts.includes(null)) return false;
  progress.phase('writing ports', toMake.length);
  const portTexts = new PortTexts();
  const made = new Map<number, string>();
  for (let k = 0; k < toMake.length; k++) {
    const index = toMake[k]!;
    // A port whose text did not change is not known to be free of escapes: its strings are escaped as needed.
    const port = remadeResource(recalled, index, texts[k]!);
    const text = portTexts.of(port, changed.get(index)?.escapeFree ?? false);
    made.set(index, text);
    await writer.write(files[index]!, text);
    if (withPage.has(index)) await writer.write(pages!.files[index]!, pages!.renderer.page({ port, variantNotes: textOf(index)!.own.variantNotes ?? {} }));
    progress.advance();
  }
  for (const page of paged) {
    const bodies = list.indicesOf(page).map((index) => made.get(index) ?? texts[placedAt.get(index)!]!);
    await writer.write(listPageFile('ports', page), list.body(page, bodies));
  }
  return true;
}
