/**
 * Made-up port names and family stems. The mix of shapes (lib*, *-utils, CamelCase, dots,
 * `+`, `@`, leading digits, ...) mirrors real MacPorts names that are awkward in URLs and files.
 */
import type { Family } from './port-rec.js';
import type { Rng } from './rng.js';
import { capitalize, drawPseudoWord, drawWord } from './words.js';

/** A port name outside the language families (generic C-ish ports). */
export function drawGenericName(rng: Rng): string {
  const r = rng.next();
  if (r < 0.3) return drawWord(rng) + (rng.chance(0.3) ? drawWord(rng) : '');
  if (r < 0.48) return 'lib' + drawWord(rng) + (rng.chance(0.2) ? rng.range(0, 9) : '');
  if (r < 0.6) return drawWord(rng) + '-' + drawWord(rng);
  if (r < 0.66) return drawWord(rng) + rng.range(2, 6);
  if (r < 0.7) return drawWord(rng) + '-' + rng.pick(['utils', 'tools', 'devel', 'server', 'client', 'gtk', 'qt5', 'qt6', 'docs', 'data', 'mode', 'fonts']);
  if (r < 0.78) return capitalize(drawWord(rng)) + capitalize(drawWord(rng)) + (rng.chance(0.2) ? rng.range(2, 5) : '');
  if (r < 0.81) return drawWord(rng).toUpperCase().slice(0, 4) + rng.range(1, 3) + '_' + drawWord(rng);
  if (r < 0.83) return 'lib' + drawWord(rng) + '++';
  if (r < 0.85) return drawWord(rng) + drawWord(rng) + 'mm';
  if (r < 0.89) return drawWord(rng) + rng.range(1, 5) + '.' + rng.range(0, 9);
  if (r < 0.9) return drawWord(rng) + '+' + drawWord(rng);
  if (r < 0.905) return drawWord(rng) + '-i18n-' + rng.pick(['sr@Latn', 'ca@valencia', 'uz@cyrillic', 'be@latin']);
  if (r < 0.915) return rng.range(1, 9) + drawWord(rng);
  if (r < 0.94) return drawWord(rng) + '_' + drawWord(rng);
  if (r < 0.96) return drawWord(rng) + '-' + rng.range(1, 3) + '.' + rng.range(0, 9);
  return drawPseudoWord(rng, rng.range(2, 3));
}

/** The stem a language family prefixes (py312-<stem>); generic ports use a whole name. */
export function drawFamilyStem(rng: Rng, family: Family): string {
  switch (family) {
    case 'py': {
      const r = rng.next();
      if (r < 0.4) return drawWord(rng);
      if (r < 0.65) return drawWord(rng) + '-' + drawWord(rng);
      if (r < 0.8) return drawWord(rng) + drawWord(rng);
      if (r < 0.87) return 'py' + drawWord(rng);
      if (r < 0.92) return drawWord(rng) + '_' + drawWord(rng);
      return drawWord(rng) + rng.range(2, 3);
    }
    case 'p5': {
      const n = rng.range(1, 3);
      const parts: string[] = [];
      for (let i = 0; i < n; i++) parts.push(drawWord(rng));
      return parts.join('-');
    }
    case 'rb':
      return rng.chance(0.6) ? drawWord(rng) : drawWord(rng) + rng.pick(['-', '_']) + drawWord(rng);
    case 'R': {
      const r = rng.next();
      if (r < 0.4) return drawWord(rng) + (rng.chance(0.3) ? drawWord(rng) : '');
      if (r < 0.55) return capitalize(drawWord(rng));
      if (r < 0.7) return drawWord(rng) + '.' + drawWord(rng);
      if (r < 0.75) return 'Rcpp' + capitalize(drawWord(rng));
      if (r < 0.85) return drawWord(rng) + rng.range(2, 3);
      return capitalize(drawWord(rng)) + capitalize(drawWord(rng));
    }
    case 'php':
      return drawWord(rng);
    case 'hs':
      return rng.chance(0.6) ? drawWord(rng) : drawWord(rng) + '-' + drawWord(rng);
    default:
      return drawGenericName(rng);
  }
}
