import type { PortList } from '../derive/ports.js';
import type { ProblemLog } from '../problems/problem-log.js';
import { toJsonText } from '../render/json-text.js';
import type { Progress } from '../report/progress.js';
import { ERROR_BODIES, errorFile, portDirectory, portFile, type ErrorKind } from '../routes/site-files.js';
import { collectGarbage, collectWhenGrown } from '../write/collect-garbage.js';
import type { SiteWriter } from '../write/site-writer.js';
import type { CatalogueFiles } from './build.js';
import { preparePorts } from './prepare-ports.js';

/** How far the heap may grow while the ports are written before a full collection. */
const GC_SLACK_BYTES = 48 << 20;
/** Port files offered to the writer in one message. */
const CARRY_FILES = 1000;

/** Whether the live tree's port files can be carried over. */
export interface CarryOutlook {
  /** Told at once: the live tree has a marker, so they most likely can. */
  likely: boolean;
  /** Told once the writer has read that marker: its prints can be compared with this build's. */
  printed: Promise<boolean>;
}

/**
 * Reads, validates and derives the ports and sends their files ahead to the writer; the port
 * names when all went well. The records live only as long as this call.
 *
 * When the live tree's port files have prints this build can compare with (`carry.printed`,
 * known once the writer has read the live tree), every port is first offered to the writer
 * with its print (see derive/port-prints): a file whose print is the live file's has the bytes
 * of that file and is carried over, not rendered (a rebuild after one port changed renders one
 * file or a few). The writer answers with the files it did not carry; those are rendered.
 */
export async function writePorts(
  files: CatalogueFiles,
  strict: boolean,
  carry: CarryOutlook,
  writer: SiteWriter,
  log: ProblemLog,
  progress: Progress,
): Promise<string[] | undefined> {
  progress.phase('reading ports');
  // Into a new tree, the writer makes each port's directory while the rest are read (see
  // SiteWriter.makeDirectory). When few files are likely to be rendered, the ports are kept as
  // their cores (see preparePorts): should the live tree turn out to have no prints to compare
  // with, every file is rendered from the kept texts.
  const ports = preparePorts(files, log, strict, (record) => writer.makeDirectory(portDirectory(record.name)), carry.likely);
  if (!ports || log.errors > 0) return undefined;
  // The parsed ports are garbage now: collected before the files are rendered, unless few are
  // likely to be (a collection of some 35 ms that a rebuild would only wait for; should every
  // file be rendered after all, renderPorts collects as the heap grows).
  if (!carry.likely) collectGarbage();
  progress.phase('writing ports', ports.length);
  const names = Array.from({ length: ports.length }, (_, i) => ports.nameAt(i));
  await writer.sendAhead(async () => {
    const offered = (await carry.printed) ? offerPorts(ports, names, writer) : undefined;
    const rendered = offered ? await offered : names.map((_, i) => i);
    await renderPorts(ports, names, rendered, writer, progress);
    for (const kind of Object.keys(ERROR_BODIES) as ErrorKind[]) await writer.write(errorFile(kind), toJsonText(ERROR_BODIES[kind]));
  });
  return names;
}

/**
 * Offers every port to the writer to carry over, a thousand at a time; resolves with the
 * indexes of those it did not carry (and of any port without a print), in catalogue order.
 */
async function offerPorts(ports: PortList, names: readonly string[], writer: SiteWriter): Promise<number[]> {
  const answers: Array<Promise<number[]>> = [];
  const unprinted: number[] = [];
  for (let start = 0; start < ports.length; start += CARRY_FILES) {
    const indexes: number[] = [];
    const files: string[] = [];
    const prints: string[] = [];
    for (let i = start; i < Math.min(start + CARRY_FILES, ports.length); i++) {
      const print = ports.printAt(i);
      if (print === undefined) {
        unprinted.push(i);
        continue;
      }
      indexes.push(i);
      files.push(portFile(names[i]!));
      prints.push(print);
    }
    if (files.length === 0) continue;
    const answer = writer.carry(files, prints).then((refused) => {
      if (refused.length === 0) return []; // nearly always: no map of the chunk's files to make
      const position = new Map(files.map((file, i) => [file, i]));
      return refused.map((file) => indexes[position.get(file)!]!);
    });
    answer.catch(() => undefined); // a failed writer fails the build where the answers are awaited
    answers.push(answer);
  }
  return [...unprinted, ...(await Promise.all(answers)).flat()].sort((a, b) => a - b);
}

async function renderPorts(ports: PortList, names: readonly string[], indexes: readonly number[], writer: SiteWriter, progress: Progress): Promise<void> {
  // Port texts that wait in a batch while the disk is slow get promoted and pile up in the
  // old generation; a collection when they do caps that (a slow-disk bench run: 376 MB).
  const collectIfGrown = collectWhenGrown(GC_SLACK_BYTES);
  progress.advance(ports.length - indexes.length);
  for (let k = 0; k < indexes.length; k++) {
    const i = indexes[k]!;
    await writer.write(portFile(names[i]!), ports.textAt(i), ports.printAt(i));
    progress.advance();
    if ((k + 1) % 1000 === 0) collectIfGrown();
  }
}
