import type { PortList } from '../derive/ports.js';
import { PortTexts } from '../render/port-text.js';
import type { PortsList } from '../render/ports-list.js';
import type { Progress } from '../core/progress.js';
import { listPageFile } from '../routes/site-files.js';
import type { SiteWriter } from '../writer/thread/site-writer.js';
import type { PortPages } from './pages-phase.js';

/**
 * Renders the port files the plan asks for (port i's file is `files[i]`) and the ports list's
 * pages whose key changed. A page's ports are rendered newest first, as the list has them, so a
 * port's text is made once for its file and its page, and one page is held at a time; the pages
 * go from the last, and each page's files from its oldest port, so that the files reach the
 * writer in catalogue order, the order the dump of every port is made in (see writer/assembly).
 */
export async function writePorts(ports: PortList, files: readonly string[], list: PortsList, render: ReadonlySet<string>, writer: SiteWriter, progress: Progress, pages?: PortPages): Promise<void> {
  progress.phase('writing ports', ports.length);
  const texts = new PortTexts();
  for (let page = list.pages; page >= 1; page--) {
    const pageFile = listPageFile('ports', page);
    const paged = render.has(pageFile);
    const indices = list.indicesOf(page);
    // A port whose page is made too is read once for both.
    const data = indices.map((i) => (pages && render.has(pages.files[i]!) ? ports.pageAt(i) : undefined));
    const made = indices.map((i, k) => (paged || render.has(files[i]!) ? texts.of(data[k]?.port ?? ports.at(i), ports.escapeFreeAt(i)) : undefined));
    for (let k = indices.length - 1; k >= 0; k--) {
      const i = indices[k]!;
      if (render.has(files[i]!)) await writer.write(files[i]!, made[k]!);
      if (data[k]) await writer.write(pages!.files[i]!, pages!.renderer.page(data[k]!));
      progress.advance();
    }
    if (paged) await writer.write(pageFile, list.body(page, made as string[]));
  }
}
