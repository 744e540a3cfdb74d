/** The `homepage` field: where each kind of port really lives (PyPI, CPAN, CRAN, forges, ...). */
import { toPerlModule } from './lang-names.js';
import type { PortRec } from './port-rec.js';
import type { Rng } from './rng.js';
import { drawPseudoWord } from './words.js';

const HOSTS = ['github.com', 'gitlab.com', 'codeberg.org', 'sourceforge.net', 'bitbucket.org'];

export function drawHomepage(rng: Rng, rec: PortRec): string {
  if (rec.family === 'core') return `https://www.${rec.name.replace(/[^a-z0-9]/gi, '')}.org/`;
  const s = rec.stem;
  switch (rec.family) {
    case 'py': return rng.chance(0.6) ? `https://pypi.org/project/${s}/` : `https://github.com/${drawPseudoWord(rng)}/${s}`;
    case 'p5': return `https://metacpan.org/pod/${toPerlModule(s)}`;
    case 'rb': return `https://rubygems.org/gems/${s}`;
    case 'R': return rng.chance(0.7) ? `https://cran.r-project.org/package=${s}` : `https://github.com/${drawPseudoWord(rng)}/${s}`;
    case 'php': return `https://pecl.php.net/package/${s}`;
    case 'hs': return `https://hackage.haskell.org/package/${s}`;
    default: return drawProjectSite(rng, s);
  }
}

/** A forge page, a vanity domain, or an old-style personal page, for non-family ports. */
function drawProjectSite(rng: Rng, stem: string): string {
  const r = rng.next();
  const plain = stem.toLowerCase().replace(/[^a-z0-9-]/g, '');
  if (r < 0.45) return `https://${rng.pick(HOSTS)}/${drawPseudoWord(rng)}/${plain}`;
  if (r < 0.75) return `https://www.${plain || 'example'}.org/`;
  if (r < 0.9) return `https://${plain || 'example'}.${rng.pick(['io', 'net', 'dev', 'com'])}`;
  return `http://www.${drawPseudoWord(rng)}.${rng.pick(['de', 'fr', 'jp', 'edu', 'org'])}/~${drawPseudoWord(rng)}/${plain}/`;
}
