/** Phrases that descriptions are assembled from, non-ASCII ones included on purpose. */

export const ADJECTIVES = [
  'fast', 'simple', 'lightweight', 'portable', 'extensible', 'modern', 'high-performance', 'minimal',
  'cross-platform', 'thread-safe', 'small', 'robust', 'pure', 'asynchronous', 'flexible', 'tiny',
  'scriptable', 'embeddable', 'free', 'open-source', 'full-featured', 'experimental', 'generic',
];
export const NOUNS = [
  'library', 'toolkit', 'framework', 'utility', 'command-line tool', 'daemon', 'parser', 'interface',
  'engine', 'server', 'client', 'collection of utilities', 'viewer', 'editor', 'converter', 'wrapper',
  'implementation', 'set of bindings', 'module', 'extension',
];
export const OBJECTS = [
  'files', 'streams', 'documents', 'images', 'data', 'archives', 'networks', 'messages', 'graphs',
  'matrices', 'time series', 'databases', 'fonts', 'sounds', 'packets', 'certificates', 'repositories',
  'configuration files', 'spreadsheets', 'maps', 'sequences', 'logs',
];
export const VERBS = [
  'parsing', 'reading and writing', 'manipulating', 'converting', 'compressing', 'validating',
  'rendering', 'analysing', 'querying', 'monitoring', 'encrypting', 'visualising', 'indexing',
  'synchronising', 'testing', 'generating', 'editing', 'serving', 'decoding',
];
export const EXTRA_SENTENCES = [
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
export const NON_ASCII_SENTENCES = [
  'Originally written at the ETH Zürich by a naïve café-loving team.',
  'Supports “smart quotes”, em dashes — and other typographic niceties.',
  'Includes translations into Français, Español, Português, Deutsch and 日本語.',
  'Handles Ελληνικά, Русский and 中文 text correctly.',
  'Now with emoji support 🎉 and full Unicode 15 coverage.',
  'Named after Gödel, Escher and Bach; façade included, no naïveté.',
  'Ported to macOS by Łukasz Żółć and Søren Ærø.',
];
