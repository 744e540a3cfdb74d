/**
 * Files of language-module ports: py* site-packages with their bytecode, Perl modules and
 * XS bundles, gems, R library trees, PHP extensions, GHC package databases.
 */
import { getPythonDirs, PHP_API, toPerlModule, toRPackageDir } from './lang-names.js';
import type { SectionWriters } from './path-context.js';
import { Section } from './profile.js';
import { capitalize } from './words.js';

export const LANG_WRITERS = {
  // Python: a module's bytecode is written next to it when the section has files to spare
  [Section.PyMod]: (g, { pkg, lv }) => {
    const { site, tag } = getPythonDirs(lv);
    const dir = `${site}/${pkg.replace(/[-.]/g, '_')}/${g.drawSubdir()}`;
    const mod = g.drawName();
    g.addPath(`${dir}${mod}.py`);
    if (g.takeExtra()) g.addPath(`${dir}__pycache__/${mod}.${tag}.pyc`);
  },
  [Section.PySo]: (g, { pkg, lv }) => {
    const { site, tag } = getPythonDirs(lv);
    g.addPath(`${site}/${pkg.replace(/[-.]/g, '_')}/${g.drawSubdir()}_${g.drawWord()}.${tag}-darwin.so`);
  },
  [Section.PyDistInfo]: (g, { pkg, ver, lv }, rng) => {
    const { site } = getPythonDirs(lv);
    g.addPath(`${site}/${pkg.replace(/[-.]/g, '_')}-${ver}.dist-info/${rng.pick(['METADATA', 'RECORD', 'WHEEL', 'top_level.txt', 'INSTALLER', 'entry_points.txt', 'LICENSE', 'REQUESTED', 'direct_url.json'])}`);
  },
  [Section.PyBin]: (g, { pkg, lv }, rng) => {
    const { bin, dot } = getPythonDirs(lv);
    const tool = rng.chance(0.5) ? pkg : pkg + '-' + g.drawWord();
    g.addPath(rng.chance(0.5) ? `${bin}/${tool}` : `/opt/local/bin/${tool}-${dot}`);
  },
  // Perl and Ruby
  [Section.Pm]: (g, { pkg, lv }) => {
    const mod = toPerlModule(pkg).split('::').join('/');
    g.addPath(`/opt/local/lib/perl5/vendor_perl/${lv || '5.34'}/${mod}/${g.drawSubdir().replace(/(^|\/)([a-z])/g, (m) => m.toUpperCase())}${capitalize(g.drawWord())}.pm`);
  },
  [Section.PerlBundle]: (g, { pkg, lv }, rng) => {
    const mod = toPerlModule(pkg).split('::');
    g.addPath(`/opt/local/lib/perl5/vendor_perl/${lv || '5.34'}/darwin-thread-multi-2level/auto/${mod.join('/')}/${mod[mod.length - 1] ?? 'X'}${rng.chance(0.8) ? '.bundle' : '.bs'}`);
  },
  [Section.PerlMan]: (g, { pkg, lv }) =>
    g.addPath(`/opt/local/share/perl${lv || '5.34'}/man/man3/${toPerlModule(pkg)}::${capitalize(g.drawWord())}.3pm.gz`),
  [Section.Rb]: (g, { pkg, ver, lv }, rng) => {
    const rv = lv || '33';
    g.addPath(`/opt/local/lib/ruby${rv.charAt(0)}.${rv.slice(1)}/gems/${rv.charAt(0)}.${rv.slice(1)}.0/gems/${pkg}-${ver}/${rng.chance(0.8) ? 'lib/' : rng.pick(['test/', 'spec/', 'ext/', 'bin/'])}${g.drawSubdir()}${g.drawName()}.rb`);
  },
  [Section.RbSpec]: (g, { pkg, ver, lv }) => {
    const rv = lv || '33';
    g.addPath(`/opt/local/lib/ruby${rv.charAt(0)}.${rv.slice(1)}/gems/${rv.charAt(0)}.${rv.slice(1)}.0/specifications/${pkg}-${ver}.gemspec`);
  },
  [Section.RbBin]: (g, { pkg, lv }, rng) =>
    g.addPath(`/opt/local/bin/${rng.chance(0.5) ? pkg : g.drawWord()}${(lv || '33').charAt(0)}.${(lv || '33').slice(1)}`),
  // R, PHP and Haskell
  [Section.RFile]: (g, { pkg, Pkg }, rng) => {
    const base = `/opt/local/Library/Frameworks/R.framework/Versions/4.4/Resources/library/${toRPackageDir(pkg, Pkg)}`;
    const r = rng.next();
    g.addPath(r < 0.15 ? `${base}/${rng.pick(['DESCRIPTION', 'NAMESPACE', 'INDEX', 'NEWS.md', 'CITATION', 'Meta/package.rds', 'Meta/hsearch.rds', 'R/' + Pkg + '.rdb', 'R/' + Pkg + '.rdx', 'libs/' + Pkg + '.so', 'html/00Index.html'])}` : r < 0.7 ? `${base}/${rng.pick(['doc', 'extdata', 'include', 'tinytest', 'data'])}/${g.drawSubdir()}${g.drawName()}.${rng.pick(['R', 'Rmd', 'html', 'csv', 'rds', 'h', 'pdf'])}` : `${base}/help/${g.drawName()}.html`);
  },
  [Section.RHelp]: (g, { pkg, Pkg }, rng) =>
    g.addPath(`/opt/local/Library/Frameworks/R.framework/Versions/4.4/Resources/library/${toRPackageDir(pkg, Pkg)}/help/${g.drawSubdir()}${g.drawName()}.${rng.pick(['rds', 'html', 'Rd'])}`),
  [Section.PhpSo]: (g, { pkg, lv }) =>
    g.addPath(`/opt/local/lib/php${lv || '83'}/extensions/no-debug-non-zts-${PHP_API[lv] ?? '20230831'}/${pkg}.so`),
  [Section.PhpIni]: (g, { pkg, lv }) =>
    g.addPath(`/opt/local/var/db/php${lv || '83'}/${pkg}.ini`),
  [Section.PhpInc]: (g, { pkg, lv }) =>
    g.addPath(`/opt/local/include/php${lv || '83'}/php/ext/${pkg}/${g.drawSubdir()}${g.drawName()}.h`),
  [Section.HsHi]: (g, { pkg, ver }, rng) => {
    const mod = capitalize(pkg.replace(/-([a-z])/g, (_, ch: string) => '/' + ch.toUpperCase()));
    g.addPath(`/opt/local/lib/ghc-9.6.6/lib/aarch64-osx-ghc-9.6.6/${pkg}-${ver}/${mod}/${g.drawSubdir()}${capitalize(g.drawWord())}.${rng.pick(['hi', 'dyn_hi', 'p_hi'])}`);
  },
  [Section.HsLib]: (g, { pkg, ver }) =>
    g.addPath(`/opt/local/lib/ghc-9.6.6/lib/aarch64-osx-ghc-9.6.6/libHS${pkg}-${ver}-${g.drawWord()}-ghc9.6.6.dylib`),
  [Section.HsConf]: (g, { pkg, ver }) =>
    g.addPath(`/opt/local/lib/ghc-9.6.6/lib/package.conf.d/${pkg}-${ver}-${g.drawWord()}.conf`),
} satisfies Partial<SectionWriters>;
