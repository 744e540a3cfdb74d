/**
 * Deterministic generator of large, realistic ports catalogues (SPEC section 1): writes
 * `<out>/portindex.json` (the shape portindex2json writes) and `<out>/builds.ndjson`.
 *
 *   node build/scripts/synth-catalogue.js --ports 40000 --builds 400000 --files 40 --seed 1 --out DIR
 *
 * `--files` is the average number of files per build. The same options always give
 * byte-identical files (own PRNG, no Math.random, no clock). builds.ndjson is streamed in
 * ~1 MB chunks with backpressure, so memory stays flat however many builds are asked for.
 */
import { createWriteStream, realpathSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface SynthOptions {
  ports: number;
  builds: number;
  files: number;
  seed: number;
  out: string;
}

export interface SynthResult {
  ports: number;
  builds: number;
  paths: number;
  bytes: number;
}

// ---------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: small, fast, good enough for synthetic data; 32-bit state. */
class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  u32(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** [0, 1) */
  next(): number {
    return this.u32() / 4294967296;
  }
  /** integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** integer in [lo, hi] */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(arr: readonly T[]): T {
    return arr[this.int(arr.length)] as T;
  }
  /** standard normal (Box-Muller; |z| <= 6.7 because u is never below 2^-32) */
  normal(): number {
    const u1 = (this.u32() + 1) / 4294967297;
    const u2 = this.next();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
  /** index in [0, n) skewed towards 0: P(index < k) = (k/n)^(1/power) */
  skewed(n: number, power: number): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), power)));
  }
}

/** Mixes a user seed (any safe integer) and a stream number into a 32-bit PRNG seed. */
function mixSeed(seed: number, stream: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  let h = Math.imul(lo ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(hi + stream, 0xc2b2ae35);
  h ^= Math.imul(stream + 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Discrete distribution over a fixed list of weights (binary search on the cumulative sum). */
class Weighted {
  private readonly cum: Float64Array;
  constructor(weights: readonly number[]) {
    this.cum = new Float64Array(weights.length);
    let acc = 0;
    weights.forEach((w, i) => {
      acc += w;
      this.cum[i] = acc;
    });
  }
  sample(rng: Rng): number {
    const cum = this.cum;
    const x = rng.next() * (cum[cum.length - 1] ?? 0);
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cum[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

function weightedPick<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, w] of items) total += w;
  let x = rng.next() * total;
  for (const [item, w] of items) {
    x -= w;
    if (x < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

const cap = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

// ---------------------------------------------------------------------------------------------
// Vocabulary

const TECH_WORDS = (
  'json yaml xml http crypto image audio video font async request parser test mock date time util ' +
  'color term markdown sql cache log config tree graph vector matrix stats geo map mail zip tar ' +
  'compress net socket dns ssh tls auth token queue stream buffer pixel shader mesh render sound ' +
  'midi synth wave codec frame glyph text string regex lexer grammar shell prompt editor diff patch ' +
  'merge build make pack bundle install lint format style type schema model form table plot chart ' +
  'math linear solver optim random sparse fft signal filter kernel thread pool lock event loop timer ' +
  'clock calendar zone locale unicode charset encode decode base hash digest cipher key cert sign ' +
  'verify proto rpc rest soap web html css dom browser server client proxy store kv orm query index ' +
  'search sort heap list set dict array bits byte io fs path file dir watch notify daemon service ' +
  'cron job task worker cluster node cloud docker vm emu game sprite tile physics dice card chess ' +
  'board robot serial usb bluetooth gps sensor camera scan ocr pdf doc office sheet slide print tex ' +
  'bib cite wiki blog feed rss news chat irc xmpp voip sip cast media player tag meta exif raw tiff ' +
  'png jpeg gif webp svg cairo pango gtk qt tk wx fltk sdl gl vulkan metal cl mpi blas lapack gsl ' +
  'fftw hdf netcdf fits astro bio gene seq align chem mol quantum neural learn tensor vision speech ' +
  'nlp lang word spell trans voice archive backup sync mirror fetch download upload share cloud ' +
  'stack frame widget canvas paint draw sketch photo gallery album music radio podcast tube flow ' +
  'pipe mux demux scale resize crop rotate blur sharp noise denoise fuzzy match glob mime magic ' +
  'entropy prime number integer float decimal money ledger invoice tax report metric trace profile ' +
  'bench perf probe sniff packet route firewall vpn tunnel mesh peer torrent magnet dht onion tor'
).split(/\s+/);

const ONSETS = 'b c d f g h j k l m n p r s t v w x z br cr dr fl gl gr kr pl pr sk sl sn sp st str tr th sh ch qu'.split(' ');
const VOWELS = 'a e i o u y a e i o ai ea ou io'.split(' ');
const CODAS = ['', '', '', '', 'n', 'r', 's', 'x', 'l', 'm', 'k', 't', 'ck', 'sh', 'th', 'z'];

function pseudoWord(rng: Rng, syllables = rng.range(1, 3)): string {
  let w = '';
  for (let i = 0; i < syllables; i++) w += rng.pick(ONSETS) + rng.pick(VOWELS);
  return w + rng.pick(CODAS);
}

const CATEGORIES = (
  'aqua archivers audio benchmarks biology blockchain cad chat comms cross databases devel editors ' +
  'education emacs emulators erlang finance fonts fuse games genealogy gis gnome gnustep graphics ' +
  'haskell irc japanese java kde lang linux lua mail math ml multimedia net news ocaml office perl ' +
  'php pim print python R reverse-engineering ruby russian rust science security shells spelling ' +
  'sysutils tex textproc vietnamese www x11 x11-font x11-wm xfce zope chinese korean crypto fortran ' +
  'go macports mpi ocaml tcl iphone gis audio java llvm ports'
)
  .split(/\s+/)
  .filter((c, i, all) => all.indexOf(c) === i);

/** Weights for the first category of a non-family port (everything else gets weight 1). */
const CATEGORY_WEIGHT: Record<string, number> = {
  devel: 30, net: 12, graphics: 10, textproc: 9, sysutils: 9, science: 8, math: 7, lang: 6,
  multimedia: 6, audio: 6, www: 6, databases: 5, security: 5, x11: 5, gnome: 4, kde: 3,
  archivers: 3, games: 4, mail: 3, editors: 3, java: 2, fonts: 2, shells: 2, gis: 2, print: 2,
};
const CATEGORY_PICK = new Weighted(CATEGORIES.map((c) => CATEGORY_WEIGHT[c] ?? 1));

const ADJECTIVES = [
  'fast', 'simple', 'lightweight', 'portable', 'extensible', 'modern', 'high-performance', 'minimal',
  'cross-platform', 'thread-safe', 'small', 'robust', 'pure', 'asynchronous', 'flexible', 'tiny',
  'scriptable', 'embeddable', 'free', 'open-source', 'full-featured', 'experimental', 'generic',
];
const NOUNS = [
  'library', 'toolkit', 'framework', 'utility', 'command-line tool', 'daemon', 'parser', 'interface',
  'engine', 'server', 'client', 'collection of utilities', 'viewer', 'editor', 'converter', 'wrapper',
  'implementation', 'set of bindings', 'module', 'extension',
];
const OBJECTS = [
  'files', 'streams', 'documents', 'images', 'data', 'archives', 'networks', 'messages', 'graphs',
  'matrices', 'time series', 'databases', 'fonts', 'sounds', 'packets', 'certificates', 'repositories',
  'configuration files', 'spreadsheets', 'maps', 'sequences', 'logs',
];
const VERBS = [
  'parsing', 'reading and writing', 'manipulating', 'converting', 'compressing', 'validating',
  'rendering', 'analysing', 'querying', 'monitoring', 'encrypting', 'visualising', 'indexing',
  'synchronising', 'testing', 'generating', 'editing', 'serving', 'decoding',
];
const EXTRA_SENTENCES = [
  'It is designed to be easy to use and easy to embed in other programs.',
  'The library has no external dependencies beyond the C standard library.',
  'It supports a wide range of platforms, including macOS, Linux and the BSDs.',
  'Both a command-line interface and a programming interface are provided.',
  'This port installs the shared libraries, headers and manual pages.',
  'It is a drop-in replacement for the older implementation and is considerably faster.',
  'Plugins can be written in C, Lua or Python.',
  'The project is maintained by a small community of volunteers.',
  'It follows the relevant RFCs closely and passes the official conformance suite.',
  'Documentation is available in HTML and as manual pages.',
  'Most of the functionality is also exposed through a simple REST API.',
  'It includes bindings for several scripting languages.',
  'Note that the API is not yet stable and may change between minor releases.',
];
const NON_ASCII_SENTENCES = [
  'Originally written at the ETH Zürich by a naïve café-loving team.',
  'Supports “smart quotes”, em dashes — and other typographic niceties.',
  'Includes translations into Français, Español, Português, Deutsch and 日本語.',
  'Handles Ελληνικά, Русский and 中文 text correctly.',
  'Now with emoji support 🎉 and full Unicode 15 coverage.',
  'Named after Gödel, Escher and Bach; façade included, no naïveté.',
  'Ported to macOS by Łukasz Żółć and Søren Ærø.',
];
const LICENSES = [
  ['MIT', 20], ['BSD', 15], ['GPL-2+', 10], ['GPL-3+', 10], ['LGPL-2.1+', 6], ['Apache-2', 10],
  ['GPL-2', 4], ['GPL-3', 3], ['LGPL-3+', 3], ['MPL-2', 2], ['ISC', 2], ['zlib', 1], ['PSF', 2],
  ['Artistic-2', 1], ['public-domain', 1], ['Boost-1', 1], ['Permissive', 1], ['Restrictive', 0.5],
  ['AGPL-3+', 1], ['CC0-1', 0.5], ['unknown', 0.3], ['NoMirror', 0.2],
] as const;
const LANGS = ['de', 'fr', 'es', 'it', 'ja', 'ko', 'zh_CN', 'zh_TW', 'ru', 'pt_BR', 'pl', 'cs', 'sv', 'nl', 'fi', 'da', 'nb', 'tr', 'uk', 'hu', 'el', 'he', 'ar', 'ca', 'eu', 'gl', 'ro', 'sk', 'sl', 'sr', 'sr@latin', 'vi', 'id', 'th', 'en_GB'];
const HOSTS = ['github.com', 'gitlab.com', 'codeberg.org', 'sourceforge.net', 'bitbucket.org'];

// ---------------------------------------------------------------------------------------------
// The core set: real base ports, always generated first (when the catalogue is big enough)

interface CoreDef {
  name: string;
  cat: string;
  version: string;
  desc: string;
  lib?: string;
  tool?: string;
  lib_deps?: string[];
  build_deps?: string[];
}

const CORE: readonly CoreDef[] = [
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

/** Per-port probability of a depends_lib on these core ports (non-family ports). */
const CORE_LIB_P: readonly (readonly [string, number])[] = [
  ['zlib', 0.13], ['libiconv', 0.1], ['gettext-runtime', 0.05], ['gettext', 0.04], ['ncurses', 0.04],
  ['openssl3', 0.05], ['openssl', 0.03], ['readline', 0.02], ['xz', 0.03], ['bzip2', 0.04],
  ['libffi', 0.02], ['expat', 0.03], ['libxml2', 0.05], ['sqlite3', 0.03], ['curl', 0.04], ['glib2', 0.06],
  ['libpng', 0.04], ['libjpeg-turbo', 0.03], ['freetype', 0.04], ['fontconfig', 0.03], ['icu', 0.02],
  ['pcre2', 0.02], ['gmp', 0.02], ['libyaml', 0.005], ['python312', 0.025], ['perl5.34', 0.01],
  ['libedit', 0.01], ['brotli', 0.01], ['mpfr', 0.01],
];
const CORE_BUILD_P: readonly (readonly [string, number])[] = [
  ['pkgconfig', 0.35], ['cmake', 0.2], ['gmake', 0.1], ['autoconf', 0.07], ['automake', 0.07],
  ['libtool', 0.07], ['meson', 0.06], ['ninja', 0.06], ['python312', 0.03], ['clang-17', 0.03],
  ['gcc13', 0.02], ['gettext', 0.03], ['perl5.34', 0.02],
];

/** Names that look like ports but are never generated (dependencies on them stay unresolved). */
const MISSING_NAMES = [
  'python27', 'py27-setuptools', 'py36-numpy', 'openssl10', 'openssl11', 'gcc45', 'db46', 'qt4-mac',
  'p5.26-test-simple', 'perl5.26', 'ruby19', 'php56', 'libgnomeui', 'gtk1', 'xorg-libXp', 'apple-gcc42',
  'llvm-3.4', 'clang-3.9', 'boost171', 'lzip', 'unzip', 'subversion', 'mercurial', 'bzr', 'check',
  'cmocka', 'quilt', 'texinfo-legacy', 'libmad-legacy', 'ImageMagick6-legacy',
];

// ---------------------------------------------------------------------------------------------
// Ports

type Family = 'core' | 'generic' | 'py' | 'p5' | 'rb' | 'R' | 'php' | 'hs';

interface PortRec {
  name: string;
  family: Family;
  /** family stem (py-<stem>), or the name itself */
  stem: string;
  /** language version of a subport: "312", "5.34", "33", "83"; "" for parents and others */
  lv: string;
  /** index of the group (parent + subports) this port belongs to */
  group: number;
  isParent: boolean;
  version: string;
  cat: string;
}

interface Group {
  family: Family;
  stem: string;
  /** language versions of the subports (py: "39".."313", p5: "5.28".."5.34", ...) */
  lvs: string[];
  /** port index of each subport, parallel to lvs (-1 if cut off by the port limit) */
  ports: number[];
  parent: number;
}

const PY_VERSIONS = ['39', '310', '311', '312', '313'];
const P5_VERSIONS = ['5.28', '5.30', '5.32', '5.34'];
const RB_VERSIONS = ['31', '32', '33'];
const PHP_VERSIONS = ['81', '82', '83', '84'];

const FIRST_STEMS: Partial<Record<Family, string[]>> = {
  py: ['setuptools', 'pip', 'wheel', 'build', 'installer', 'pytest', 'six', 'packaging', 'numpy', 'requests', 'setuptools_scm', 'cython', 'typing_extensions', 'certifi', 'yaml'],
  p5: ['module-build', 'test-simple', 'try-tiny', 'moo', 'libwww-perl', 'test-fatal', 'uri', 'json'],
  rb: ['rake', 'bundler', 'minitest', 'json'],
  R: ['Rcpp', 'ggplot2', 'data.table', 'dplyr', 'rlang', 'testthat', 'knitr'],
  php: ['xdebug', 'redis', 'imagick'],
  hs: ['text', 'aeson', 'bytestring', 'containers'],
};

class Namer {
  readonly used = new Set<string>();
  private counter = 0;
  has(name: string): boolean {
    return this.used.has(name.toLowerCase());
  }
  add(name: string): void {
    this.used.add(name.toLowerCase());
  }
  /** a counter suffix for the rare collision, so that names stay unique at any scale */
  suffix(): number {
    return ++this.counter;
  }
}

function word(rng: Rng): string {
  return rng.chance(0.7) ? rng.pick(TECH_WORDS) : pseudoWord(rng);
}

function genericName(rng: Rng): string {
  const r = rng.next();
  if (r < 0.3) return word(rng) + (rng.chance(0.3) ? word(rng) : '');
  if (r < 0.48) return 'lib' + word(rng) + (rng.chance(0.2) ? rng.range(0, 9) : '');
  if (r < 0.6) return word(rng) + '-' + word(rng);
  if (r < 0.66) return word(rng) + rng.range(2, 6);
  if (r < 0.7) return word(rng) + '-' + rng.pick(['utils', 'tools', 'devel', 'server', 'client', 'gtk', 'qt5', 'qt6', 'docs', 'data', 'mode', 'fonts']);
  if (r < 0.78) return cap(word(rng)) + cap(word(rng)) + (rng.chance(0.2) ? rng.range(2, 5) : '');
  if (r < 0.81) return word(rng).toUpperCase().slice(0, 4) + rng.range(1, 3) + '_' + word(rng);
  if (r < 0.83) return 'lib' + word(rng) + '++';
  if (r < 0.85) return word(rng) + word(rng) + 'mm';
  if (r < 0.89) return word(rng) + rng.range(1, 5) + '.' + rng.range(0, 9);
  if (r < 0.9) return word(rng) + '+' + word(rng);
  if (r < 0.905) return word(rng) + '-i18n-' + rng.pick(['sr@Latn', 'ca@valencia', 'uz@cyrillic', 'be@latin']);
  if (r < 0.915) return rng.range(1, 9) + word(rng);
  if (r < 0.94) return word(rng) + '_' + word(rng);
  if (r < 0.96) return word(rng) + '-' + rng.range(1, 3) + '.' + rng.range(0, 9);
  return pseudoWord(rng, rng.range(2, 3));
}

function familyStem(rng: Rng, family: Family): string {
  switch (family) {
    case 'py': {
      const r = rng.next();
      if (r < 0.4) return word(rng);
      if (r < 0.65) return word(rng) + '-' + word(rng);
      if (r < 0.8) return word(rng) + word(rng);
      if (r < 0.87) return 'py' + word(rng);
      if (r < 0.92) return word(rng) + '_' + word(rng);
      return word(rng) + rng.range(2, 3);
    }
    case 'p5': {
      const n = rng.range(1, 3);
      const parts: string[] = [];
      for (let i = 0; i < n; i++) parts.push(word(rng));
      return parts.join('-');
    }
    case 'rb':
      return rng.chance(0.6) ? word(rng) : word(rng) + rng.pick(['-', '_']) + word(rng);
    case 'R': {
      const r = rng.next();
      if (r < 0.4) return word(rng) + (rng.chance(0.3) ? word(rng) : '');
      if (r < 0.55) return cap(word(rng));
      if (r < 0.7) return word(rng) + '.' + word(rng);
      if (r < 0.75) return 'Rcpp' + cap(word(rng));
      if (r < 0.85) return word(rng) + rng.range(2, 3);
      return cap(word(rng)) + cap(word(rng));
    }
    case 'php':
      return word(rng);
    case 'hs':
      return rng.chance(0.6) ? word(rng) : word(rng) + '-' + word(rng);
    default:
      return genericName(rng);
  }
}

function groupNames(family: Family, stem: string, lvs: readonly string[]): { parent: string | undefined; subs: string[] } {
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

function langVersions(rng: Rng, family: Family): string[] {
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

function genVersion(rng: Rng): string {
  const maj = weightedPick(rng, [[0, 25], [1, 35], [2, 20], [3, 8], [4, 5], [5, 3], [rng.range(6, 30), 4]] as const);
  const min = rng.skewed(40, 1.8);
  const pat = rng.skewed(25, 2);
  const r = rng.next();
  if (r < 0.55) return `${maj}.${min}.${pat}`;
  if (r < 0.75) return `${maj}.${min}`;
  if (r < 0.8) {
    const y = rng.range(2005, 2024);
    const m = String(rng.range(1, 12)).padStart(2, '0');
    const d = String(rng.range(1, 28)).padStart(2, '0');
    return rng.chance(0.5) ? `${y}${m}${d}` : `${y}.${m}.${d}`;
  }
  if (r < 0.85) return `${maj}.${min}.${pat}.${rng.range(0, 9)}`;
  if (r < 0.9) return `${maj}.${min}${rng.pick(['a', 'b', 'rc', 'beta', 'p', 'pre'])}${rng.range(1, 5)}`;
  if (r < 0.95) return String(rng.range(1, 130));
  return `${maj}.${min}.${pat}-${rng.range(2019, 2024)}${String(rng.range(1, 12)).padStart(2, '0')}${String(rng.range(1, 28)).padStart(2, '0')}`;
}

function describe(rng: Rng, rec: PortRec): string {
  const topic = `${rng.pick(VERBS)} ${rng.pick(OBJECTS)}`;
  const thing = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  switch (rec.family) {
    case 'py':
      return rng.chance(0.5) ? `Python ${thing} for ${topic}` : `${cap(rec.stem)} is a ${thing} for ${topic}`;
    case 'p5':
      return `${perlModule(rec.stem)} - Perl module for ${topic}`;
    case 'rb':
      return `Ruby ${thing} for ${topic}`;
    case 'R':
      return `R package: ${cap(thing)} for ${topic}`;
    case 'php':
      return `PHP extension for ${topic}`;
    case 'hs':
      return `Haskell ${thing} for ${topic}`;
    default:
      return rng.chance(0.7) ? `${cap(thing)} for ${topic}` : `${cap(rng.pick(NOUNS))} for ${topic}`;
  }
}

function perlModule(stem: string): string {
  return stem
    .split('-')
    .map((p) => (PERL_ACRONYMS.has(p) ? p.toUpperCase() : cap(p)))
    .join('::');
}
const PERL_ACRONYMS = new Set(['uri', 'json', 'xml', 'http', 'sql', 'dbi', 'dbd', 'lwp', 'io', 'ssl', 'csv', 'yaml', 'dns', 'tls', 'ssh', 'pdf']);

function homepage(rng: Rng, rec: PortRec): string {
  const s = rec.stem;
  switch (rec.family) {
    case 'py': return rng.chance(0.6) ? `https://pypi.org/project/${s}/` : `https://github.com/${pseudoWord(rng)}/${s}`;
    case 'p5': return `https://metacpan.org/pod/${perlModule(s)}`;
    case 'rb': return `https://rubygems.org/gems/${s}`;
    case 'R': return rng.chance(0.7) ? `https://cran.r-project.org/package=${s}` : `https://github.com/${pseudoWord(rng)}/${s}`;
    case 'php': return `https://pecl.php.net/package/${s}`;
    case 'hs': return `https://hackage.haskell.org/package/${s}`;
    default: {
      const r = rng.next();
      const plain = s.toLowerCase().replace(/[^a-z0-9-]/g, '');
      if (r < 0.45) return `https://${rng.pick(HOSTS)}/${pseudoWord(rng)}/${plain}`;
      if (r < 0.75) return `https://www.${plain || 'example'}.org/`;
      if (r < 0.9) return `https://${plain || 'example'}.${rng.pick(['io', 'net', 'dev', 'com'])}`;
      return `http://www.${pseudoWord(rng)}.${rng.pick(['de', 'fr', 'jp', 'edu', 'org'])}/~${pseudoWord(rng)}/${plain}/`;
    }
  }
}

interface Maintainer {
  email?: { name: string; domain: string };
  github?: string;
}

function genMaintainers(rng: Rng, count: number): Maintainer[] {
  const seen = new Set<string>();
  const out: Maintainer[] = [];
  const givens = ['j', 'm', 'r', 'k', 'a', 'd', 'c', 's', 'p', 'l', 'f', 'g', 'e', 'n', 't'];
  for (let i = 0; out.length < count; i++) {
    let handle: string;
    const r = rng.next();
    if (r < 0.35) handle = rng.pick(givens) + pseudoWord(rng, 2);
    else if (r < 0.6) handle = pseudoWord(rng, rng.range(2, 3));
    else if (r < 0.75) handle = pseudoWord(rng) + rng.range(1, 99);
    else if (r < 0.85) handle = cap(pseudoWord(rng, 2)) + cap(pseudoWord(rng, 1));
    else handle = pseudoWord(rng) + '-' + pseudoWord(rng);
    if (seen.has(handle.toLowerCase())) handle += String(i);
    if (seen.has(handle.toLowerCase())) continue;
    seen.add(handle.toLowerCase());
    const emailName = handle.toLowerCase().replace(/-/g, '.');
    const k = rng.next();
    if (k < 0.5) out.push({ email: { name: emailName, domain: 'macports.org' }, github: handle });
    else if (k < 0.68) out.push({ email: { name: emailName, domain: 'macports.org' } });
    else if (k < 0.78) out.push({ email: { name: emailName, domain: rng.pick(['gmail.com', 'users.sourceforge.net', 'example.org', 'posteo.de', 'fastmail.com', 'icloud.com']) } });
    else if (k < 0.93) out.push({ github: handle });
    else out.push({ email: { name: emailName, domain: 'macports.org' }, github: handle.toLowerCase() + rng.pick(['-dev', 'x', '42', 'hub']) });
  }
  return out;
}

interface VariantDef {
  name: string;
  description: string;
  group?: string;
}
const VARIANT_DEFS: VariantDef[] = [
  { name: 'universal', description: 'Build for multiple architectures' },
  { name: 'debug', description: 'Enable debug binaries' },
  { name: 'docs', description: 'Build and install the documentation' },
  { name: 'doc', description: 'Install HTML documentation' },
  { name: 'tests', description: 'Enable running the test suite' },
  { name: 'x11', description: 'Enable X11 support', group: 'gui' },
  { name: 'quartz', description: 'Enable Quartz support', group: 'gui' },
  { name: 'python311', description: 'Build bindings for Python 3.11', group: 'py' },
  { name: 'python312', description: 'Build bindings for Python 3.12', group: 'py' },
  { name: 'python313', description: 'Build bindings for Python 3.13', group: 'py' },
  { name: 'gcc12', description: 'Build using the MacPorts gcc 12 compiler', group: 'cc' },
  { name: 'gcc13', description: 'Build using the MacPorts gcc 13 compiler', group: 'cc' },
  { name: 'gcc14', description: 'Build using the MacPorts gcc 14 compiler', group: 'cc' },
  { name: 'clang17', description: 'Build using the MacPorts clang 17 compiler', group: 'cc' },
  { name: 'openssl', description: 'Use OpenSSL for TLS support', group: 'tls' },
  { name: 'gnutls', description: 'Use GnuTLS for TLS support', group: 'tls' },
  { name: 'native', description: 'Build with optimisations for the local CPU (not distributable)' },
  { name: 'mpich', description: 'Build with MPICH', group: 'mpi' },
  { name: 'openmpi', description: 'Build with Open MPI', group: 'mpi' },
  { name: 'gtk3', description: 'Build the GTK 3 user interface', group: 'ui' },
  { name: 'qt5', description: 'Build the Qt 5 user interface', group: 'ui' },
  { name: 'qt6', description: 'Build the Qt 6 user interface', group: 'ui' },
  { name: 'accelerate', description: 'Use the Accelerate framework for BLAS/LAPACK', group: 'blas' },
  { name: 'openblas', description: 'Use OpenBLAS for BLAS/LAPACK', group: 'blas' },
  { name: 'pulseaudio', description: 'Enable PulseAudio output' },
  { name: 'jack', description: 'Enable JACK audio output' },
  { name: 'lua', description: 'Enable Lua scripting support' },
  { name: 'bash_completion', description: 'Install bash completion script' },
  { name: 'zsh_completion', description: 'Install zsh completion script' },
  { name: 'mysql8', description: 'Support MySQL 8 databases', group: 'db' },
  { name: 'postgresql16', description: 'Support PostgreSQL 16 databases', group: 'db' },
  { name: 'sqlite', description: 'Support SQLite databases' },
  { name: 'ffmpeg', description: 'Enable video import and export using FFmpeg' },
  { name: 'nls', description: 'Enable Native Language Support' },
];

interface VInfo {
  variant: string;
  description?: string;
  is_default?: string;
  requires?: string;
  conflicts?: string;
}

function genVariants(rng: Rng): { variants: string[]; vinfo: VInfo[] } {
  const n = weightedPick(rng, [[1, 30], [2, 25], [3, 18], [4, 12], [5, 8], [7, 5], [10, 2]] as const);
  const chosen: VariantDef[] = [];
  for (let tries = 0; chosen.length < n && tries < n * 4; tries++) {
    const v = rng.pick(VARIANT_DEFS);
    if (!chosen.includes(v)) chosen.push(v);
  }
  chosen.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const defaultInGroup = new Set<string>();
  const vinfo: VInfo[] = chosen.map((v) => {
    const info: VInfo = { variant: v.name };
    if (!rng.chance(0.02)) info.description = v.description;
    const mates = v.group ? chosen.filter((o) => o.group === v.group && o !== v).map((o) => o.name) : [];
    if (mates.length) info.conflicts = mates.join(' ');
    const canDefault = v.name !== 'universal' && v.name !== 'debug' && v.name !== 'native';
    if (canDefault && rng.chance(0.25) && !(v.group && defaultInGroup.has(v.group))) {
      info.is_default = '+';
      if (v.group) defaultInGroup.add(v.group);
    }
    if ((v.name === 'docs' || v.name === 'doc') && rng.chance(0.3)) info.requires = chosen.find((o) => o.group === 'py')?.name ?? '';
    if (info.requires === '') delete info.requires;
    return info;
  });
  return { variants: chosen.map((v) => v.name), vinfo };
}

function licenseFor(rng: Rng, family: Family): unknown {
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

// ---------------------------------------------------------------------------------------------
// The catalogue

const DEP_KINDS = ['depends_fetch', 'depends_extract', 'depends_patch', 'depends_build', 'depends_lib', 'depends_run', 'depends_test'] as const;
type DepKind = (typeof DEP_KINDS)[number];

/** Tcl-array-like key order (portindex2json writes its keys in hash order, not a tidy one). */
const KEY_ORDER = [
  'variants', 'portdir', 'description', 'homepage', 'depends_fetch', 'epoch', 'platforms', 'name',
  'depends_lib', 'maintainers', 'closedmaintainer', 'long_description', 'license', 'depends_extract',
  'categories', 'version', 'revision', 'depends_build', 'subports', 'vinfo', 'depends_run',
  'installs_libs', 'depends_patch', 'notes', 'replaced_by', 'depends_test', 'conflicts', 'active',
  'depends_skip_archcheck', 'license_noconflict',
];

interface Catalogue {
  recs: PortRec[];
  json: string;
}

function buildCatalogue(portCount: number, seed: number): Catalogue {
  const rng = new Rng(mixSeed(seed, 1));
  const namer = new Namer();
  const recs: PortRec[] = [];
  const groups: Group[] = [];
  const byLower = new Map<string, number>();

  const pushPort = (rec: PortRec): number => {
    namer.add(rec.name);
    byLower.set(rec.name.toLowerCase(), recs.length);
    recs.push(rec);
    return recs.length - 1;
  };

  // 1. Names. Core ports first, then groups (a generic port, or a parent with its subports).
  for (const c of CORE) {
    if (recs.length >= portCount) break;
    groups.push({ family: 'core', stem: c.name, lvs: [''], ports: [recs.length], parent: -1 });
    pushPort({ name: c.name, family: 'core', stem: c.name, lv: '', group: groups.length - 1, isParent: false, version: c.version, cat: c.cat });
  }
  const familyPick = [
    ['generic', 0.7], ['py', 0.09], ['p5', 0.07], ['rb', 0.04], ['R', 0.06], ['php', 0.015], ['hs', 0.025],
  ] as const;
  const firstUsed: Partial<Record<Family, number>> = {};
  const familyGroups = new Map<Family, number[]>();
  while (recs.length < portCount) {
    const family: Family = weightedPick(rng, familyPick);
    let stem = '';
    let lvs = langVersions(rng, family);
    const fixed = FIRST_STEMS[family];
    const used = firstUsed[family] ?? 0;
    if (fixed && used < fixed.length) {
      stem = fixed[used] as string;
      firstUsed[family] = used + 1;
      if (family === 'py') lvs = PY_VERSIONS.slice();
      if (family === 'p5') lvs = P5_VERSIONS.slice();
    }
    let names = groupNames(family, stem, lvs);
    for (let attempt = 0; ; attempt++) {
      if (stem !== '') {
        const all = names.parent === undefined ? names.subs : [names.parent, ...names.subs];
        if (all.every((n) => !namer.has(n)) && new Set(all.map((n) => n.toLowerCase())).size === all.length) break;
      }
      stem = familyStem(rng, family);
      if (attempt >= 4) stem += (family === 'R' || /[0-9]$/.test(stem) ? '.' : '') + namer.suffix();
      names = groupNames(family, stem, lvs);
    }
    const version = genVersion(rng);
    const gi = groups.length;
    const group: Group = { family, stem, lvs, ports: [], parent: -1 };
    groups.push(group);
    const cat = family === 'py' ? 'python' : family === 'p5' ? 'perl' : family === 'rb' ? 'ruby' : family === 'R' ? 'R' : family === 'php' ? 'php' : family === 'hs' ? 'haskell' : (CATEGORIES[CATEGORY_PICK.sample(rng)] as string);
    if (names.parent !== undefined && recs.length < portCount) {
      group.parent = pushPort({ name: names.parent, family, stem, lv: '', group: gi, isParent: true, version, cat });
    }
    names.subs.forEach((name, k) => {
      if (recs.length >= portCount) {
        group.ports.push(-1);
        return;
      }
      group.ports.push(pushPort({ name, family, stem, lv: lvs[k] ?? '', group: gi, isParent: false, version, cat }));
    });
    let fg = familyGroups.get(family);
    if (!fg) familyGroups.set(family, (fg = []));
    fg.push(gi);
  }
  const genericPool: number[] = [];
  recs.forEach((r, i) => {
    if (r.family === 'core' || r.family === 'generic') genericPool.push(i);
  });
  const missing = MISSING_NAMES.filter((n) => !namer.has(n));
  const coreIndex = (name: string): number | undefined => byLower.get(name.toLowerCase());

  // 2. Maintainers (Zipf-like share of ports)
  const maintainerCount = Math.min(800, Math.max(20, Math.round(portCount / 100)));
  const maintainers = genMaintainers(rng, maintainerCount);
  const maintainerPick = new Weighted(maintainers.map((_, r) => 1 / Math.pow(r + 4, 1.1)));

  // 3. Fields
  const depString = (target: number, rng2: Rng): string => {
    const rec = recs[target] as PortRec;
    let name = rec.name;
    if (rng2.chance(0.005)) {
      // case-mismatched spelling of an existing port
      const flipped = name.replace(/[A-Za-z]/, (ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()));
      if (flipped !== name) name = flipped;
    }
    const core = rec.family === 'core' ? CORE.find((c) => c.name === rec.name) : undefined;
    const plain = rec.stem.toLowerCase().replace(/^lib/, '').replace(/[^a-z0-9+_-]/g, '') || 'x';
    const r = rng2.next();
    if (rec.name === 'pkgconfig' && r < 0.3) return `path:bin/pkg-config:${name}`;
    // language modules are always named as port:...; bin:/lib:/path: name what C ports install
    if (r < 0.86 || (rec.family !== 'core' && rec.family !== 'generic')) return `port:${name}`;
    if (r < 0.91) {
      const lib = core?.lib ?? `lib${plain}${rng2.chance(0.4) ? '.' + rng2.range(0, 9) : ''}`;
      return `lib:${lib}:${name}`;
    }
    if (r < 0.96) return `bin:${core?.tool ?? plain}:${name}`;
    return rng2.chance(0.5) ? `path:lib/pkgconfig/${plain}.pc:${name}` : `path:bin/${core?.tool ?? plain}:${name}`;
  };

  const pyGroupByStem = new Map<string, number>();
  groups.forEach((g, gi) => {
    if (g.family === 'py' && !pyGroupByStem.has(g.stem)) pyGroupByStem.set(g.stem, gi);
  });
  const portdirs: string[] = [];
  const coreDefByName = new Map(CORE.map((c) => [c.name, c] as const));
  const out: string[] = [];
  recs.forEach((rec, i) => {
    const deps: Record<DepKind, string[]> = {
      depends_fetch: [], depends_extract: [], depends_patch: [], depends_build: [], depends_lib: [],
      depends_run: [], depends_test: [],
    };
    const chosen = new Set<number>();
    const addDep = (kind: DepKind, target: number | undefined): void => {
      if (target === undefined || target < 0) return;
      // one entry per target and kind (the rare duplicates below are deliberate)
      const key = target * 8 + DEP_KINDS.indexOf(kind);
      if (chosen.has(key)) return;
      chosen.add(key);
      const list = deps[kind];
      if (rng.chance(0.01) && missing.length) list.push(`port:${rng.pick(missing)}`);
      else list.push(depString(target, rng));
      if (rng.chance(0.004)) list.push(list[list.length - 1] as string); // duplicate entry
    };
    const addNamed = (kind: DepKind, name: string): void => addDep(kind, coreIndex(name));
    const heavyTail = (alpha: number, zeroP: number, capN: number): number => {
      if (rng.chance(zeroP)) return 0;
      return Math.min(capN, Math.floor(Math.pow(1 - rng.next(), -1 / alpha)));
    };
    /** an earlier port of the same family group list, Zipf-like (early groups popular) */
    const familyTarget = (family: Family, lv: string): number | undefined => {
      const fg = familyGroups.get(family);
      if (!fg) return undefined;
      const gi = fg[rng.skewed(lowerBound(fg, rec.group), 3)] as number;
      if (gi === rec.group) return undefined;
      const g = groups[gi] as Group;
      const k = g.lvs.indexOf(lv);
      const idx = k >= 0 ? g.ports[k] : family === 'R' || family === 'hs' ? g.ports[0] : undefined;
      return idx !== undefined && idx >= 0 && idx < i ? idx : undefined;
    };

    if (rec.family === 'core') {
      const def = coreDefByName.get(rec.name);
      for (const d of def?.lib_deps ?? []) addNamed('depends_lib', d);
      for (const d of def?.build_deps ?? []) addNamed('depends_build', d);
      if (rec.name !== 'pkgconfig' && rec.name !== 'zlib' && rng.chance(0.3)) addNamed('depends_build', 'pkgconfig');
    } else if (rec.isParent) {
      // parent ports of subports are stubs: no dependencies
    } else if (rec.family === 'generic') {
      for (const [name, p] of CORE_LIB_P) if (rng.chance(p)) addNamed('depends_lib', name);
      for (const [name, p] of CORE_BUILD_P) if (rng.chance(p)) addNamed('depends_build', name);
      const nLib = heavyTail(1.25, 0.3, 120);
      for (let k = 0; k < nLib && i > 0; k++) {
        addDep('depends_lib', rng.chance(0.85) ? genericPool[rng.skewed(lowerBound(genericPool, i), 3)] : rng.skewed(i, 3));
      }
      if (rng.chance(0.12)) for (let k = heavyTail(1.5, 0, 6); k > 0; k--) addDep('depends_build', rng.skewed(i, 3));
      if (rng.chance(0.15)) {
        for (let k = heavyTail(1.4, 0, 10); k > 0; k--) {
          // run dependencies may point anywhere, later ports included: cycles happen
          addDep('depends_run', rng.chance(0.8) ? rng.skewed(Math.max(1, i), 2.5) : rng.int(recs.length));
        }
      }
      if (rng.chance(0.02)) addNamed('depends_test', rng.pick(['python312', 'perl5.34', 'gmake']));
    } else {
      // language-family subport
      const lv = rec.lv;
      const lang =
        rec.family === 'py' ? `python${lv}` : rec.family === 'p5' ? `perl${lv}` : rec.family === 'rb' ? `ruby${lv}` :
        rec.family === 'R' ? 'R' : rec.family === 'php' ? `php${lv}` : 'ghc';
      addNamed(rec.family === 'hs' ? 'depends_build' : 'depends_lib', lang);
      if (rec.family === 'py') {
        const pyDep = (stem: string, kind: DepKind): void => {
          const g = pyGroupByStem.get(stem) ?? -1;
          if (g < 0 || g === rec.group) return;
          const k = (groups[g] as Group).lvs.indexOf(lv);
          const idx = k >= 0 ? (groups[g] as Group).ports[k] : undefined;
          if (idx !== undefined && idx >= 0) addDep(kind, idx);
        };
        if (rng.chance(0.7)) pyDep('setuptools', 'depends_build');
        if (rng.chance(0.4)) {
          pyDep('build', 'depends_build');
          pyDep('installer', 'depends_build');
        }
        if (rng.chance(0.3)) pyDep('wheel', 'depends_build');
        if (rng.chance(0.3)) pyDep('pytest', 'depends_test');
        if (rng.chance(0.05)) addNamed('depends_lib', rng.pick(['openssl3', 'zlib', 'libffi', 'libyaml']));
      }
      if (rec.family === 'p5' && rng.chance(0.2)) addDep('depends_build', familyTarget('p5', lv));
      if (rec.family === 'hs') addNamed('depends_lib', 'gmp');
      const nLib = heavyTail(1.4, 0.35, 60);
      for (let k = 0; k < nLib; k++) addDep('depends_lib', familyTarget(rec.family, lv));
      if (rng.chance(0.08)) addDep('depends_run', familyTarget(rec.family, lv));
      if (rng.chance(0.03)) addDep('depends_test', familyTarget(rec.family, lv));
      if (rng.chance(0.03)) addNamed('depends_lib', rng.pick(['zlib', 'libiconv', 'openssl3', 'gmp']));
    }
    if (rng.chance(0.015)) addNamed('depends_fetch', 'git');
    if (rng.chance(0.002)) deps.depends_fetch.push(rng.chance(0.5) ? 'bin:svn:subversion' : 'port:mercurial');
    if (rng.chance(0.03)) {
      if (rng.chance(0.7)) addNamed('depends_extract', rng.pick(['xz', 'bzip2', 'xz']));
      else deps.depends_extract.push(rng.pick(['bin:lzip:lzip', 'port:unzip', 'bin:unzip:unzip']));
    }
    if (rng.chance(0.007)) addNamed('depends_patch', 'gpatch');
    if (rng.chance(0.0005)) addDep('depends_lib', i); // a port depending on itself

    // everything else
    const f: Record<string, unknown> = {};
    f['name'] = rec.name;
    const cats = [rec.cat];
    const extra = weightedPick(rng, [[0, 45], [1, 40], [2, 15]] as const);
    for (let k = 0; k < extra; k++) {
      const c = CATEGORIES[CATEGORY_PICK.sample(rng)] as string;
      if (!cats.includes(c)) cats.push(c);
    }
    if (rng.chance(0.002)) cats.push(rec.cat);
    const parentRec = rec.isParent ? rec : recs[(groups[rec.group] as Group).parent];
    const portdirName = rec.family !== 'core' && rec.family !== 'generic' && parentRec !== undefined ? parentRec.name : rec.name;
    f['portdir'] = `${cats[0]}/${portdirName}`;
    portdirs.push(f['portdir'] as string);
    f['categories'] = cats;
    f['version'] = rec.version;
    f['revision'] = String(weightedPick(rng, [[0, 70], [1, 18], [2, 7], [3, 3], [rng.range(4, 12), 2]] as const));
    f['epoch'] = rng.chance(0.95) ? '0' : rng.chance(0.7) ? String(rng.range(1, 3)) : `20${rng.range(10, 23)}0${rng.range(1, 9)}1${rng.range(0, 9)}`;
    const lic = licenseFor(rng, rec.family);
    if (!rng.chance(0.005)) f['license'] = lic;
    const plat = weightedPick(rng, [['darwin', 85], ['any', 6], ['{darwin any}', 3], ['darwin freebsd', 3], ['macosx', 1], ['darwin linux', 1], ['', 1]] as const);
    if (plat !== '') f['platforms'] = plat;

    const nM = weightedPick(rng, [[0, 15], [1, 60], [2, 20], [3, 5]] as const);
    const mlist: Maintainer[] = [];
    const taken = new Set<number>();
    for (let k = 0; k < nM; k++) {
      const m = maintainerPick.sample(rng);
      if (taken.has(m) && !rng.chance(0.05)) continue;
      taken.add(m);
      const base = maintainers[m] as Maintainer;
      if (base.github && rng.chance(0.02)) mlist.push({ ...base, github: cap(base.github) === base.github ? base.github.toLowerCase() : cap(base.github) });
      else mlist.push(base);
    }
    f['maintainers'] = mlist;
    f['closedmaintainer'] = mlist.length === 0 ? false : rng.chance(0.3);

    const desc = rec.family === 'core' ? (coreDefByName.get(rec.name)?.desc ?? describe(rng, rec)) : describe(rng, rec);
    f['description'] = desc;
    const lr = rng.next();
    let long = desc;
    if (lr > 0.3) {
      long = cap(desc) + '.';
      for (let k = heavyTail(1.2, 0, 12); k > 0; k--) long += ' ' + rng.pick(EXTRA_SENTENCES);
    }
    if (rng.chance(0.05)) long += ' ' + rng.pick(NON_ASCII_SENTENCES);
    if (i === Math.floor(portCount / 2) && portCount >= 1000) long += '\u2028Second paragraph after a Unicode line separator.';
    f['long_description'] = long;
    if (!rng.chance(0.01)) f['homepage'] = rec.family === 'core' ? `https://www.${rec.name.replace(/[^a-z0-9]/gi, '')}.org/` : homepage(rng, rec);

    if (!rec.isParent && rng.chance(rec.family === 'generic' || rec.family === 'core' ? 0.45 : 0.12)) {
      const { variants, vinfo } = genVariants(rng);
      if (rng.chance(0.002)) variants.push(cap(variants[0] ?? 'docs'));
      if (!rng.chance(0.05)) f['variants'] = variants;
      f['vinfo'] = vinfo;
    }
    for (const kind of DEP_KINDS) if (deps[kind].length) f[kind] = deps[kind];

    const group = groups[rec.group] as Group;
    if (rec.isParent) {
      f['subports'] = group.ports.filter((p) => p >= 0).map((p) => (recs[p] as PortRec).name).join(' ');
    } else if (rec.family === 'generic' && rng.chance(0.02)) {
      f['subports'] = `${rec.name}-docs ${rec.name}-devel`;
    }
    if (rng.chance(0.05)) f['notes'] = rng.pick([
      `To use ${rec.name}, add /opt/local/libexec/${rec.stem.toLowerCase()}/bin to your PATH.`,
      'A startup item has been generated that will aid in starting this port with launchd. It is disabled by default.',
      `The ${rec.name} port no longer installs the legacy headers; see the release notes for details.`,
      'To make this the default version, run:\n    sudo port select --set python python312',
    ]);
    if (rng.chance(0.1)) f['installs_libs'] = 'no';
    if (rng.chance(0.01)) f['depends_skip_archcheck'] = 'gmake';
    if (rng.chance(0.01) && i > 0) f['conflicts'] = (recs[rng.int(i)] as PortRec).name;
    if (rng.chance(0.005)) f['license_noconflict'] = 'openssl';
    if (rng.chance(0.006) && recs.length > 1) {
      const target = rng.int(recs.length);
      if (target !== i) f['replaced_by'] = (recs[target] as PortRec).name;
    }
    if (rng.chance(0.003)) f['active'] = false;

    const obj: Record<string, unknown> = {};
    for (const k of KEY_ORDER) if (f[k] !== undefined) obj[k] = f[k];
    out.push(JSON.stringify(obj));
  });

  // PortIndex order: by port directory, then name (the tree walk portindex does)
  const order = out.map((_, i) => i);
  const dirKey = (i: number): string => (portdirs[i] as string) + '\u0000' + (recs[i] as PortRec).name;
  const keys = order.map(dirKey);
  order.sort((a, b) => {
    const ka = keys[a] as string;
    const kb = keys[b] as string;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const info = { info: { generator: 'ports-gen synth-catalogue', seed: String(seed), ports: String(recs.length) } };
  const json = JSON.stringify(info).slice(0, -1) + ',"ports":[\n' + order.map((i) => out[i]).join(',\n') + '\n]}\n';
  return { recs, json };
}

/** number of entries in the sorted array `arr` below `x` (at least 1, so a pool is never empty) */
function lowerBound(arr: readonly number[], x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((arr[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(1, lo);
}

// ---------------------------------------------------------------------------------------------
// Builds

const enum S {
  Bin, Dylib, StaticLib, Include, Man1, Man3, Man5, Doc, Share, Locale, PkgConfig, CMake, Libexec,
  Etc, App, Framework, Font,
  PyMod, PySo, PyDistInfo, PyBin,
  Pm, PerlBundle, PerlMan,
  Rb, RbSpec, RbBin,
  RFile, RHelp,
  PhpSo, PhpIni, PhpInc,
  HsHi, HsLib, HsConf,
  Count,
}

interface Profile {
  pkg: string;
  Pkg: string;
  ver: string;
  lv: string;
  sections: S[];
  pick: Weighted;
}

const FILE_WORDS: string[] = [];
const DOC_FILES = ['README', 'README.md', 'LICENSE', 'COPYING', 'NEWS', 'ChangeLog', 'AUTHORS', 'THANKS', 'TODO', 'CHANGES.md', 'INSTALL', 'CONTRIBUTING.md', 'HISTORY.rst', 'FAQ'];
const SHARE_EXT = ['xml', 'json', 'txt', 'dat', 'png', 'svg', 'ui', 'conf', 'css', 'js', 'html', 'lua', 'tcl', 'mo', 'ttf', 'wav', 'ogg', 'icns', 'plist', 'xsl', 'sh'];
const HDR_EXT = ['h', 'h', 'h', 'hpp', 'hh', 'inl'];

function initWords(): void {
  if (FILE_WORDS.length) return;
  const r = new Rng(0x5eed);
  for (const w of TECH_WORDS) FILE_WORDS.push(w);
  for (let i = 0; i < 1500; i++) FILE_WORDS.push(pseudoWord(r));
}

function profileFor(rec: PortRec, rng: Rng): Profile {
  const pkg = rec.stem.toLowerCase().replace(/[^a-z0-9+._-]/g, '') || 'pkg';
  const Pkg = rec.stem.replace(/[^A-Za-z0-9]/g, '') || 'Pkg';
  const ver = rec.version.replace(/[^0-9A-Za-z.]/g, '') || '1.0';
  const w: [S, number][] = [];
  switch (rec.family) {
    case 'py':
      w.push([S.PyMod, 80], [S.PySo, rng.chance(0.3) ? 4 : 0], [S.PyDistInfo, 4], [S.PyBin, rng.chance(0.3) ? 2 : 0], [S.Doc, 1]);
      break;
    case 'p5':
      w.push([S.Pm, 50], [S.PerlMan, 40], [S.PerlBundle, rng.chance(0.2) ? 3 : 0], [S.Doc, 1], [S.Bin, rng.chance(0.1) ? 2 : 0]);
      break;
    case 'rb':
      w.push([S.Rb, 85], [S.RbSpec, 1], [S.RbBin, rng.chance(0.4) ? 2 : 0], [S.Doc, 4]);
      break;
    case 'R':
      w.push([S.RFile, 40], [S.RHelp, 50], [S.Doc, 2]);
      break;
    case 'php':
      w.push([S.PhpSo, 2], [S.PhpIni, 1], [S.PhpInc, 30], [S.Doc, 5]);
      break;
    case 'hs':
      w.push([S.HsHi, 90], [S.HsLib, 3], [S.HsConf, 1], [S.Doc, 4]);
      break;
    default: {
      const lib = rng.chance(0.6);
      w.push(
        [S.Bin, rng.chance(0.6) ? 8 : 0], [S.Dylib, lib ? 4 : 0], [S.StaticLib, lib && rng.chance(0.3) ? 2 : 0],
        [S.Include, lib ? 35 : 0], [S.Man1, 6], [S.Man3, lib ? 25 : 0], [S.Man5, 1], [S.Doc, 10],
        [S.Share, 30], [S.Locale, rng.chance(0.25) ? 12 : 0], [S.PkgConfig, lib ? 1 : 0],
        [S.CMake, lib && rng.chance(0.3) ? 3 : 0], [S.Libexec, rng.chance(0.15) ? 6 : 0],
        [S.Etc, rng.chance(0.1) ? 2 : 0], [S.App, rng.chance(0.04) ? 40 : 0],
        [S.Framework, rng.chance(0.03) ? 30 : 0], [S.Font, rng.chance(0.03) ? 40 : 0],
      );
    }
  }
  const kept = w.filter(([, x]) => x > 0);
  return { pkg, Pkg, ver, lv: rec.lv, sections: kept.map(([s]) => s), pick: new Weighted(kept.map(([, x]) => x)) };
}

function pyDirs(lv: string): { site: string; bin: string; tag: string; dot: string } {
  const v = lv || '312';
  const dot = v.charAt(0) + '.' + v.slice(1);
  const base = `/opt/local/Library/Frameworks/Python.framework/Versions/${dot}`;
  return { site: `${base}/lib/python${dot}/site-packages`, bin: `${base}/bin`, tag: `cpython-${v}`, dot };
}

/** Generates the files of one build as a JSON array body into `parts`; returns how many. */
class FileGen {
  private readonly seen = new Set<string>();
  private readonly counts = new Int32Array(S.Count);
  private dirs: string[] = [];
  constructor(private readonly rng: Rng) {
    initWords();
  }

  private w(): string {
    return FILE_WORDS[this.rng.int(FILE_WORDS.length)] as string;
  }
  private name(): string {
    const r = this.rng.next();
    if (r < 0.6) return this.w();
    if (r < 0.85) return this.w() + '_' + this.w();
    return this.w() + this.w();
  }
  private sub(): string {
    const r = this.rng.next();
    const d = this.dirs;
    if (r < 0.45 || d.length === 0) return '';
    if (r < 0.85) return (d[this.rng.int(d.length)] as string) + '/';
    return (d[this.rng.int(d.length)] as string) + '/' + (d[this.rng.int(d.length)] as string) + '/';
  }

  generate(p: Profile, n: number): string {
    const rng = this.rng;
    const seen = this.seen;
    const counts = this.counts;
    seen.clear();
    counts.fill(0);
    for (let k = 0; k < n; k++) {
      const s = p.sections[p.pick.sample(rng)] as S;
      counts[s] = (counts[s] ?? 0) + 1;
    }
    const nd = 1 + Math.floor(Math.sqrt(n) / 2);
    this.dirs = [];
    for (let k = 0; k < nd; k++) this.dirs.push(this.w());
    let out = '[';
    let first = true;
    const add = (path: string): void => {
      let pth = path;
      if (seen.has(pth)) {
        const dot = pth.lastIndexOf('.');
        const slash = pth.lastIndexOf('/');
        const suffix = '-' + rng.int(1000000);
        pth = dot > slash + 1 ? pth.slice(0, dot) + suffix + pth.slice(dot) : pth + suffix;
        if (seen.has(pth)) pth += '-' + seen.size;
      }
      seen.add(pth);
      out += first ? '"' + pth + '"' : ',"' + pth + '"';
      first = false;
    };
    const { pkg, Pkg, ver } = p;
    for (const s of p.sections) {
      let c = counts[s] ?? 0;
      while (c > 0) {
        c--;
        switch (s) {
          case S.Bin: add(`/opt/local/bin/${rng.chance(0.3) ? pkg : rng.chance(0.5) ? pkg + '-' + this.w() : this.w()}`); break;
          case S.Dylib: {
            const lib = rng.chance(0.5) ? 'lib' + pkg.replace(/^lib/, '') : 'lib' + this.w();
            const r = rng.next();
            add(r < 0.4 ? `/opt/local/lib/${lib}.dylib` : r < 0.8 ? `/opt/local/lib/${lib}.${rng.range(0, 30)}.dylib` : `/opt/local/lib/${lib}.${ver}.dylib`);
            break;
          }
          case S.StaticLib: add(`/opt/local/lib/lib${rng.chance(0.5) ? pkg.replace(/^lib/, '') : this.w()}.a`); break;
          case S.Include: add(`/opt/local/include/${rng.chance(0.85) ? pkg + '/' : ''}${this.sub()}${this.name()}.${rng.pick(HDR_EXT)}`); break;
          case S.Man1: add(`/opt/local/share/man/man1/${rng.chance(0.3) ? pkg : this.w()}.1.gz`); break;
          case S.Man3: add(`/opt/local/share/man/man3/${rng.chance(0.5) ? pkg + '_' : ''}${this.name()}.3.gz`); break;
          case S.Man5: add(`/opt/local/share/man/man5/${rng.chance(0.5) ? pkg : this.w()}.conf.5.gz`); break;
          case S.Doc: add(rng.chance(0.3) ? `/opt/local/share/doc/${pkg}/${rng.pick(DOC_FILES)}` : `/opt/local/share/doc/${pkg}/${rng.chance(0.5) ? 'html/' : ''}${this.sub()}${this.name()}.${rng.pick(['html', 'html', 'txt', 'pdf', 'png', 'css', 'js', 'md'])}`); break;
          case S.Share: add(`/opt/local/share/${pkg}/${this.sub()}${this.name()}.${rng.pick(SHARE_EXT)}`); break;
          case S.Locale: add(rng.chance(0.7) ? `/opt/local/share/locale/${rng.pick(LANGS)}/LC_MESSAGES/${pkg}.mo` : `/opt/local/share/${pkg}/translations/${pkg}_${rng.pick(LANGS)}.qm`); break;
          case S.PkgConfig: add(`/opt/local/lib/pkgconfig/${rng.chance(0.6) ? pkg : pkg + '-' + this.w()}.pc`); break;
          case S.CMake: add(`/opt/local/lib/cmake/${Pkg}/${Pkg}${rng.pick(['Config', 'ConfigVersion', 'Targets', 'Targets-release', cap(this.w())])}.cmake`); break;
          case S.Libexec: add(`/opt/local/libexec/${pkg}/${this.sub()}${this.w()}`); break;
          case S.Etc: add(`/opt/local/etc/${pkg}/${this.w()}.conf${rng.chance(0.5) ? '.sample' : ''}`); break;
          case S.App: {
            const app = rng.chance(0.3) ? `${Pkg} ${cap(rng.pick(['Viewer', 'Editor', 'Player', 'Studio']))}` : Pkg;
            add(`/Applications/MacPorts/${app}.app/Contents/${rng.pick(['Resources', 'Resources', 'Frameworks', 'MacOS', 'PlugIns'])}/${this.sub()}${this.name()}.${rng.pick(['png', 'nib', 'strings', 'icns', 'dylib', 'plist', 'qm'])}`);
            break;
          }
          case S.Framework: add(rng.chance(0.8) ? `/opt/local/Library/Frameworks/${Pkg}.framework/Versions/A/Headers/${cap(this.name())}.h` : `/opt/local/Library/Frameworks/${Pkg}.framework/Versions/A/Resources/${cap(this.name())}.${rng.pick(['plist', 'strings', 'png', 'nib'])}`); break;
          case S.Font: add(`/opt/local/share/fonts/${Pkg}/${Pkg}-${rng.pick(['Regular', 'Bold', 'Italic', 'BoldItalic', 'Light', 'Medium', 'Thin'])}${rng.chance(0.5) ? '' : '-' + cap(this.w())}.${rng.pick(['ttf', 'otf', 'woff2'])}`); break;
          case S.PyMod: {
            const { site, tag } = pyDirs(p.lv);
            const dir = `${site}/${pkg.replace(/[-.]/g, '_')}/${this.sub()}`;
            const mod = this.name();
            add(`${dir}${mod}.py`);
            if (c > 0) {
              c--;
              add(`${dir}__pycache__/${mod}.${tag}.pyc`);
            }
            break;
          }
          case S.PySo: {
            const { site, tag } = pyDirs(p.lv);
            add(`${site}/${pkg.replace(/[-.]/g, '_')}/${this.sub()}_${this.w()}.${tag}-darwin.so`);
            break;
          }
          case S.PyDistInfo: {
            const { site } = pyDirs(p.lv);
            add(`${site}/${pkg.replace(/[-.]/g, '_')}-${ver}.dist-info/${rng.pick(['METADATA', 'RECORD', 'WHEEL', 'top_level.txt', 'INSTALLER', 'entry_points.txt', 'LICENSE', 'REQUESTED', 'direct_url.json'])}`);
            break;
          }
          case S.PyBin: {
            const { bin, dot } = pyDirs(p.lv);
            const tool = rng.chance(0.5) ? pkg : pkg + '-' + this.w();
            add(rng.chance(0.5) ? `${bin}/${tool}` : `/opt/local/bin/${tool}-${dot}`);
            break;
          }
          case S.Pm: {
            const mod = perlModule(pkg).split('::').join('/');
            add(`/opt/local/lib/perl5/vendor_perl/${p.lv || '5.34'}/${mod}/${this.sub().replace(/(^|\/)([a-z])/g, (m) => m.toUpperCase())}${cap(this.w())}.pm`);
            break;
          }
          case S.PerlBundle: {
            const mod = perlModule(pkg).split('::');
            add(`/opt/local/lib/perl5/vendor_perl/${p.lv || '5.34'}/darwin-thread-multi-2level/auto/${mod.join('/')}/${mod[mod.length - 1] ?? 'X'}${rng.chance(0.8) ? '.bundle' : '.bs'}`);
            break;
          }
          case S.PerlMan: add(`/opt/local/share/perl${p.lv || '5.34'}/man/man3/${perlModule(pkg)}::${cap(this.w())}.3pm.gz`); break;
          case S.Rb: {
            const rv = p.lv || '33';
            add(`/opt/local/lib/ruby${rv.charAt(0)}.${rv.slice(1)}/gems/${rv.charAt(0)}.${rv.slice(1)}.0/gems/${pkg}-${ver}/${rng.chance(0.8) ? 'lib/' : rng.pick(['test/', 'spec/', 'ext/', 'bin/'])}${this.sub()}${this.name()}.rb`);
            break;
          }
          case S.RbSpec: {
            const rv = p.lv || '33';
            add(`/opt/local/lib/ruby${rv.charAt(0)}.${rv.slice(1)}/gems/${rv.charAt(0)}.${rv.slice(1)}.0/specifications/${pkg}-${ver}.gemspec`);
            break;
          }
          case S.RbBin: add(`/opt/local/bin/${rng.chance(0.5) ? pkg : this.w()}${(p.lv || '33').charAt(0)}.${(p.lv || '33').slice(1)}`); break;
          case S.RFile: {
            const base = `/opt/local/Library/Frameworks/R.framework/Versions/4.4/Resources/library/${rec_name_R(pkg, Pkg)}`;
            const r = rng.next();
            add(r < 0.15 ? `${base}/${rng.pick(['DESCRIPTION', 'NAMESPACE', 'INDEX', 'NEWS.md', 'CITATION', 'Meta/package.rds', 'Meta/hsearch.rds', 'R/' + Pkg + '.rdb', 'R/' + Pkg + '.rdx', 'libs/' + Pkg + '.so', 'html/00Index.html'])}` : r < 0.7 ? `${base}/${rng.pick(['doc', 'extdata', 'include', 'tinytest', 'data'])}/${this.sub()}${this.name()}.${rng.pick(['R', 'Rmd', 'html', 'csv', 'rds', 'h', 'pdf'])}` : `${base}/help/${this.name()}.html`);
            break;
          }
          case S.RHelp: add(`/opt/local/Library/Frameworks/R.framework/Versions/4.4/Resources/library/${rec_name_R(pkg, Pkg)}/help/${this.sub()}${this.name()}.${rng.pick(['rds', 'html', 'Rd'])}`); break;
          case S.PhpSo: add(`/opt/local/lib/php${p.lv || '83'}/extensions/no-debug-non-zts-${PHP_API[p.lv] ?? '20230831'}/${pkg}.so`); break;
          case S.PhpIni: add(`/opt/local/var/db/php${p.lv || '83'}/${pkg}.ini`); break;
          case S.PhpInc: add(`/opt/local/include/php${p.lv || '83'}/php/ext/${pkg}/${this.sub()}${this.name()}.h`); break;
          case S.HsHi: {
            const mod = cap(pkg.replace(/-([a-z])/g, (_, ch: string) => '/' + ch.toUpperCase()));
            add(`/opt/local/lib/ghc-9.6.6/lib/aarch64-osx-ghc-9.6.6/${pkg}-${ver}/${mod}/${this.sub()}${cap(this.w())}.${rng.pick(['hi', 'dyn_hi', 'p_hi'])}`);
            break;
          }
          case S.HsLib: add(`/opt/local/lib/ghc-9.6.6/lib/aarch64-osx-ghc-9.6.6/libHS${pkg}-${ver}-${this.w()}-ghc9.6.6.dylib`); break;
          case S.HsConf: add(`/opt/local/lib/ghc-9.6.6/lib/package.conf.d/${pkg}-${ver}-${this.w()}.conf`); break;
          default: add(`/opt/local/share/${pkg}/${this.name()}`);
        }
      }
    }
    return out + ']';
  }
}

const PHP_API: Record<string, string> = { '81': '20210902', '82': '20220829', '83': '20230831', '84': '20240924' };

function rec_name_R(pkg: string, Pkg: string): string {
  // R package directories keep the package's own spelling (dots included)
  return /[.]/.test(pkg) ? pkg : Pkg === Pkg.toLowerCase() ? pkg : Pkg;
}

/** Files per build: 3% empty, else 1 + a lognormal (stochastically rounded) with the right mean. */
function fileCount(rng: Rng, mean: number): number {
  const pEmpty = 0.03;
  const nonEmptyMean = mean / (1 - pEmpty);
  if (nonEmptyMean < 1) return rng.chance(mean) ? 1 : 0;
  if (rng.chance(pEmpty)) return 0;
  const m = nonEmptyMean - 1;
  if (m <= 0) return 1;
  const sigma = 1.4;
  const mu = Math.log(m) - (sigma * sigma) / 2;
  const x = Math.exp(mu + sigma * rng.normal());
  return 1 + Math.floor(x + rng.next());
}

async function writeBuilds(path: string, recs: readonly PortRec[], builds: number, avgFiles: number, seed: number): Promise<{ paths: number; bytes: number }> {
  const rng = new Rng(mixSeed(seed, 2));
  const gen = new FileGen(rng);
  const profiles: (Profile | undefined)[] = new Array<Profile | undefined>(recs.length);
  const stream = createWriteStream(path, { highWaterMark: 4 << 20 });
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let failed: unknown;
  stream.on('error', (e) => (failed = e));
  const drain = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const onDrain = (): void => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (e: unknown): void => {
        stream.off('drain', onDrain);
        reject(e);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });

  // build ids: a strided walk over [1, 2e9]; the stride is coprime with the modulus, so
  // the first 2e9 ids are all distinct, without remembering any of them.
  const MOD = 2_000_000_000;
  const STRIDE = 1_400_305_337; // odd, not a multiple of 5: coprime with 2^10 * 5^9
  let acc = mixSeed(seed, 3) % MOD;
  let chunk = '';
  let paths = 0;
  let bytes = 0;
  for (let b = 0; b < builds; b++) {
    const id = acc + 1;
    acc += STRIDE;
    if (acc >= MOD) acc -= MOD;
    const port = rng.int(recs.length);
    const rec = recs[port] as PortRec;
    let prof = profiles[port];
    if (!prof) profiles[port] = prof = profileFor(rec, new Rng(mixSeed(seed, 1000 + port)));
    const n = fileCount(rng, avgFiles);
    paths += n;
    chunk += `{"build_id":${id},"port_name":${JSON.stringify(rec.name)},"files":${gen.generate(prof, n)}}\n`;
    if (chunk.length >= 1 << 20) {
      if (failed) throw failed;
      const buf = Buffer.from(chunk, 'utf8');
      bytes += buf.length;
      chunk = '';
      if (!stream.write(buf)) await drain();
    }
  }
  const buf = Buffer.from(chunk, 'utf8');
  bytes += buf.length;
  stream.end(buf);
  await finished;
  return { paths, bytes };
}

// ---------------------------------------------------------------------------------------------
// Entry points

export async function synthCatalogue(options: SynthOptions): Promise<SynthResult> {
  const { ports, builds, files, seed, out } = options;
  if (!Number.isInteger(ports) || ports < 1) throw new Error(`--ports must be a positive integer (got ${ports})`);
  if (!Number.isInteger(builds) || builds < 0 || builds > 2_000_000_000) throw new Error(`--builds must be an integer in [0, 2000000000] (got ${builds})`);
  if (!Number.isFinite(files) || files < 0) throw new Error(`--files must be a non-negative number (got ${files})`);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer (got ${seed})`);
  await mkdir(out, { recursive: true });
  let recs: PortRec[];
  let indexBytes: number;
  {
    // scoped so that the catalogue's JSON text can be collected while builds are written
    const cat = buildCatalogue(ports, seed);
    const index = Buffer.from(cat.json, 'utf8');
    await writeFile(join(out, 'portindex.json'), index);
    recs = cat.recs;
    indexBytes = index.length;
  }
  const b = await writeBuilds(join(out, 'builds.ndjson'), recs, builds, files, seed);
  return { ports: recs.length, builds, paths: b.paths, bytes: indexBytes + b.bytes };
}

function isMain(): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  if (import.meta.url === pathToFileURL(arg).href) return true;
  try {
    return import.meta.url === pathToFileURL(realpathSync(arg)).href;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ports: { type: 'string', default: '2000' },
      builds: { type: 'string', default: '5000' },
      files: { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: 'catalogue-synth' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write('Usage: synth-catalogue --ports N --builds M --files K --seed S --out DIR\n' +
      '  writes DIR/portindex.json and DIR/builds.ndjson; K is the average number of files per build\n');
    return;
  }
  const num = (name: string, v: string): number => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n)) throw new Error(`--${name} must be a number (got ${JSON.stringify(v)})`);
    return n;
  };
  const t0 = process.hrtime.bigint();
  const opts: SynthOptions = {
    ports: num('ports', values.ports),
    builds: num('builds', values.builds),
    files: num('files', values.files),
    seed: num('seed', values.seed),
    out: values.out,
  };
  const r = await synthCatalogue(opts);
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  process.stdout.write(
    `synth-catalogue: ${r.ports} ports, ${r.builds} builds, ${r.paths} paths (mean ${(r.builds ? r.paths / r.builds : 0).toFixed(2)}), ` +
      `${(r.bytes / 1e6).toFixed(1)} MB in ${secs.toFixed(1)}s (seed ${opts.seed}) -> ${opts.out}\n`,
  );
}

if (isMain()) {
  main().catch((e: unknown) => {
    process.stderr.write(`synth-catalogue: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
