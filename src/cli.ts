import { Command, CommanderError, Option } from 'commander';
import { buildSite, validateCatalogue, type BuildResult } from './commands/build.js';
import { importCatalogue } from './commands/import-catalogue.js';
import { interruptible } from './commands/interruptible.js';
import { HTTP_DEFAULTS } from './commands/remote-source.js';
import { realpathSync } from 'node:fs';
import { keygenCommand, verifyCommand } from './commands/signing-commands.js';
import { readSigningKey } from './sign/key-files.js';
import { DEFAULT_BASE_URL, httpOptions, normaliseBaseUrl, parseDate, parsePageSize, parsePort } from './options.js';
import { serveUntilStopped } from './serve/serve-command.js';
import { readSiteIndex } from './serve/site-index.js';
import { builtSite } from './serve/site-dir.js';
import { summariseImport } from './report/import-summary.js';
import { renderNginxConfig } from './host/nginx.js';
import { checkListen, checkRoot, checkServerName } from './host/nginx-options.js';
import { formatProblemsJson } from './report/format-json.js';
import { formatProblems } from './report/format-text.js';
import { phaseLines, silentProgress, terminalProgress, type Progress } from './report/progress.js';
import { summariseBuild } from './report/summary.js';
import { MachineFault, machineFaultOf } from './problems/machine-fault.js';
import { UsageError } from './problems/usage-error.js';
import { VERSION } from './version.js';
import { DEFAULT_PAGE_SIZE } from './render/files-page.js';

/**
 * Exit codes: 0 fine, 1 the catalogue (or an imported index) has problems, 2 how ports-gen is run
 * or the machine it runs on needs a change (usage, a busy port, no permission, a full disk),
 * 70 a bug in ports-gen, 128 + n stopped by signal n.
 */
export const EXIT = { ok: 0, problems: 1, usage: 2, bug: 70 } as const;

interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Progress is drawn only on a terminal (stderr), never in CI. */
  isTerminal: boolean;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  isTerminal: Boolean(process.stderr.isTTY),
};

function report(result: BuildResult, json: boolean, wrote: boolean, io: Io, quiet = false): number {
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

function createProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command('ports-gen')
    .description('Turn a MacPorts-style ports catalogue into a static JSON API that serves like the live service.')
    .version(VERSION, '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  program
    .command('build')
    .description('validate the catalogue and write the static API into --out')
    .option('--catalogue <dir>', 'catalogue directory (portindex.json, builds.ndjson)', 'catalogue')
    .option('--out <dir>', 'output directory, replaced whole when the build succeeds', 'dist')
    .option('--base-url <url>', `public base URL for page links (default: $URL, else ${DEFAULT_BASE_URL}, where serve listens)`)
    .addOption(new Option('--page-size <n>', 'builds per files page (1 to 1000)').default(String(DEFAULT_PAGE_SIZE)))
    .option('--strict', 'treat warnings (unresolved dependencies) as errors', false)
    .option('--json', 'print problems as a JSON array on stdout', false)
    .option('--quiet', 'no progress and no summary line; problems are still printed', false)
    .option('--wait', 'wait for another build of the same --out to finish, instead of failing', false)
    .option('--no-link', 'make --out a plain directory, not a link to the newest tree (for uploaders that do not follow links; readers can find it missing while it is replaced)')
    .option('--precompress', 'write each JSON file gzipped (.gz) and Brotli-compressed (.br) beside it, for nginx and other servers that send them as they are', false)
    .option('--no-builds', 'the catalogue has no builds.ndjson on purpose: the files list is empty, without a warning')
    .option('--no-dumps', 'leave out the bulk files dump/ports.json and dump/versions.json')
    .option('--sign-key <file>', 'sign the dumps with this signify secret key (ports-gen keygen): <dump>.sig beside each (default: $PORTS_GEN_SIGN_KEY)')
    .action(async (opts: { catalogue: string; out: string; baseUrl?: string; pageSize: string; strict: boolean; json: boolean; quiet: boolean; wait: boolean; link: boolean; precompress: boolean; builds: boolean; dumps: boolean; signKey?: string }) => {
      const keyFile = opts.signKey ?? (io.env.PORTS_GEN_SIGN_KEY || undefined);
      if (keyFile !== undefined && !opts.dumps) throw new UsageError('--sign-key signs the dumps, which --no-dumps leaves out');
      // Read and checked before anything else: a key that cannot sign fails the build before it starts.
      const signKey = keyFile === undefined ? undefined : readSigningKey(keyFile, io.cwd);
      const progress = progressFor(io, opts.quiet);
      const baseUrl = normaliseBaseUrl(opts.baseUrl, io.env);
      if (opts.baseUrl === undefined && !io.env.URL && io.env.CI) {
        io.stderr(`ports-gen: warning: no --base-url and no $URL, so the pages link to ${DEFAULT_BASE_URL}, which a published site cannot use; give --base-url <its public URL>\n`);
      }
      const pageSize = parsePageSize(opts.pageSize);
      const result = await interruptible(io, progress, 'build', 'nothing was published, the previous site is untouched', (signal) =>
        buildSite({
          progress,
          signal,
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
          signKey,
        }),
      );
      if (typeof result === 'number') return setExit(result);
      setExit(report(result, opts.json, true, io, opts.quiet));
    });

  program
    .command('import')
    .description("merge a PortIndex (MacPorts' native one, or portindex2json's JSON) into the catalogue, as the live service loads one: ports no longer listed are kept, inactive")
    .argument('<source>', 'the index: a file, an http(s) URL, or - for standard input')
    .option('--catalogue <dir>', 'catalogue directory (its portindex.json is made by the first import)', 'catalogue')
    .option('--dry-run', 'say what would change, write nothing', false)
    .option('--keep-going', 'a port the source does not describe usably keeps its previous entry (a warning), instead of failing the import', false)
    .option('--json', 'print what changed (or the problems) as JSON on stdout', false)
    .option('--date <iso>', "the import's date in the catalogue's record of changes (changes.ndjson), ISO 8601 (default: now)")
    .option('--sig <url|file>', "the source's signify signature, checked before it is read (with --pub)")
    .option('--pub <key>', 'the public key that --sig must be made with')
    .action(async (source: string, opts: { catalogue: string; dryRun: boolean; keepGoing: boolean; json: boolean; date?: string; sig?: string; pub?: string }) => {
      const date = opts.date === undefined ? undefined : parseDate(opts.date);
      if ((opts.sig === undefined) !== (opts.pub === undefined)) throw new UsageError('--sig and --pub go together: the signature, and the key it must be made with');
      const signature = opts.sig === undefined ? undefined : { signature: opts.sig, publicKey: opts.pub! };
      const progress = progressFor(io, false);
      const result = await interruptible(io, progress, 'import', 'nothing was written, the catalogue is untouched', (signal) =>
        importCatalogue({ cwd: io.cwd, source, catalogue: opts.catalogue, dryRun: opts.dryRun, keepGoing: opts.keepGoing, signal, progress, date, signature, http: httpOptions(io.env, HTTP_DEFAULTS) }),
      );
      if (typeof result === 'number') return setExit(result);
      if (result.notModified) {
        if (opts.json) io.stdout(`${JSON.stringify({ notModified: true, written: false })}\n`);
        else io.stdout(`${source}: not modified since the last import (HTTP 304): nothing written\n`);
        return setExit(EXIT.ok);
      }
      if (!result.ok) {
        if (opts.json) io.stdout(`${formatProblemsJson(result.log.kept)}\n`);
        else io.stderr(`${formatProblems(result.log)}\nimport failed: the catalogue is untouched\n`);
        return setExit(EXIT.problems);
      }
      // Warnings (ports kept with --keep-going) are for people: machines read `kept`.
      if (result.log.total > 0) io.stderr(`${formatProblems(result.log)}\n`);
      if (opts.json) io.stdout(`${JSON.stringify({ ...result.changes, written: result.wrote })}\n`);
      else io.stdout(summariseImport(source, result.changes!, result.wrote, opts.dryRun));
      setExit(EXIT.ok);
    });

  program
    .command('validate')
    .description('run every check of a build without writing anything')
    .option('--catalogue <dir>', 'catalogue directory', 'catalogue')
    .option('--strict', 'treat warnings as errors', false)
    .option('--json', 'print problems as a JSON array on stdout', false)
    .option('--no-builds', 'the catalogue has no builds.ndjson on purpose: no warning')
    .action(async (opts: { catalogue: string; strict: boolean; json: boolean; builds: boolean }) => {
      const result = await validateCatalogue({ cwd: io.cwd, catalogue: opts.catalogue, strict: opts.strict, noBuilds: !opts.builds });
      setExit(report(result, opts.json, false, io));
    });

  program
    .command('serve')
    .description('serve a built site locally, answering exactly as the live service does (docs/api.md)')
    .option('--dir <dir>', 'the built site', 'dist')
    .option('--port <port>', 'TCP port (0 picks a free one)', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (opts: { dir: string; port: string; host: string }) => {
      await serveUntilStopped(builtSite(io.cwd, opts.dir), opts.dir, parsePort(opts.port), opts.host, io.stdout);
    });

  program
    .command('nginx')
    .description("print an nginx configuration (for its http context) that serves a built site as the live service answers")
    .option('--dir <dir>', 'the built site', 'dist')
    .option('--listen <address>', "nginx's listen: a port, or address:port", '8080')
    .option('--server-name <name>', "nginx's server_name", '_')
    .action((opts: { dir: string; listen: string; serverName: string }) => {
      const listen = checkListen(opts.listen);
      const serverName = checkServerName(opts.serverName);
      const dir = builtSite(io.cwd, opts.dir);
      // nginx's root is --dir itself: a later build switches it to its new tree in one step,
      // which nginx then serves; the names and page counts are read from the tree it is now.
      const root = checkRoot(dir);
      const index = readSiteIndex(realpathSync(dir));
      io.stdout(renderNginxConfig({ root, listen, serverName, ports: index.ports.values(), pages: { files: index.pages, ...index.listPages } }));
    });

  program
    .command('keygen')
    .description('make a signify key pair for `build --sign-key`: <prefix>.pub and <prefix>.sec (no passphrase, readable by you alone); never writes over a key')
    .argument('<prefix>', 'where the keys go, e.g. keys/ports')
    .action((prefix: string) => io.stdout(keygenCommand(prefix, io.cwd)));

  program
    .command('verify')
    .description("check a file against its signify signature (<file>.sig), as `signify -V` does: exit 0, or 1 with the reason")
    .argument('<file>', 'the signed file, e.g. dist/dump/ports.json')
    .requiredOption('--pub <key>', 'the public key (a signify .pub file)')
    .option('--sig <file>', 'the signature, when it is not <file>.sig')
    .action((file: string, opts: { pub: string; sig?: string }) => {
      const { failure, said } = verifyCommand(file, opts.pub, io.cwd, opts.sig);
      (failure ? io.stderr : io.stdout)(said);
      setExit(failure ? EXIT.problems : EXIT.ok);
    });

  return program;
}

/** A live progress line on a terminal, unless quiet or in CI; nothing otherwise. */
function progressFor(io: Io, quiet: boolean): Progress {
  if (io.env.PORTS_GEN_TEST_PHASES) return phaseLines(io.stderr);
  return !quiet && io.isTerminal && !io.env.CI ? terminalProgress(io.stderr) : silentProgress;
}

/** Parses argv, runs one command, returns the exit code; only the bin sets process.exitCode. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let code: number = EXIT.ok;
  const program = createProgram(io, (c) => (code = c));
  try {
    await program.parseAsync([...argv]);
    return code;
  } catch (cause) {
    if (cause instanceof CommanderError) {
      if (cause.exitCode === 0) return EXIT.ok;
      if (argv.includes('--json')) io.stdout(`${JSON.stringify({ error: { code: 'usage', message: cause.message.replace(/^error: /, '') } })}\n`);
      return EXIT.usage;
    }
    if (cause instanceof UsageError) {
      // With --json, a script reads stdout: the refusal goes there too, as one JSON object.
      if (argv.includes('--json')) io.stdout(`${JSON.stringify({ error: { code: 'usage', message: cause.message } })}\n`);
      io.stderr(`ports-gen: ${cause.message}\n`);
      return EXIT.usage;
    }
    // The machine's refusals, said in one line for the user to act on (see MachineFault).
    const fault = cause instanceof MachineFault ? cause : machineFaultOf(cause, io.cwd);
    if (fault) {
      if (argv.includes('--json')) io.stdout(`${JSON.stringify({ error: { code: 'machine', message: fault.message } })}\n`);
      io.stderr(`ports-gen: ${fault.message}\n`);
      return EXIT.usage;
    }
    io.stderr(`ports-gen: internal error, please report it with the output below.\n${(cause as Error)?.stack ?? String(cause)}\n`);
    return EXIT.bug;
  }
}
