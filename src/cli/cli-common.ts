/**
 * What the CLI's commands share: the exit codes, the streams, the build's options (build and
 * update take the same), its report, and the progress line.
 */
import { Option, type Command } from 'commander';
import type { BuildOptions, BuildResult } from '../build/build.js';
import { DEFAULT_BASE_URL, normaliseBaseUrl, parsePageSize } from './options.js';
import { UsageError } from '../core/problems/usage-error.js';
import { DEFAULT_PAGE_SIZE } from '../render/files-page.js';
import { formatProblemsJson } from './format-json.js';
import { formatProblems } from './format-text.js';
import { phaseLines, silentProgress, terminalProgress, type Progress } from '../core/progress.js';
import { summariseBuild } from './summary.js';
import { readSigningKey } from '../sign/key-files.js';

/**
 * Exit codes: 0 fine, 1 the catalogue (or an imported index) has problems, 2 how ports-gen is run
 * or the machine it runs on needs a change (usage, a busy port, no permission, a full disk),
 * 70 a bug in ports-gen, 128 + n stopped by signal n.
 */
export const EXIT = { ok: 0, problems: 1, usage: 2, bug: 70 } as const;

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Progress is drawn only on a terminal (stderr), never in CI. */
  isTerminal: boolean;
}

/** The flags of `build` (and `update`), as commander gives them. */
export interface BuildFlags {
  catalogue: string;
  out: string;
  baseUrl?: string;
  pageSize: string;
  strict: boolean;
  json: boolean;
  quiet: boolean;
  wait: boolean;
  link: boolean;
  precompress: boolean;
  builds: boolean;
  dumps: boolean;
  pages: boolean;
  signKey?: string;
}

/** The options of a build, on `command`. */
export function addBuildOptions(command: Command): Command {
  return command
    .option('--catalogue <dir>', 'catalogue directory (portindex.json, builds.ndjson)', 'catalogue')
    .option('--out <dir>', 'output directory, replaced whole when the build succeeds', 'dist')
    .option('--base-url <url>', `public base URL for page links (default: $URL, else ${DEFAULT_BASE_URL}, where serve listens)`)
    .addOption(new Option('--page-size <n>', 'builds per files page (1 to 1000)').default(String(DEFAULT_PAGE_SIZE)))
    .option('--strict', 'treat warnings (unresolved dependencies) as errors', false)
    .option('--wait', 'wait for another build of the same --out to finish, instead of failing', false)
    .option('--no-link', 'make --out a plain directory, not a link to the newest tree (for uploaders that do not follow links; readers can find it missing while it is replaced)')
    .option('--precompress', 'write each JSON file gzipped (.gz) and Brotli-compressed (.br) beside it, for nginx and other servers that send them as they are', false)
    .option('--no-builds', 'the catalogue has no builds.ndjson on purpose: the files list is empty, without a warning')
    .option('--no-dumps', 'leave out the bulk files dump/ports.json and dump/versions.json')
    .option('--pages', 'also write an HTML page for every port, category, maintainer and list, a sitemap and robots.txt, for people and search engines', false)
    .option('--sign-key <file>', 'sign the dumps with this signify secret key (ports-gen keygen): <dump>.sig beside each (default: $PORTS_GEN_SIGN_KEY)');
}

/** A build's options from its flags; the signing key read and checked before anything else. */
export function buildOptionsFrom(opts: BuildFlags, io: Io): BuildOptions {
  const keyFile = opts.signKey ?? (io.env.PORTS_GEN_SIGN_KEY || undefined);
  if (keyFile !== undefined && !opts.dumps) throw new UsageError('--sign-key signs the dumps, which --no-dumps leaves out');
  const signKey = keyFile === undefined ? undefined : readSigningKey(keyFile, io.cwd);
  const baseUrl = normaliseBaseUrl(opts.baseUrl, io.env);
  if (opts.baseUrl === undefined && !io.env.URL && io.env.CI) {
    io.stderr(`ports-gen: warning: no --base-url and no $URL, so the pages link to ${DEFAULT_BASE_URL}, which a published site cannot use; give --base-url <its public URL>\n`);
  }
  const pageSize = parsePageSize(opts.pageSize);
  return {
    cwd: io.cwd,
    catalogue: opts.catalogue,
    out: opts.out,
    baseUrl,
    pageSize,
    strict: opts.strict,
    wait: opts.wait,
    link: opts.link,
    precompress: opts.precompress,
    noBuilds: !opts.builds,
    dumps: opts.dumps,
    pages: opts.pages,
    signKey,
  };
}

export function report(result: BuildResult, json: boolean, wrote: boolean, io: Io, quiet = false): number {
  // Made only when shown: --quiet does no work that only the summary needs.
  const summary = () => `${summariseBuild(result, wrote)}\n`;
  if (json) {
    io.stdout(`${formatProblemsJson(result.log.kept)}\n`);
    if (!quiet) io.stderr(summary());
  } else {
    if (result.log.total > 0) io.stderr(`${formatProblems(result.log)}\n`);
    if (!quiet) (result.ok ? io.stdout : io.stderr)(summary());
  }
  return result.ok ? EXIT.ok : EXIT.problems;
}

export /** A live progress line on a terminal, unless quiet or in CI; nothing otherwise. */
function progressFor(io: Io, quiet: boolean): Progress {
  if (io.env.PORTS_GEN_TEST_PHASES) return phaseLines(io.stderr);
  return !quiet && io.isTerminal && !io.env.CI ? terminalProgress(io.stderr) : silentProgress;
}

