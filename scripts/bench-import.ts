/**
 * One measured `ports-gen import` in its own process, so its peak RSS is its own:
 * `node build/scripts/bench-import.js <source> <catalogue>` runs the bundled CLI as
 * `ports-gen import <source> --catalogue <catalogue> --json`, whose report is the first line of
 * its output, then prints one JSON line of its own: the time from the command's start, peak RSS
 * and CPU time.
 */
import { ownCpu, peakRssMB } from './process-usage.js';

/** The CLI users run (bin/ports-gen.js runs the same bundle). */
const { main } = (await import(new URL('../bundle/cli.js', import.meta.url).href)) as typeof import('../src/cli/cli.js');

const [source, catalogue] = process.argv.slice(2);
if (!source || !catalogue) {
  console.error('usage: bench-import <source> <catalogue>');
  process.exit(2);
}
const started = performance.now();
const code = await main(['node', 'ports-gen', 'import', source, '--catalogue', catalogue, '--json']);
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ code, seconds, peakRssMB: peakRssMB(), cpu: ownCpu() }));
