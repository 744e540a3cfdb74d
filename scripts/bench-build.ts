/**
 * One measured build in its own process, so its peak RSS is its own:
 * `node build/scripts/bench-build.js <catalogue> <out> [--no-dumps] [--pages]` prints one JSON line.
 */
import { ownCpu, peakRssMB } from './process-usage.js';

/**
 * The build as users run it: from the bundle (see bundle.ts), which starts some 100 ms sooner
 * than the compiled modules it is made from, its writer thread started first as the CLI's
 * entry does (bin/ports-gen.js).
 */
const { startWriterEarly } = (await import(new URL('../bundle/writer-thread.js', import.meta.url).href)) as typeof import('../src/writer/thread/writer-thread.js');
startWriterEarly();
const { buildSite } = (await import(new URL('../bundle/build.js', import.meta.url).href)) as typeof import('../src/build/build.js');

const [catalogue, out, ...flags] = process.argv.slice(2);
if (!catalogue || !out) {
  console.error('usage: bench-build <catalogue> <out>');
  process.exit(2);
}
const started = performance.now();
/** Phase timings go to stderr, for finding where the time goes. */
const phases: Array<[string, number]> = [];
const progress = {
  phase: (name: string) => {
    phases.push([name, performance.now()]);
    console.error(`${name}: rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB, max so far ${peakRssMB().toFixed(0)} MB`);
  },
  advance: () => {},
  end: () => phases.push(['end', performance.now()]),
};
const result = await buildSite({ cwd: process.cwd(), catalogue, out, baseUrl: 'https://ports.example.org', pageSize: 50, strict: false, progress, dumps: !flags.includes('--no-dumps'), pages: flags.includes('--pages') });
for (let i = 0; i + 1 < phases.length; i++) console.error(`${phases[i]![0].padEnd(18)} ${((phases[i + 1]![1] - phases[i]![1]) / 1000).toFixed(2)} s`);
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    ok: result.ok,
    seconds,
    peakRssMB: peakRssMB(),
    // The whole process's CPU time, worker thread included: kernel time is most of the floor.
    cpu: ownCpu(),
    stats: result.stats,
  }),
);
