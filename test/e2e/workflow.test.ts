import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { BIN, FIXTURES, ROOT, withTempDir } from '../support/paths.js';
import { readTree } from '../support/tree.js';

/**
 * The GitHub Actions workflow users copy (examples/github-actions/update.yml): it parses as
 * YAML, and each `run:` step of its update job runs in order in a repository holding a
 * catalogue, against a PortIndex on a local server, as the runner would run it (bash -e). The
 * actions (`uses:`) are the runner's; `npm ci` has nothing to install here (this checkout is
 * the installed package), and the deploy step is replaced by a copy of what its command line
 * deploys: `dist/`, which must be the site the catalogue makes, and the functions directory,
 * which must hold the function the site's rules send requests to.
 */
const WORKFLOW = path.join(ROOT, 'examples/github-actions/update.yml');
const execFileAsync = promisify(execFile);
const HISTORY = path.join(FIXTURES, 'import-history');

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: { schedule: Array<{ cron: string }> };
  env: Record<string, string>;
  jobs: { update: { steps: Step[] }; pages: { needs: string } };
}

/** What the deploy step's `netlify deploy` sends: its site directory and its functions directory. */
function deployCommand(step: Step): { dir: string; functions: string | undefined } {
  const words = step.run!.trim().split(/\s+/);
  assert.ok(words.includes('deploy') && words.includes('--prod'), `a production deploy: ${step.run}`);
  const value = (option: string) => (words.includes(option) ? words[words.indexOf(option) + 1] : undefined);
  return { dir: value('--dir')!, functions: value('--functions') };
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' } });

test('the workflow parses, and its steps update, commit and deploy a mirror: twice, the second run a 304 that commits nothing', async () => {
  const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as Workflow;
  assert.ok(workflow.on.schedule[0]!.cron.split(' ').length === 5, 'a cron schedule');
  assert.is(workflow.jobs.pages.needs, 'update');
  const steps = workflow.jobs.update.steps;
  assert.ok(steps.some((step) => step.uses?.startsWith('actions/cache@')), 'the state is cached between runs');
  const deploy = steps.find((step) => step.id?.startsWith('deploy'));
  assert.ok(deploy, 'a deploy step');
  const { dir: siteDir, functions } = deployCommand(deploy);
  assert.is(siteDir, 'dist');
  assert.ok(functions, `the deploy sends the function the site's rules name: ${deploy.run}`);

  await withTempDir(async (dir) => {
    const remote = path.join(dir, 'remote.git');
    const repo = path.join(dir, 'repo');
    git(dir, 'init', '-q', '--bare', remote);
    git(dir, 'init', '-q', '-b', 'main', repo);
    mkdirSync(path.join(repo, 'catalogue'));
    cpSync(path.join(HISTORY, 'PortIndex-1'), path.join(dir, 'PortIndex-1'));
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'the mirror');
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'push', '-q', '-u', 'origin', 'main');
    // `npx ports-gen` finds this checkout's program, as it finds an installed one.
    writeFileSync(path.join(repo, 'package.json'), '{"private": true}\n');
    mkdirSync(path.join(repo, 'node_modules/.bin'), { recursive: true });
    symlinkSync(BIN, path.join(repo, 'node_modules/.bin/ports-gen'));
    symlinkSync(ROOT, path.join(repo, 'node_modules/ports-gen'));

    let served = 0;
    const server = createServer((req, res) => {
      served++;
      if (req.headers['if-none-match'] === '"one"') return res.writeHead(304).end();
      res.writeHead(200, { ETag: '"one"' }).end(readFileSync(path.join(HISTORY, 'PortIndex-1')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const env = { ...process.env, ...workflow.env, PORTINDEX_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/PortIndex.json`, CI: 'true' };
    // Run apart from this process, whose server answers meanwhile.
    const run = async () => {
      for (const step of steps) {
        if (step.run === undefined) continue;
        const script = step === deploy ? `rm -rf ../deployed ../functions && cp -rL ${siteDir} ../deployed && cp -rL ${functions} ../functions` : step.run.trim() === 'npm ci' ? 'true' : step.run;
        const { stderr } = await execFileAsync('bash', ['-e', '-c', script], { cwd: repo, env: { ...env, ...step.env } });
        // A PortIndex has no file lists: the workflow says so (--no-builds), so no run warns of them.
        assert.not.match(stderr, 'no-builds-file', step.name ?? step.run);
      }
    };
    try {
      await run();
      const log = git(repo, 'log', '--format=%s');
      assert.match(log, /^Catalogue: the PortIndex of \d{4}-\d\d-\d\dT\d\d:\d\dZ\n/, 'the catalogue committed');
      assert.is(git(remote, 'log', '--format=%s', '-1', 'main').trim(), log.split('\n')[0], 'and pushed');
      const summary = JSON.parse(readFileSync(path.join(repo, 'update.json'), 'utf8')) as { import: { added: number }; build: { ran: boolean } };
      assert.equal([summary.import.added, summary.build.ran], [4, true]);
      const deployed = readTree(path.join(dir, 'deployed'));
      assert.match(deployed.get('api/v1/ports/zlib/index.json')!.toString(), '"version":"1.3"');
      assert.match(deployed.get('api/v1/ports/zlib/index.json')!.toString(), '"name":"zlib"');
      assert.ok(deployed.has('_redirects'), 'built for Netlify');
      const named = new Set([...deployed.get('_redirects')!.toString().matchAll(/\/\.netlify\/functions\/([\w-]+)/g)].map((m) => m[1]!));
      assert.ok(named.size > 0, 'the rules send requests to a function');
      for (const name of named) assert.ok(existsSync(path.join(dir, 'functions', `${name}.mjs`)), `the function ${name} is deployed with the site`);

      await run();
      assert.is(served, 2);
      assert.is(git(repo, 'log', '--format=%s').split('\n').filter(Boolean).length, 2, 'a 304: nothing to commit');
      assert.equal((JSON.parse(readFileSync(path.join(repo, 'update.json'), 'utf8')) as { build: { ran: boolean } }).build.ran, false);
      assert.equal(readTree(path.join(dir, 'deployed')), deployed, 'the same site deployed');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

test.run();
