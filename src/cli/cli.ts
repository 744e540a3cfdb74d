import { Command, CommanderError } from 'commander';
import { addBuildOptions, buildOptionsFrom, EXIT, progressFor, report, type BuildFlags, type Io } from './cli-common.js';
import { buildSite, validateCatalogue } from '../build/build.js';
import { importCatalogue, type ImportOptions } from '../import/import-catalogue.js';
import { interruptible } from './interruptible.js';
import { HTTP_DEFAULTS } from '../import/remote-source.js';
import { realpathSync } from 'node:fs';
import { keygenCommand, verifyCommand } from './signing-commands.js';
import { updateSite, updateSummary } from './update-site.js';
import { summariseBuild } from './summary.js';
import { httpOptions, parseDate, parsePort } from './options.js';
import { serveUntilStopped } from '../hosts/serve/serve-command.js';
import { readSiteIndex } from '../hosts/serve/site-index.js';
import { builtSite } from '../hosts/serve/site-dir.js';
import { summariseImport } from './import-summary.js';
import { shownUrl } from '../core/shown-url.js';
import { renderNginxConfig } from '../hosts/nginx/nginx.js';
import { checkListen, checkRoot, checkServerName, checkUpstream } from '../hosts/nginx/nginx-options.js';
import { formatProblemsJson } from './format-json.js';
import { formatProblems } from './format-text.js';
import { MachineFault, machineFaultOf } from '../core/problems/machine-fault.js';
import { UsageError } from '../core/problems/usage-error.js';
import { VERSION } from '../core/version.js';

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  isTerminal: Boolean(process.stderr.isTTY),
};

/** How an action hands its exit code to main. */
type SetExit = (code: number) => void;

/** The program and its commands, each added by a function of its own below. */
function createProgram(io: Io, setExit: SetExit): Command {
  const program = new Command('ports-gen')
    .description('Turn a MacPorts-style ports catalogue into a static JSON API that serves like the live service.')
    .version(VERSION, '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  // A command copies the program's exit and output settings when it is made: those come first.
  for (const add of [addBuild, addImport, addUpdate, addValidate, addServe, addNginx, addKeygen, addVerify]) add(program, io, setExit);
  return program;
}

/** `build`: validate the catalogue, write the static API. */
function addBuild(program: Command, io: Io, setExit: SetExit): void {
  addBuildOptions(program.command('build').description('validate the catalogue and write the static API into --out'))
    .option('--json', 'print problems as a JSON array on stdout', false)
    .option('--quiet', 'no progress and no summary line; problems are still printed', false)
    .action(async (opts: BuildFlags) => {
      const progress = progressFor(io, opts.quiet);
      const options = buildOptionsFrom(opts, io);
      const result = await interruptible(io, progress, 'build', 'nothing was published, the previous site is untouched', (signal) => buildSite({ ...options, progress, signal }));
      if (typeof result === 'number') return setExit(result);
      setExit(report(result, opts.json, true, io, opts.quiet));
    });
}

/** `import`: merge a PortIndex into the catalogue; says what changed. */
function addImport(program: Command, io: Io, setExit: SetExit): void {
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
      const progress = progressFor(io, false);
      const result = await interruptible(io, progress, 'import', 'nothing was written, the catalogue is untouched', (signal) =>
        importCatalogue({ cwd: io.cwd, source, catalogue: opts.catalogue, dryRun: opts.dryRun, keepGoing: opts.keepGoing, signal, progress, ...importFlags(opts, io) }),
      );
      if (typeof result === 'number') return setExit(result);
      const shown = shownUrl(source);
      if (result.notModified) {
        if (opts.json) io.stdout(`${JSON.stringify({ notModified: true, written: false })}\n`);
        else io.stdout(`${shown}: not modified since the last import (HTTP 304): nothing written\n`);
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
      else io.stdout(summariseImport(shown, result.changes!, result.wrote, opts.dryRun));
      setExit(EXIT.ok);
    });
}

/** `update`: import, then build when the catalogue changed. */
function addUpdate(program: Command, io: Io, setExit: SetExit): void {
  addBuildOptions(program.command('update').description('import the source, then build when the site was not built from the catalogue as it now is (or there is none): the update cycle of a mirror'))
    .argument('<source>', 'the index: a file, an http(s) URL, or - for standard input')
    .option('--keep-going', 'a port the source does not describe usably keeps its previous entry, instead of failing the update', false)
    .option('--date <iso>', "the import's date in changes.ndjson (default: now)")
    .option('--sig <url|file>', "the source's signify signature (with --pub)")
    .option('--pub <key>', 'the public key that --sig must be made with')
    .option('--json', "print one summary as JSON on stdout: the import's counts, the build, the time", false)
    .option('--names', "with --json: also name the ports of each count (every port of the catalogue is in one)", false)
    .option('--quiet', 'print problems only', false)
    .action(async (source: string, opts: BuildFlags & { keepGoing: boolean; names: boolean; date?: string; sig?: string; pub?: string }) => {
      const progress = progressFor(io, opts.quiet);
      const building = buildOptionsFrom(opts, io);
      const importing = { cwd: io.cwd, source, catalogue: opts.catalogue, dryRun: false, keepGoing: opts.keepGoing, progress, ...importFlags(opts, io) };
      const result = await interruptible(io, progress, 'update', 'nothing was published, the previous site is untouched', (signal) =>
        updateSite({ ...importing, signal }, { ...building, progress, signal }),
      );
      if (typeof result === 'number') return setExit(result);
      const { imported, built } = result;
      const problems = [...imported.log.kept, ...(built?.log.kept ?? [])];
      if (opts.json) io.stdout(`${JSON.stringify(imported.ok ? updateSummary(result, opts.names) : problems)}\n`);
      // With --json a failed import's problems are its stdout; any other problem goes to stderr.
      if (imported.ok || !opts.json) {
        if (imported.log.total > 0) io.stderr(`${formatProblems(imported.log)}\n`);
        if (built?.log.total) io.stderr(`${formatProblems(built.log)}\n`);
      }
      if (!opts.json && !opts.quiet && imported.ok) {
        const shown = shownUrl(source);
        io.stdout(imported.notModified ? `${shown}: not modified since the last import (HTTP 304)\n` : summariseImport(shown, imported.changes!, imported.wrote, false));
        io.stdout(built ? `${summariseBuild(built, true)}\n` : 'The catalogue did not change and the site is there: no build.\n');
      }
      setExit(!imported.ok || (built && !built.ok) ? EXIT.problems : EXIT.ok);
    });
}

/** `validate`: the checks of a build, nothing written. */
function addValidate(program: Command, io: Io, setExit: SetExit): void {
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
}

/** `serve`: a built site on a local port. */
function addServe(program: Command, io: Io): void {
  program
    .command('serve')
    .description('serve a built site locally, answering exactly as the live service does (docs/api.md)')
    .option('--dir <dir>', 'the built site', 'dist')
    .option('--port <port>', 'TCP port (0 picks a free one)', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (opts: { dir: string; port: string; host: string }) => {
      await serveUntilStopped(builtSite(io.cwd, opts.dir), opts.dir, parsePort(opts.port), opts.host, io.stdout);
    });
}

/** `nginx`: the configuration that serves a built site. */
function addNginx(program: Command, io: Io): void {
  program
    .command('nginx')
    .description("print an nginx configuration (for its http context) that serves a built site as the live service answers")
    .option('--dir <dir>', 'the built site', 'dist')
    .option('--listen <address>', "nginx's listen: a port, or address:port", '8080')
    .option('--server-name <name>', "nginx's server_name", '_')
    .option('--upstream <host:port>', 'a ports-gen serve of the same site, which computes queries (search, filters, ordering); without it they are answered 501')
    .action((opts: { dir: string; listen: string; serverName: string; upstream?: string }) => {
      const listen = checkListen(opts.listen);
      const serverName = checkServerName(opts.serverName);
      const upstream = opts.upstream === undefined ? undefined : checkUpstream(opts.upstream);
      const dir = builtSite(io.cwd, opts.dir);
      // nginx's root is --dir itself: a later build switches it to its new tree in one step,
      // which nginx then serves; the names and page counts are read from the tree it is now.
      const root = checkRoot(dir);
      const index = readSiteIndex(realpathSync(dir));
      io.stdout(renderNginxConfig({ root, listen, serverName, ports: index.names.ports.values(), pages: index.pages, upstream }));
    });
}

/** `keygen`: a signify key pair. */
function addKeygen(program: Command, io: Io): void {
  program
    .command('keygen')
    .description('make a signify key pair for `build --sign-key`: <prefix>.pub and <prefix>.sec (no passphrase, readable by you alone); never writes over a key')
    .argument('<prefix>', 'where the keys go, e.g. keys/ports')
    .action((prefix: string) => io.stdout(keygenCommand(prefix, io.cwd)));
}

/** `verify`: a file against its signify signature. */
function addVerify(program: Command, io: Io, setExit: SetExit): void {
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
}

/** The import's date, signature and HTTP options, from its flags and the environment. */
function importFlags(opts: { date?: string; sig?: string; pub?: string }, io: Io): Pick<ImportOptions, 'date' | 'signature' | 'http'> {
  if ((opts.sig === undefined) !== (opts.pub === undefined)) throw new UsageError('--sig and --pub go together: the signature, and the key it must be made with');
  return {
    date: opts.date === undefined ? undefined : parseDate(opts.date),
    signature: opts.sig === undefined ? undefined : { signature: opts.sig, publicKey: opts.pub! },
    http: httpOptions(io.env, HTTP_DEFAULTS),
  };
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
