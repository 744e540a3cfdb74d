/** What a language family (py, p5, rb, R, php, hs) fixes about its groups of ports. */
import { drawCategory } from './categories.js';
import type { Family } from './port-rec.js';
import type { Rng } from './rng.js';

export const PY_VERSIONS = ['39', '310', '311', '312', '313'];
export const P5_VERSIONS = ['5.28', '5.30', '5.32', '5.34'];
const RB_VERSIONS = ['31', '32', '33'];
const PHP_VERSIONS = ['81', '82', '83', '84'];

/** Stems the first groups of a family get, so that the usual build tools (setuptools, ...) exist. */
export const FIRST_STEMS: Partial<Record<Family, string[]>> = {
  py: ['setuptools', 'pip', 'wheel', 'build', 'installer', 'pytest', 'six', 'packaging', 'numpy', 'requests', 'setuptools_scm', 'cython', 'typing_extensions', 'certifi', 'yaml'],
  p5: ['module-build', 'test-simple', 'try-tiny', 'moo', 'libwww-perl', 'test-fatal', 'uri', 'json'],
  rb: ['rake', 'bundler', 'minitest', 'json'],
  R: ['Rcpp', 'ggplot2', 'data.table', 'dplyr', 'rlang', 'testthat', 'knitr'],
  php: ['xdebug', 'redis', 'imagick'],
  hs: ['text', 'aeson', 'bytestring', 'containers'],
};

const FAMILY_CATEGORY: Partial<Record<Family, string>> = {
  py: 'python', p5: 'perl', rb: 'ruby', R: 'R', php: 'php', hs: 'haskell',
};

/** Language modules live in their language's category; other ports get a weighted one. */
export function drawGroupCategory(rng: Rng, family: Family): string {
  return FAMILY_CATEGORY[family] ?? drawCategory(rng);
}

/** The language versions a group has subports for. */
export function drawLangVersions(rng: Rng, family: Family): string[] {
  const tail = (all: readonly string[], min: number, max: number): string[] => {
    const n = rng.range(min, max);
    // mostly the newest versions; sometimes missing the very newest
    const end = rng.chance(0.15) && n < all.length ? all.length - 1 : all.length;
    return all.slice(Math.max(0, end - n), end);
  };
  switch (family) {
    case 'py': return tail(PY_VERSIONS, 1, 5);
    case 'p5': return tail(P5_VERSIONS, 1, 4);
    case 'rb': return rng.chance(0.7) ? ['33'] : tail(RB_VERSIONS, 2, 3);
    case 'php': return tail(PHP_VERSIONS, 1, 4);
    default: return [''];
  }
}

/** Port names of a group, spelled as MacPorts' portgroups spell them (py312-foo, p5.34-foo, ...). */
export function nameGroup(family: Family, stem: string, lvs: readonly string[]): { parent: string | undefined; subs: string[] } {
  switch (family) {
    case 'py':
      return { parent: 'py-' + stem, subs: lvs.map((v) => `py${v}-${stem}`) };
    case 'p5':
      return { parent: 'p5-' + stem, subs: lvs.map((v) => `p${v}-${stem}`) };
    case 'rb':
      return { parent: lvs.length > 1 ? 'rb-' + stem : undefined, subs: lvs.map((v) => `rb${v}-${stem}`) };
    case 'php':
      return { parent: 'php-' + stem, subs: lvs.map((v) => `php${v}-${stem}`) };
    case 'R':
      return { parent: undefined, subs: ['R-' + stem] };
    case 'hs':
      return { parent: undefined, subs: ['hs-' + stem] };
    default:
      return { parent: undefined, subs: [stem] };
  }
}
