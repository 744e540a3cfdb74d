import type { PortList, PortSummary } from '../derive/ports.js';
import { PortTexts } from '../render/port-text.js';
import type { PortsList } from '../render/ports-list.js';
import type { Progress } from '../report/progress.js';
import { listPageFile } from '../routes/site-files.js';
import type { SiteWriter } from '../write/site-writer.js';

/**
 * Renders the port files the plan asks for (port i's file is `files[i]`) and the ports list's
 * pages whose key changed. The ports go newest first, as the list does, so a port's text is made once for
 * its file and its page, and one page is held at a time.
 */
export async function writePorts(ports: PortList, files: readonly string[], list: PortsList, render: ReadonlySet<string>, writer: SiteWriter, progress: Progress): Promise<void> {
  progress.phase('writing ports', ports.length);
  const texts = new PortTexts();
  for (let page = 1; page <= list.pages; page++) {
    const pageFile = listPageFile('ports', page);
    const paged: string[] | undefined = render.has(pageFile) ? [] : undefined;
    for (const i of list.indicesOf(page)) {
      if (paged || render.has(files[i]!)) {
        const text = texts.of(ports.at(i), ports.escapeFreeAt(i));
        if (render.has(files[i]!)) await writer.write(files[i]!, text);
        paged?.push(text);
      }
      progress.advance();
    }
    if (paged) await writer.write(pageFile, list.body(page, paged));
  }
}

export function* summaries(ports: PortList): Iterable<PortSummary> {
  for (let i = 0; i < ports.length; i++) yield ports.summaryAt(i);
}
