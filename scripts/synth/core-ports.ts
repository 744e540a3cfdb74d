/**
 * The core set: real base ports, always generated first (when the catalogue is big enough),
 * so that the popular dependency targets (zlib, openssl3, python312, ...) exist by name;
 * and how often ordinary ports lean on them.
 */

export interface CoreDef {
  name: string;
  cat: string;
  version: string;
  desc: string;
  /** the library a `lib:` dependency names */
  lib?: string;
  /** the program a `bin:` or `path:bin/` dependency names */
  tool?: string;
  lib_deps?: string[];
  build_deps?: string[];
}

export const CORE: readonly CoreDef[] = [
  { name: 'zlib', cat: 'archivers', version: '1.3.1', desc: 'zlib lossless data-compression library', lib: 'libz' },
  { name: 'bzip2', cat: 'archivers', version: '1.0.8', desc: 'compression library and utility', lib: 'libbz2', tool: 'bzip2' },
  { name: 'xz', cat: 'archivers', version: '5.6.3', desc: 'Library and command line tools for XZ and LZMA compressed files', lib: 'liblzma', tool: 'xz', lib_deps: ['libiconv', 'gettext-runtime'] },
  { name: 'libiconv', cat: 'textproc', version: '1.17', desc: 'Character set conversion library', lib: 'libiconv', tool: 'iconv' },
  { name: 'gettext-runtime', cat: 'devel', version: '0.22.5', desc: 'GNU gettext runtime libraries', lib: 'libintl', lib_deps: ['libiconv'] },
  { name: 'gettext', cat: 'devel', version: '0.22.5', desc: 'GNU gettext package', tool: 'msgfmt', lib_deps: ['gettext-runtime', 'libiconv', 'ncurses'] },
  { name: 'ncurses', cat: 'devel', version: '6.5', desc: 'emulate curses in System V Release 4.0 and later', lib: 'libncurses', tool: 'tput' },
  { name: 'readline', cat: 'devel', version: '8.2.013', desc: 'Library that provides command line editing', lib: 'libreadline', lib_deps: ['ncurses'] },
  { name: 'libedit', cat: 'devel', version: '20240808-3.1', desc: 'Highly portable command line editing library', lib: 'libedit', lib_deps: ['ncurses'] },
  { name: 'openssl3', cat: 'devel', version: '3.4.0', desc: 'OpenSSL SSL/TLS cryptography library', lib: 'libssl.3', tool: 'openssl', lib_deps: ['zlib'] },
  { name: 'openssl', cat: 'devel', version: '3', desc: 'OpenSSL SSL/TLS cryptography library', lib_deps: ['openssl3'] },
  { name: 'libffi', cat: 'devel', version: '3.4.6', desc: 'Foreign Function Interface Library', lib: 'libffi' },
  { name: 'expat', cat: 'textproc', version: '2.6.4', desc: 'XML 1.0 parser written in C', lib: 'libexpat', tool: 'xmlwf' },
  { name: 'libxml2', cat: 'textproc', version: '2.12.9', desc: 'gnome xml library', lib: 'libxml2', tool: 'xmllint', lib_deps: ['libiconv', 'xz', 'zlib', 'icu'] },
  { name: 'sqlite3', cat: 'databases', version: '3.47.0', desc: 'an embedded SQL database engine', lib: 'libsqlite3', tool: 'sqlite3', lib_deps: ['libedit', 'ncurses', 'zlib'] },
  { name: 'curl-ca-bundle', cat: 'net', version: '8.11.0', desc: 'CA certificate bundle for curl' },
  { name: 'curl', cat: 'net', version: '8.11.0', desc: 'Tool for transferring files with URL syntax', lib: 'libcurl', tool: 'curl', lib_deps: ['curl-ca-bundle', 'openssl3', 'zlib', 'libiconv'] },
  { name: 'pcre2', cat: 'devel', version: '10.44', desc: 'Perl Compatible Regular Expressions Library, version 2', lib: 'libpcre2-8', lib_deps: ['bzip2', 'zlib'] },
  { name: 'glib2', cat: 'devel', version: '2.78.4', desc: 'Library with data structure functions and other constructs', lib: 'libglib-2.0', lib_deps: ['gettext-runtime', 'libffi', 'libiconv', 'pcre2', 'zlib'], build_deps: ['meson', 'ninja', 'pkgconfig'] },
  { name: 'pkgconfig', cat: 'devel', version: '0.29.2', desc: 'pkg-config helps to insert the correct compiler options', tool: 'pkg-config', lib_deps: ['libiconv'] },
  { name: 'cmake', cat: 'devel', version: '3.31.1', desc: 'Cross-platform make', tool: 'cmake', lib_deps: ['curl', 'expat', 'zlib', 'ncurses'] },
  { name: 'gmake', cat: 'devel', version: '4.4.1', desc: 'GNU Make', tool: 'gmake', lib_deps: ['gettext-runtime'] },
  { name: 'autoconf', cat: 'devel', version: '2.72', desc: 'Automatically configures source code on many Un*x platforms', tool: 'autoconf' },
  { name: 'automake', cat: 'devel', version: '1.17', desc: 'GNU Standards-compliant Makefile generator', tool: 'automake' },
  { name: 'libtool', cat: 'devel', version: '2.5.4', desc: 'GNU Libtool - The GNU Portable Library Tool', tool: 'glibtool' },
  { name: 'meson', cat: 'devel', version: '1.6.0', desc: 'Meson - a high productivity build system', tool: 'meson' },
  { name: 'ninja', cat: 'devel', version: '1.12.1', desc: 'Small build system closest in spirit to Make', tool: 'ninja' },
  { name: 'gpatch', cat: 'devel', version: '2.7.6', desc: 'GNU patch, for applying diffs to files', tool: 'gpatch' },
  { name: 'git', cat: 'devel', version: '2.47.1', desc: 'A fast version control system', tool: 'git', lib_deps: ['curl', 'expat', 'libiconv', 'openssl3', 'pcre2', 'zlib'] },
  { name: 'libpng', cat: 'graphics', version: '1.6.44', desc: 'Library for manipulating PNG images', lib: 'libpng16', lib_deps: ['zlib'] },
  { name: 'libjpeg-turbo', cat: 'graphics', version: '3.0.4', desc: 'SIMD-accelerated libjpeg-compatible JPEG codec library', lib: 'libjpeg.8' },
  { name: 'freetype', cat: 'print', version: '2.13.3', desc: 'Font rendering library', lib: 'libfreetype', lib_deps: ['brotli', 'bzip2', 'libpng', 'zlib'] },
  { name: 'brotli', cat: 'archivers', version: '1.1.0', desc: 'Brotli compression format', lib: 'libbrotlicommon' },
  { name: 'fontconfig', cat: 'graphics', version: '2.15.0', desc: 'XML-based font configuration API for X Windows', lib: 'libfontconfig', lib_deps: ['expat', 'freetype', 'libiconv'] },
  { name: 'icu', cat: 'devel', version: '74.2', desc: 'International Components for Unicode', lib: 'libicuuc' },
  { name: 'gmp', cat: 'devel', version: '6.3.0', desc: 'GNU multiple precision arithmetic library', lib: 'libgmp' },
  { name: 'mpfr', cat: 'devel', version: '4.2.1', desc: 'C library for multiple-precision floating-point computations', lib: 'libmpfr', lib_deps: ['gmp'] },
  { name: 'libyaml', cat: 'textproc', version: '0.2.5', desc: 'YAML Parser', lib: 'libyaml' },
  { name: 'clang-17', cat: 'lang', version: '17.0.6', desc: 'C, C++, Objective C and Objective C++ compiler', tool: 'clang-mp-17', lib_deps: ['libxml2', 'zlib', 'libffi', 'ncurses'] },
  { name: 'gcc13', cat: 'lang', version: '13.3.0', desc: 'The GNU compiler collection', tool: 'gcc-mp-13', lib_deps: ['gmp', 'mpfr', 'zlib', 'libiconv'] },
  { name: 'python39', cat: 'lang', version: '3.9.20', desc: 'Python 3.9', tool: 'python3.9', lib_deps: ['bzip2', 'expat', 'gettext-runtime', 'libffi', 'libedit', 'ncurses', 'openssl3', 'sqlite3', 'xz', 'zlib'] },
  { name: 'python310', cat: 'lang', version: '3.10.15', desc: 'Python 3.10', tool: 'python3.10', lib_deps: ['bzip2', 'expat', 'gettext-runtime', 'libffi', 'libedit', 'ncurses', 'openssl3', 'sqlite3', 'xz', 'zlib'] },
  { name: 'python311', cat: 'lang', version: '3.11.10', desc: 'Python 3.11', tool: 'python3.11', lib_deps: ['bzip2', 'expat', 'gettext-runtime', 'libffi', 'libedit', 'ncurses', 'openssl3', 'sqlite3', 'xz', 'zlib'] },
  { name: 'python312', cat: 'lang', version: '3.12.7', desc: 'Python 3.12', tool: 'python3.12', lib_deps: ['bzip2', 'expat', 'gettext-runtime', 'libffi', 'libedit', 'ncurses', 'openssl3', 'sqlite3', 'xz', 'zlib'] },
  { name: 'python313', cat: 'lang', version: '3.13.0', desc: 'Python 3.13', tool: 'python3.13', lib_deps: ['bzip2', 'expat', 'gettext-runtime', 'libffi', 'libedit', 'ncurses', 'openssl3', 'sqlite3', 'xz', 'zlib'] },
  { name: 'perl5.28', cat: 'lang', version: '5.28.3', desc: 'Perl 5.28.x', tool: 'perl5.28', lib_deps: ['gdbm'] },
  { name: 'perl5.30', cat: 'lang', version: '5.30.3', desc: 'Perl 5.30.x', tool: 'perl5.30', lib_deps: ['gdbm'] },
  { name: 'perl5.32', cat: 'lang', version: '5.32.1', desc: 'Perl 5.32.x', tool: 'perl5.32', lib_deps: ['gdbm'] },
  { name: 'perl5.34', cat: 'lang', version: '5.34.3', desc: 'Perl 5.34.x', tool: 'perl5.34', lib_deps: ['gdbm'] },
  { name: 'perl5', cat: 'lang', version: '5.34.3', desc: 'Perl 5.x - Practical Extraction and Report Language', lib_deps: ['perl5.34'] },
  { name: 'gdbm', cat: 'databases', version: '1.24', desc: 'The GNU database manager', lib: 'libgdbm', lib_deps: ['gettext-runtime', 'readline'] },
  { name: 'ruby31', cat: 'lang', version: '3.1.6', desc: 'Powerful and clean object-oriented scripting language', tool: 'ruby3.1', lib_deps: ['libffi', 'libyaml', 'openssl3', 'readline', 'zlib'] },
  { name: 'ruby32', cat: 'lang', version: '3.2.6', desc: 'Powerful and clean object-oriented scripting language', tool: 'ruby3.2', lib_deps: ['libffi', 'libyaml', 'openssl3', 'readline', 'zlib'] },
  { name: 'ruby33', cat: 'lang', version: '3.3.6', desc: 'Powerful and clean object-oriented scripting language', tool: 'ruby3.3', lib_deps: ['libffi', 'libyaml', 'openssl3', 'readline', 'zlib'] },
  { name: 'R', cat: 'math', version: '4.4.2', desc: 'R is GNU S, an interpreted language for statistical computing', tool: 'R', lib_deps: ['curl', 'gettext-runtime', 'icu', 'libiconv', 'pcre2', 'readline', 'xz', 'zlib', 'gcc13'] },
  { name: 'php81', cat: 'lang', version: '8.1.31', desc: 'PHP: Hypertext Preprocessor', tool: 'php81', lib_deps: ['libxml2', 'pcre2', 'zlib', 'libiconv'] },
  { name: 'php82', cat: 'lang', version: '8.2.26', desc: 'PHP: Hypertext Preprocessor', tool: 'php82', lib_deps: ['libxml2', 'pcre2', 'zlib', 'libiconv'] },
  { name: 'php83', cat: 'lang', version: '8.3.14', desc: 'PHP: Hypertext Preprocessor', tool: 'php83', lib_deps: ['libxml2', 'pcre2', 'zlib', 'libiconv'] },
  { name: 'php84', cat: 'lang', version: '8.4.1', desc: 'PHP: Hypertext Preprocessor', tool: 'php84', lib_deps: ['libxml2', 'pcre2', 'zlib', 'libiconv'] },
  { name: 'ghc', cat: 'lang', version: '9.6.6', desc: 'The Glorious Glasgow Haskell Compilation System', tool: 'ghc', lib_deps: ['gmp', 'libffi', 'ncurses', 'libiconv'] },
];

export const CORE_BY_NAME: ReadonlyMap<string, CoreDef> = new Map(CORE.map((c) => [c.name, c] as const));

/** Per-port probability of a depends_lib on these core ports (non-family ports). */
export const CORE_LIB_P: readonly (readonly [string, number])[] = [
  ['zlib', 0.13], ['libiconv', 0.1], ['gettext-runtime', 0.05], ['gettext', 0.04], ['ncurses', 0.04],
  ['openssl3', 0.05], ['openssl', 0.03], ['readline', 0.02], ['xz', 0.03], ['bzip2', 0.04],
  ['libffi', 0.02], ['expat', 0.03], ['libxml2', 0.05], ['sqlite3', 0.03], ['curl', 0.04], ['glib2', 0.06],
  ['libpng', 0.04], ['libjpeg-turbo', 0.03], ['freetype', 0.04], ['fontconfig', 0.03], ['icu', 0.02],
  ['pcre2', 0.02], ['gmp', 0.02], ['libyaml', 0.005], ['python312', 0.025], ['perl5.34', 0.01],
  ['libedit', 0.01], ['brotli', 0.01], ['mpfr', 0.01],
];
export const CORE_BUILD_P: readonly (readonly [string, number])[] = [
  ['pkgconfig', 0.35], ['cmake', 0.2], ['gmake', 0.1], ['autoconf', 0.07], ['automake', 0.07],
  ['libtool', 0.07], ['meson', 0.06], ['ninja', 0.06], ['python312', 0.03], ['clang-17', 0.03],
  ['gcc13', 0.02], ['gettext', 0.03], ['perl5.34', 0.02],
];

/** Names that look like ports but are never generated (dependencies on them stay unresolved). */
export const MISSING_NAMES = [
  'python27', 'py27-setuptools', 'py36-numpy', 'openssl10', 'openssl11', 'gcc45', 'db46', 'qt4-mac',
  'p5.26-test-simple', 'perl5.26', 'ruby19', 'php56', 'libgnomeui', 'gtk1', 'xorg-libXp', 'apple-gcc42',
  'llvm-3.4', 'clang-3.9', 'boost171', 'lzip', 'unzip', 'subversion', 'mercurial', 'bzr', 'check',
  'cmocka', 'quilt', 'texinfo-legacy', 'libmad-legacy', 'ImageMagick6-legacy',
];
