/**
 * One measured build in its own process, so its peak RSS is its own:
 * `node build/scripts/bench-build.js <catalogue> <out>` prints one JSON line.
 */
import { buildSite } from '../src/commands/build.js';

const [catalogue, out] = process.argv.slice(2);
if (!catalogue || !out) {
  console.error('usage: bench-build <catalogue> <out>');
  process.exit(2);
}
const started = performance.now();
const result = await buildSite({ cwd: process.cwd(), catalogue, out, baseUrl: 'https://ports.example.org', pageSize: 50, strict: false });
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    ok: result.ok,
    seconds,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    stats: result.stats,
  }),
);
