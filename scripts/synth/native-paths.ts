/** Files of C-ish ports, under the MacPorts prefix (/opt/local) and /Applications/MacPorts. */
import { DOC_FILES, HDR_EXT, LANGS, SHARE_EXT } from './file-words.js';
import type { SectionWriters } from './path-context.js';
import { Section } from './profile.js';
import { capitalize } from './words.js';

export const NATIVE_WRITERS = {
  [Section.Bin]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/bin/${rng.chance(0.3) ? pkg : rng.chance(0.5) ? pkg + '-' + g.drawWord() : g.drawWord()}`),
  [Section.Dylib]: (g, { pkg, ver }, rng) => {
    const lib = rng.chance(0.5) ? 'lib' + pkg.replace(/^lib/, '') : 'lib' + g.drawWord();
    const r = rng.next();
    g.addPath(r < 0.4 ? `/opt/local/lib/${lib}.dylib` : r < 0.8 ? `/opt/local/lib/${lib}.${rng.range(0, 30)}.dylib` : `/opt/local/lib/${lib}.${ver}.dylib`);
  },
  [Section.StaticLib]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/lib/lib${rng.chance(0.5) ? pkg.replace(/^lib/, '') : g.drawWord()}.a`),
  [Section.Include]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/include/${rng.chance(0.85) ? pkg + '/' : ''}${g.drawSubdir()}${g.drawName()}.${rng.pick(HDR_EXT)}`),
  [Section.Man1]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/share/man/man1/${rng.chance(0.3) ? pkg : g.drawWord()}.1.gz`),
  [Section.Man3]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/share/man/man3/${rng.chance(0.5) ? pkg + '_' : ''}${g.drawName()}.3.gz`),
  [Section.Man5]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/share/man/man5/${rng.chance(0.5) ? pkg : g.drawWord()}.conf.5.gz`),
  [Section.Doc]: (g, { pkg }, rng) =>
    g.addPath(rng.chance(0.3) ? `/opt/local/share/doc/${pkg}/${rng.pick(DOC_FILES)}` : `/opt/local/share/doc/${pkg}/${rng.chance(0.5) ? 'html/' : ''}${g.drawSubdir()}${g.drawName()}.${rng.pick(['html', 'html', 'txt', 'pdf', 'png', 'css', 'js', 'md'])}`),
  [Section.Share]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/share/${pkg}/${g.drawSubdir()}${g.drawName()}.${rng.pick(SHARE_EXT)}`),
  [Section.Locale]: (g, { pkg }, rng) =>
    g.addPath(rng.chance(0.7) ? `/opt/local/share/locale/${rng.pick(LANGS)}/LC_MESSAGES/${pkg}.mo` : `/opt/local/share/${pkg}/translations/${pkg}_${rng.pick(LANGS)}.qm`),
  [Section.PkgConfig]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/lib/pkgconfig/${rng.chance(0.6) ? pkg : pkg + '-' + g.drawWord()}.pc`),
  [Section.CMake]: (g, { Pkg }, rng) =>
    g.addPath(`/opt/local/lib/cmake/${Pkg}/${Pkg}${rng.pick(['Config', 'ConfigVersion', 'Targets', 'Targets-release', capitalize(g.drawWord())])}.cmake`),
  [Section.Libexec]: (g, { pkg }) =>
    g.addPath(`/opt/local/libexec/${pkg}/${g.drawSubdir()}${g.drawWord()}`),
  [Section.Etc]: (g, { pkg }, rng) =>
    g.addPath(`/opt/local/etc/${pkg}/${g.drawWord()}.conf${rng.chance(0.5) ? '.sample' : ''}`),
  [Section.App]: (g, { Pkg }, rng) => {
    const app = rng.chance(0.3) ? `${Pkg} ${capitalize(rng.pick(['Viewer', 'Editor', 'Player', 'Studio']))}` : Pkg;
    g.addPath(`/Applications/MacPorts/${app}.app/Contents/${rng.pick(['Resources', 'Resources', 'Frameworks', 'MacOS', 'PlugIns'])}/${g.drawSubdir()}${g.drawName()}.${rng.pick(['png', 'nib', 'strings', 'icns', 'dylib', 'plist', 'qm'])}`);
  },
  [Section.Framework]: (g, { Pkg }, rng) =>
    g.addPath(rng.chance(0.8) ? `/opt/local/Library/Frameworks/${Pkg}.framework/Versions/A/Headers/${capitalize(g.drawName())}.h` : `/opt/local/Library/Frameworks/${Pkg}.framework/Versions/A/Resources/${capitalize(g.drawName())}.${rng.pick(['plist', 'strings', 'png', 'nib'])}`),
  [Section.Font]: (g, { Pkg }, rng) =>
    g.addPath(`/opt/local/share/fonts/${Pkg}/${Pkg}-${rng.pick(['Regular', 'Bold', 'Italic', 'BoldItalic', 'Light', 'Medium', 'Thin'])}${rng.chance(0.5) ? '' : '-' + capitalize(g.drawWord())}.${rng.pick(['ttf', 'otf', 'woff2'])}`),
} satisfies Partial<SectionWriters>;
