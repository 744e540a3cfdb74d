/**
 * `npm run bench`: builds a MacPorts-scale synthetic catalogue and prints, for one run, the
 * wall time, peak RSS, files and bytes, and the ratio to the I/O floor measured in the same
 * run (floors and full builds in turns, the median of the rounds), with rebuilds after one
 * port changes in each round (against the median full build); then a run with 4× the builds
 * (ratio of peak RSS); then `ports-gen import` of a native PortIndex of as many ports into a
 * catalogue of them (all updated, 1 % retired, 1 % added), wall time and peak RSS.
 * Options: --ports 40000 --builds 100000 --files 40 --dir bench-out --seed 1 --rounds 5
 * --skip-4x --only-import (the import alone, in seconds) --layout converter|one-line
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dependencyTarget } from '../src/derive/dependencies.js';
import { describeLoad, probeMetadata, sampleMachine } from './machine-load.js';
import { jsonDump } from './synth/json-dump.js';
import { jsonWrite } from './synth/json-write.js';
import { synthCatalogue } from './synth-catalogue.js';
import { synthPortIndexPair } from './synth-port-index.js';

const { values } = parseArgs({
  options: {
    ports: { type: 'string', default: '40000' },
    builds: { type: 'string', default: '100000' },
    files: { type: 'string', default: '40' },
    seed: { type: 'string', default: '1' },
    dir: { type: 'string', default: 'bench-out' },
    // Five: on a shared virtual machine the same rebuild can take almost half as much CPU time
    // again in some minutes as in others, and of three rounds two such minutes decide the
    // median; of five, three must.
    rounds: { type: 'string', default: '5' },
    'skip-4x': { type: 'boolean', default: false },
    'only-import': { type: 'boolean', default: false },
    layout: { type: 'string', default: 'converter' },
  },
});
/** How portindex.json is laid out: as MacPorts' converter writes it, or on one line (see json-dump). */
const LAYOUTS: Record<string, (value: unknown) => string> = { converter: jsonWrite, 'one-line': jsonDump };
const layOut = LAYOUTS[values.layout];
if (!layOut) throw new Error(`--layout is one of ${Object.keys(LAYOUTS).join(', ')}, not ${values.layout}`);
const ports = Number(values.ports);
const builds = Number(values.builds);
const files = Number(values.files);
const seed = Number(values.seed);
const rounds = Math.max(1, Number(values.rounds));
const dir = path.resolve(values.dir);
const child = new URL('./bench-build.js', import.meta.url).pathname;
const importChild = new URL('./bench-import.js', import.meta.url).pathname;

/**
 * CPU seconds and minor page faults (mostly new pages of memory, each zeroed by the kernel): the
 * faults tell more memory from a slower machine when a round spends more system time (run AS:
 * the same 65,000 faults in every rebuild round, a page zeroed in 1.4 µs to 7 µs).
 */
interface Cpu {
  user: number;
  system: number;
  faults: number;
}

interface Measured {
  ok: boolean;
  /** From the build's call to its end, in the child: what the figures and targets use. */
  seconds: number;
  /**
   * From the child's start to its exit, as users wait for it: Node's start, the code's loading
   * and the writer thread's start (begun before the build's call, see writer-thread) too.
   */
  processSeconds: number;
  peakRssMB: number;
  /** The child's CPU seconds, and what the machine did meanwhile (see machine-load). */
  cpu: Cpu;
  load: string;
  /** The child's phase timings, as it printed them. */
  phases: string;
  stats: { ports: number; builds: number; pages: number; paths: number; files: number; written: number; carried: number; bytes: number };
}

/** Flushes dirty pages first, so a measurement does not pay for the previous one's writes. */
function settle(): void {
  spawnSync('sync');
}

function measureBuild(catalogue: string, out: string, ...flags: string[]): Measured {
  settle();
  const before = sampleMachine();
  const started = performance.now();
  const run = spawnSync(process.execPath, [child, catalogue, out, ...flags], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const processSeconds = (performance.now() - started) / 1000;
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !line.startsWith('{')) throw new Error(`build failed: ${run.stderr}`);
  const measured = JSON.parse(line) as Measured;
  if (!measured.ok) throw new Error('the synthetic catalogue did not build');
  measured.processSeconds = processSeconds;
  measured.load = describeLoad(before, sampleMachine());
  measured.phases = run.stderr
    .split('\n')
    .filter((entry) => / s$/.test(entry))
    .map((entry) => `      ${entry}`)
    .join('\n');
  return measured;
}

/** Every file of a tree with its bytes, read before the clock starts. */
function readTree(root: string): Array<[string, Buffer]> {
  const out: Array<[string, Buffer]> = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(root, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else out.push([rel, readFileSync(path.join(root, rel))]);
    }
  };
  walk('');
  return out;
}

/**
 * The I/O floor: plain sequential writeFileSync of the same names and bytes into a fresh
 * directory on the same file system. The tree stays until the end of the run on a disk (see
 * discard).
 */
function measureFloor(tree: Array<[string, Buffer]>, floor: string): Floor {
  const probe = probeMetadata(path.join(path.dirname(floor), 'probes'));
  settle();
  const before = sampleMachine();
  const cpu = process.cpuUsage();
  const faults = process.resourceUsage().minorPageFault;
  const started = performance.now();
  const made = new Set<string>();
  for (const [rel, bytes] of tree) {
    const target = path.join(floor, rel);
    const parent = path.dirname(target);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    writeFileSync(target, bytes);
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { seconds, cpu: { user: used.user / 1e6, system: used.system / 1e6, faults: process.resourceUsage().minorPageFault - faults }, load: describeLoad(before, sampleMachine()), probe };
}

interface Floor {
  seconds: number;
  cpu: Cpu;
  load: string;
  /** What a new directory with a file cost just before (see probeMetadata), in µs. */
  probe: number;
}

/** The middle one of `items` by `by` (of an even count, the upper of the two). */
function middleOf<T>(items: readonly T[], by: (item: T) => number): T {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;
}

/**
 * Edits the synthetic portindex.json and writes it back in the layout of --layout, so that the
 * full builds of later rounds read the same layout as the first.
 */
function editPortIndex(catalogue: string, edit: (ports: Array<Record<string, unknown>>) => string): string {
  const file = path.join(catalogue, 'portindex.json');
  const { ports, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as { ports: Array<Record<string, unknown>> };
  const what = edit(ports);
  writeFileSync(file, `${layOut!({ ...rest, ports })}\n`);
  return what;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const row = (label: string, value: string) => console.log(`  ${label.padEnd(34)} ${value}`);
const cpuOf = (cpu: Cpu) => `${cpu.user.toFixed(2)} s user, ${cpu.system.toFixed(2)} s system, ${cpu.faults.toLocaleString('en-US')} page faults`;
/** The CPU time of every round but the median one, whose details are printed in full. */
function cpuOfOtherRounds(measurements: readonly Measured[], middle: number, label: string): void {
  measurements.forEach((measured, i) => {
    if (i !== middle) row(`round ${i + 1}: ${label}`, cpuOf(measured.cpu));
  });
}
/** Where the time went: the phases, the CPU time, and what the machine did meanwhile. */
function details(measured: Measured): void {
  row('process, start to exit', `${measured.processSeconds.toFixed(2)} s`);
  row('cpu time', cpuOf(measured.cpu));
  if (measured.load) row('machine meanwhile', measured.load);
  console.log(measured.phases);
}

/** The issue's targets for importing a MacPorts-sized native PortIndex into a catalogue as large. */
const IMPORT_TARGET = { seconds: 3, peakRssMB: 400 };
type ImportCounts = { added: number; updated: number; unchanged: number; retired: number; returned: number };

interface ImportMeasured {
  /** The process's wall time, start to exit, as users wait for it. */
  seconds: number;
  /** From the command's start, as the child timed it (without Node's start and the bundle's load). */
  commandSeconds: number;
  peakRssMB: number;
  cpu: Cpu;
  load: string;
}

/**
 * `ports-gen import <source> --catalogue <catalogue>` in a process of its own (bench-import);
 * fails loudly unless its report has the `expected` counts and the catalogue was written.
 */
function measureImport(source: string, catalogue: string, expected: ImportCounts): ImportMeasured {
  settle();
  const before = sampleMachine();
  const started = performance.now();
  const run = spawnSync(process.execPath, [importChild, source, catalogue], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  const lines = run.stdout.trim().split('\n');
  if (run.status !== 0 || lines.length < 2) throw new Error(`import failed (exit ${run.status}): ${run.stdout.slice(0, 4000)}${run.stderr}`);
  const report = JSON.parse(lines[0]!) as Record<string, unknown>;
  const measured = JSON.parse(lines.at(-1)!) as { code: number; seconds: number; peakRssMB: number; cpu: Cpu };
  const counts = Object.fromEntries(Object.keys(expected).map((kind) => [kind, (report[kind] as unknown[] | undefined)?.length]));
  if (measured.code !== 0 || report.written !== true || Object.entries(expected).some(([kind, count]) => counts[kind] !== count)) {
    throw new Error(`import of ${source} reported ${JSON.stringify(counts)} (exit ${measured.code}, written ${String(report.written)}), expected ${JSON.stringify(expected)}: ${lines[0]!.slice(0, 4000)}`);
  }
  return { seconds, commandSeconds: measured.seconds, peakRssMB: measured.peakRssMB, cpu: measured.cpu, load: describeLoad(before, sampleMachine()) };
}

/**
 * Importing at MacPorts' scale: a first native PortIndex into an empty catalogue (reported, not
 * the target's), then a second one of as many ports in which every port's version changed, 1 %
 * of the first's ports are missing and 1 % are new (see synth-port-index).
 */
function benchImport(): void {
  const work = path.join(dir, 'import');
  mkdirSync(work, { recursive: true });
  console.log(`\nsynthesising two native PortIndex files of ${ports} ports (seed ${seed}) ...`);
  const pair = synthPortIndexPair(ports, seed);
  const [first, second] = [path.join(work, 'PortIndex-1'), path.join(work, 'PortIndex-2')];
  writeFileSync(first, pair.first);
  writeFileSync(second, pair.second);
  const catalogue = path.join(work, 'catalogue');
  const none = { added: 0, updated: 0, unchanged: 0, retired: 0, returned: 0 };
  const initial = measureImport(first, catalogue, { ...none, added: pair.ports });
  const timed = measureImport(second, catalogue, { ...none, ...pair.expected });
  const bytes = Buffer.byteLength(pair.second);
  console.log(`\nimport of a native PortIndex (${pair.ports.toLocaleString('en-US')} ports, ${mb(bytes)}, ${(bytes / pair.ports).toFixed(0)} bytes a port)`);
  const line = (measured: ImportMeasured) =>
    `${measured.seconds.toFixed(2)} s (${measured.commandSeconds.toFixed(2)} s from the command's start), peak RSS ${measured.peakRssMB.toFixed(0)} MB`;
  row('first, into an empty catalogue', `${line(initial)}; ${pair.ports.toLocaleString('en-US')} added`);
  row('second, into that catalogue', `${line(timed)}; ${pair.expected.updated.toLocaleString('en-US')} updated, ${pair.expected.retired} retired, ${pair.expected.added} added`);
  const met = timed.seconds <= IMPORT_TARGET.seconds && timed.peakRssMB <= IMPORT_TARGET.peakRssMB;
  row('target (second import)', `≤ ${IMPORT_TARGET.seconds} s and ≤ ${IMPORT_TARGET.peakRssMB} MB: ${met ? 'met' : 'MISSED'}`);
  row('catalogue written', mb(readFileSync(path.join(catalogue, 'portindex.json')).length));
  row('first: cpu time', cpuOf(initial.cpu));
  if (initial.load) row('first: machine meanwhile', initial.load);
  row('second: cpu time', cpuOf(timed.cpu));
  if (timed.load) row('second: machine meanwhile', timed.load);
}

if (existsSync(dir)) {
  console.log(`deleting ${dir}, left by an earlier run: on some file systems (ext4 without a journal)`);
  console.log('new files cost more for minutes after a large deletion; see "new dir + file" below');
}
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
if (values['only-import']) {
  benchImport();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
const catalogue = path.join(dir, 'catalogue');
const out = path.join(dir, 'dist');
console.log(`synthesising ${ports} ports, ${builds} builds × ${files} files (seed ${seed}) ...`);
const made = await synthCatalogue({ ports, builds, files, seed, out: catalogue });
if (values.layout !== 'converter') editPortIndex(catalogue, () => '');
console.log(`portindex.json laid out as: ${values.layout}`);

// The floor needs the site's bytes: an unmeasured first build gives them, into the tree the
// rebuilds below start from. The second build of an unchanged catalogue writes nothing, but
// has no spare tree yet: it makes a new tree (every directory, every file linked) and keeps
// the replaced one as the spare, which every later build updates in place.
measureBuild(catalogue, out);
const tree = readTree(out);
const again = measureBuild(catalogue, out);
// The same site with the pages for people, rebuilt after each edit as `out` is.
const pagesOut = path.join(dir, 'dist-pages');
measureBuild(catalogue, pagesOut, '--pages');
// The floor of the site with its pages: what the pages add to the writing alone, the measure
// against which `--pages` can be judged (its target is a ratio to the build without).
const pagesTree = readTree(pagesOut);
measureBuild(catalogue, pagesOut, '--pages'); // its spare tree, as above

/** tmpfs's `f_type` (statfs(2)). */
const TMPFS_MAGIC = 0x01021994;
const onTmpfs = statfsSync(dir).type === TMPFS_MAGIC;

/**
 * A measured floor's or full build's tree (with a build's state directory beside it): on tmpfs
 * deleted at once, so that every measurement finds as much memory in use. Kept, a few
 * gigabytes of them made the later floors of a run several times slower than the first, the
 * kernel's time with them, and the builds less so: the ratio looked better than a build alone
 * is (see docs/benchmark.md). On a disk it stays to the end: deleting it would load the disk
 * while the next measurement runs.
 */
function discard(tree: string): void {
  if (!onTmpfs) return;
  rmSync(tree, { recursive: true, force: true });
  rmSync(path.join(path.dirname(tree), `.${path.basename(tree)}.ports-gen`), { recursive: true, force: true });
}

type Rebuild = { what: string; measured: Measured; pages: Measured };
function rebuild(edit: (ports: Array<Record<string, unknown>>) => string): Rebuild {
  const what = editPortIndex(catalogue, edit);
  return { what, measured: measureBuild(catalogue, out), pages: measureBuild(catalogue, pagesOut, '--pages') };
}
// The same port's version, changed again in each round: its file alone has other bytes.
const changeVersion = (list: Array<Record<string, unknown>>) => {
  const port = list[Math.floor(list.length / 2)]!;
  port.version = `${String(port.version)}.1`;
  return `${String(port.name)} ${String(port.version)}`;
};
// The same port names another port in each round, one it did not name yet (from the first
// ports of the catalogue on): its file and the named port's change.
const addDependency = (round: number) => (list: Array<Record<string, unknown>>) => {
  const port = list[Math.floor(list.length / 3)]!;
  const depends = (port.depends_lib as string[] | undefined) ?? [];
  const listed = new Set([String(port.name), ...depends.map(dependencyTarget)].map((name) => name.toLowerCase()));
  const named = String(list.slice(round - 1).find((candidate) => !listed.has(String(candidate.name).toLowerCase()))!.name);
  port.depends_lib = [...depends, `port:${named}`];
  return `${String(port.name)} now also depends on ${named}`;
};

// Floors and full builds take turns (floor, build, floor, ..., build, floor), each build
// compared with the mean of the floors just before and after it, because a disk's speed can
// drift within a run; the figure is the median of the rounds' ratios. Each round's rebuilds
// come right after its floor, so that they and the full builds they are compared with share the
// same minutes: the CPU time of one and the same full build can differ by a quarter from one
// round to the next.
const floors = [measureFloor(tree, path.join(dir, 'floor-0'))];
discard(path.join(dir, 'floor-0'));
const fulls: Measured[] = [];
/** The same full build without the dumps, right after it, for what they cost; and with the pages. */
const withoutDumps: Measured[] = [];
const withPages: Measured[] = [];
/** Each round's floor of the site with its pages, after the round's floor without. */
const pagesFloors: Floor[] = [];
const versions: Rebuild[] = [];
const dependencies: Rebuild[] = [];
for (let round = 1; round <= rounds; round++) {
  fulls.push(measureBuild(catalogue, path.join(dir, `full-${round}`)));
  discard(path.join(dir, `full-${round}`));
  withoutDumps.push(measureBuild(catalogue, path.join(dir, `bare-${round}`), '--no-dumps'));
  discard(path.join(dir, `bare-${round}`));
  withPages.push(measureBuild(catalogue, path.join(dir, `pages-${round}`), '--pages'));
  discard(path.join(dir, `pages-${round}`));
  floors.push(measureFloor(tree, path.join(dir, `floor-${round}`)));
  discard(path.join(dir, `floor-${round}`));
  pagesFloors.push(measureFloor(pagesTree, path.join(dir, `floor-pages-${round}`)));
  discard(path.join(dir, `floor-pages-${round}`));
  versions.push(rebuild(changeVersion));
  dependencies.push(rebuild(addDependency(round)));
}
const ratios = fulls.map((build, i) => build.seconds / ((floors[i]!.seconds + floors[i + 1]!.seconds) / 2));
const middle = middleOf([...ratios.keys()], (i) => ratios[i]!);
const full = fulls[middle]!;
console.log(`\nfull build (${made.paths.toLocaleString('en-US')} paths, ${mb(made.bytes)} of input), ${rounds} rounds`);
fulls.forEach((build, i) => {
  const [before, after] = [floors[i]!, floors[i + 1]!];
  row(`round ${i + 1}: floor, build, floor`, `${before.seconds.toFixed(2)} s, ${build.seconds.toFixed(2)} s, ${after.seconds.toFixed(2)} s: ${ratios[i]!.toFixed(2)} ×`);
});
row('build / I/O floor (median)', `${ratios[middle]!.toFixed(2)} × (round ${middle + 1})`);
row('peak RSS (highest of the rounds)', `${Math.max(...fulls.map((build) => build.peakRssMB)).toFixed(0)} MB`);
{
  const bare = middleOf(withoutDumps, (build) => build.seconds);
  const dumped = middleOf(fulls, (build) => build.seconds);
  const costs = fulls.map((build, i) => build.seconds / withoutDumps[i]!.seconds - 1);
  row('without the dumps (median)', `${bare.seconds.toFixed(2)} s, peak RSS ${Math.max(...withoutDumps.map((build) => build.peakRssMB)).toFixed(0)} MB`);
  row('the dumps cost (median of the rounds)', `${(100 * costs.sort((a, b) => a - b)[Math.floor(costs.length / 2)]!).toFixed(0)} % (${dumped.seconds.toFixed(2)} s against ${bare.seconds.toFixed(2)} s)`);
  const paged = middleOf(withPages, (build) => build.seconds);
  const ratiosWithPages = withPages.map((build, i) => build.seconds / fulls[i]!.seconds).sort((a, b) => a - b);
  row('with --pages (median)', `${paged.seconds.toFixed(2)} s, peak RSS ${Math.max(...withPages.map((build) => build.peakRssMB)).toFixed(0)} MB, ${paged.stats.files.toLocaleString('en-US')} files`);
  row('with --pages / without (median of the rounds)', `${ratiosWithPages[Math.floor(ratiosWithPages.length / 2)]!.toFixed(2)} × (target ≤ 1.5 ×)`);
  const floorsGrow = middleOf(pagesFloors.map((floor, i) => floor.seconds / floors[i + 1]!.seconds), (ratio) => ratio);
  const pagesOverFloor = middleOf(withPages.map((build, i) => build.seconds / pagesFloors[i]!.seconds), (ratio) => ratio);
  row('I/O floor with --pages / without (median)', `${floorsGrow.toFixed(2)} × (${middleOf(pagesFloors, (floor) => floor.seconds).seconds.toFixed(2)} s, ${pagesTree.length.toLocaleString('en-US')} files)`);
  row('with --pages / its I/O floor (median)', `${pagesOverFloor.toFixed(2)} ×`);
}
row('files / bytes written', `${full.stats.files.toLocaleString('en-US')} / ${mb(full.stats.bytes)}`);
floors.forEach((floor, i) => {
  row(`floor ${i}: cpu time`, cpuOf(floor.cpu));
  row(`floor ${i}: new dir + file`, `${floor.probe.toFixed(0)} µs${floor.load ? `; ${floor.load}` : ''}`);
});
cpuOfOtherRounds(fulls, middle, "build's cpu time");
console.log(`  round ${middle + 1}'s build:`);
details(full);

// Rebuilds are compared with the median of the full builds: one rebuild against the build of
// one round swung with that round's disk (run O: 49 % of its 4.49 s build, 36 % of the median
// 6.16 s). The fastest full build is printed beside it, for the worst case.
const medianFull = middleOf(fulls, (build) => build.seconds).seconds;
const fastestFull = Math.min(...fulls.map((build) => build.seconds));
const percentOf = (seconds: number, of: number) => `${((100 * seconds) / of).toFixed(0)}%`;
/** The issue's target for a rebuild after one port changed: at most this share of a full build. */
const REBUILD_TARGET = 0.4;

console.log(`\nsecond build, nothing changed (makes the spare tree)`);
row('wall time', `${again.seconds.toFixed(2)} s (${percentOf(again.seconds, medianFull)} of the median full build)`);
row('files rewritten', `${again.stats.written} of ${again.stats.files.toLocaleString('en-US')}`);
row('files carried over, not made again', `${again.stats.carried.toLocaleString('en-US')}`);
details(again);

function reportRebuilds(title: string, runs: readonly Rebuild[], full = medianFull, fastest = fastestFull): void {
  const middleRound = middleOf([...runs.keys()], (i) => runs[i]!.measured.seconds);
  const median = runs[middleRound]!.measured;
  console.log(`\n${title}, ${rounds} rounds`);
  runs.forEach(({ what, measured }, i) => {
    row(`round ${i + 1}`, `${measured.seconds.toFixed(2)} s (process ${measured.processSeconds.toFixed(2)} s), ${measured.stats.written} of ${measured.stats.files.toLocaleString('en-US')} files rewritten (${what})`);
  });
  // The rounds of one rebuild differ by their CPU time, system or user, on the same work
  // (runs AN to AW): the CPU time of every round, the median round's below with its details.
  cpuOfOtherRounds(runs.map(({ measured }) => measured), middleRound, 'cpu time');
  row('wall time (median)', `${median.seconds.toFixed(2)} s (round ${middleRound + 1}): ${percentOf(median.seconds, full)} of the median full build (${full.toFixed(2)} s), ${percentOf(median.seconds, fastest)} of the fastest (${fastest.toFixed(2)} s)`);
  const over = runs.filter(({ measured }) => measured.seconds > REBUILD_TARGET * full).length;
  row(`rounds over the target (${percentOf(REBUILD_TARGET, 1)})`, `${over} of ${runs.length}, against the median full build`);
  row('files rewritten (most of a round)', `${Math.max(...runs.map(({ measured }) => measured.stats.written))}`);
  row('files carried over, not made again', `${median.stats.carried.toLocaleString('en-US')}`);
  row('peak RSS (highest of the rounds)', `${Math.max(...runs.map(({ measured }) => measured.peakRssMB)).toFixed(0)} MB`);
  details(median);
}
reportRebuilds("rebuild after one port's version changed", versions);
reportRebuilds("rebuild after one port's dependencies changed", dependencies);
// Compared with the full builds with --pages.
const pagedFull = middleOf(withPages, (build) => build.seconds).seconds;
const pagedFastest = Math.min(...withPages.map((build) => build.seconds));
reportRebuilds("with --pages: rebuild after one port's version changed", versions.map(({ what, pages }) => ({ what, measured: pages, pages })), pagedFull, pagedFastest);
reportRebuilds("with --pages: rebuild after one port's dependencies changed", dependencies.map(({ what, pages }) => ({ what, measured: pages, pages })), pagedFull, pagedFastest);

if (!values['skip-4x']) {
  const catalogue4 = path.join(dir, 'catalogue-4x');
  const out4 = path.join(dir, 'dist-4x');
  console.log(`\nsynthesising the same ports with ${4 * builds} builds ...`);
  await synthCatalogue({ ports, builds: 4 * builds, files, seed, out: catalogue4 });
  if (values.layout !== 'converter') editPortIndex(catalogue4, () => '');
  const four = measureBuild(catalogue4, out4);
  console.log(`4× builds`);
  row('wall time', `${four.seconds.toFixed(2)} s`);
  row('peak RSS', `${four.peakRssMB.toFixed(0)} MB (${(four.peakRssMB / full.peakRssMB).toFixed(2)} × the 1× run)`);
  row('files / bytes written', `${four.stats.files.toLocaleString('en-US')} / ${mb(four.stats.bytes)}`);
  details(four);
}
benchImport();
rmSync(dir, { recursive: true, force: true });
