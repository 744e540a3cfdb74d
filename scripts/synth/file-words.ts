/** Word lists for installed file names. */
import { Rng } from './rng.js';
import { drawPseudoWord, TECH_WORDS } from './words.js';

/**
 * Real words plus 1,500 made-up ones, from a fixed stream of their own so that the list is
 * the same for every seed and nothing else's draws depend on it.
 */
export const FILE_WORDS: readonly string[] = makeFileWords();

function makeFileWords(): string[] {
  const r = new Rng(0x5eed);
  const words = [...TECH_WORDS];
  for (let i = 0; i < 1500; i++) words.push(drawPseudoWord(r));
  return words;
}

export const DOC_FILES = ['README', 'README.md', 'LICENSE', 'COPYING', 'NEWS', 'ChangeLog', 'AUTHORS', 'THANKS', 'TODO', 'CHANGES.md', 'INSTALL', 'CONTRIBUTING.md', 'HISTORY.rst', 'FAQ'];
export const SHARE_EXT = ['xml', 'json', 'txt', 'dat', 'png', 'svg', 'ui', 'conf', 'css', 'js', 'html', 'lua', 'tcl', 'mo', 'ttf', 'wav', 'ogg', 'icns', 'plist', 'xsl', 'sh'];
export const HDR_EXT = ['h', 'h', 'h', 'hpp', 'hh', 'inl'];
export const LANGS = ['de', 'fr', 'es', 'it', 'ja', 'ko', 'zh_CN', 'zh_TW', 'ru', 'pt_BR', 'pl', 'cs', 'sv', 'nl', 'fi', 'da', 'nb', 'tr', 'uk', 'hu', 'el', 'he', 'ar', 'ca', 'eu', 'gl', 'ro', 'sk', 'sl', 'sr', 'sr@latin', 'vi', 'id', 'th', 'en_GB'];
