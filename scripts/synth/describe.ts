/** The `description` and `long_description` fields. */
import { CORE_BY_NAME } from './core-ports.js';
import { drawHeavyTail } from './distributions.js';
import { toPerlModule } from './lang-names.js';
import type { PortRec } from './port-rec.js';
import type { Rng } from './rng.js';
import { ADJECTIVES, EXTRA_SENTENCES, NON_ASCII_SENTENCES, NOUNS, OBJECTS, VERBS } from './vocabulary.js';
import { capitalize } from './words.js';

/** Core ports keep their real description; the others get one in their family's style. */
export function drawDescription(rng: Rng, rec: PortRec): string {
  const known = rec.family === 'core' ? CORE_BY_NAME.get(rec.name)?.desc : undefined;
  return known ?? describePort(rng, rec);
}

function describePort(rng: Rng, rec: PortRec): string {
  const topic = `${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`;
  const thing = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  switch (rec.family) {
    case 'py':
      return rng.chance(0.5) ? `Python ${thing} for ${topic}` : `${capitalize(rec.stem)} is a ${thing} for ${topic}`;
    case 'p5':
      return `${toPerlModule(rec.stem)} - Perl module for ${topic}`;
    case 'rb':
      return `Ruby ${thing} for ${topic}`;
    case 'R':
      return `R package: ${capitalize(thing)} for ${topic}`;
    case 'php':
      return `PHP extension for ${topic}`;
    case 'hs':
      return `Haskell ${thing} for ${topic}`;
    default:
      return rng.chance(0.7) ? `${capitalize(thing)} for ${topic}` : `${capitalize(rng.pick(NOUNS))} for ${topic}`;
  }
}

/**
 * Often just the description again (as in many real Portfiles), else a paragraph of stock
 * sentences; some with non-ASCII text. `lineSeparator` adds a U+2028, which is valid JSON
 * but ends a line in older JavaScript, so one port per big catalogue carries it.
 */
export function drawLongDescription(rng: Rng, desc: string, lineSeparator: boolean): string {
  const lr = rng.next();
  let long = desc;
  if (lr > 0.3) {
    long = capitalize(desc) + '.';
    for (let k = drawHeavyTail(rng, 1.2, 0, 12); k > 0; k--) long += ' ' + rng.pick(EXTRA_SENTENCES);
  }
  if (rng.chance(0.05)) long += ' ' + rng.pick(NON_ASCII_SENTENCES);
  if (lineSeparator) long += '\u2028Second paragraph after a Unicode line separator.';
  return long;
}
