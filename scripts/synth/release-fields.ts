/** The `revision`, `epoch`, `license` and `platforms` fields. */
import { weightedPick } from './distributions.js';
import type { PortFields } from './port-index.js';
import type { Family } from './port-rec.js';
import type { Rng } from './rng.js';

/**
 * Mostly the defaults ("0" epoch, darwin). The odd date-like epoch, missing license and
 * empty platforms are there because the real PortIndex has them too.
 */
export function drawReleaseFields(rng: Rng, family: Family, f: PortFields): void {
  f['revision'] = String(weightedPick(rng, [[0, 70], [1, 18], [2, 7], [3, 3], [rng.range(4, 12), 2]] as const));
  f['epoch'] = rng.chance(0.95) ? '0' : rng.chance(0.7) ? String(rng.range(1, 3)) : `20${rng.range(10, 23)}0${rng.range(1, 9)}1${rng.range(0, 9)}`;
  const lic = drawLicense(rng, family);
  if (!rng.chance(0.005)) f['license'] = lic;
  const plat = weightedPick(rng, [['darwin', 85], ['any', 6], ['{darwin any}', 3], ['darwin freebsd', 3], ['macosx', 1], ['darwin linux', 1], ['', 1]] as const);
  if (plat !== '') f['platforms'] = plat;
}

const LICENSES = [
  ['MIT', 20], ['BSD', 15], ['GPL-2+', 10], ['GPL-3+', 10], ['LGPL-2.1+', 6], ['Apache-2', 10],
  ['GPL-2', 4], ['GPL-3', 3], ['LGPL-3+', 3], ['MPL-2', 2], ['ISC', 2], ['zlib', 1], ['PSF', 2],
  ['Artistic-2', 1], ['public-domain', 1], ['Boost-1', 1], ['Permissive', 1], ['Restrictive', 0.5],
  ['AGPL-3+', 1], ['CC0-1', 0.5], ['unknown', 0.3], ['NoMirror', 0.2],
] as const;

/**
 * Mostly one license string; sometimes nested lists, because Tcl's `{a b}` groups come out
 * of portindex2json as arrays ("a or b"), and the reader has to handle both forms.
 */
function drawLicense(rng: Rng, family: Family): unknown {
  if (rng.chance(0.01)) return '';
  if (family === 'p5') {
    if (rng.chance(0.6)) return rng.chance(0.5) ? '{Artistic-1 GPL}' : [['Artistic-1', 'GPL']];
  }
  if (family === 'py' && rng.chance(0.1)) return 'PSF';
  const one = (): string => weightedPick(rng, LICENSES) + (rng.chance(0.02) ? '+' : '');
  const r = rng.next();
  if (r < 0.93) return one();
  if (r < 0.96) return [one(), [one(), one()]];
  if (r < 0.98) return [one(), one()];
  return [[one(), one()]];
}
