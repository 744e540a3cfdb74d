import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { httpRequest } from '../support/http.js';
import { startNetlify } from '../support/netlify.js';
import { ROOT, withTempDir } from '../support/paths.js';

const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: npmEnv });

/**
 * The package as a user gets it: packed (from the program `npm test` has just built; `npm pack`
 * alone builds it first, in `prepack`), installed into an empty project that cannot see the
 * repository's node_modules, and run there with `npx` on a copy of the sample catalogue.
 */
test('the packed package installs into an empty project, and its ports-gen builds and serves the sample', async () => {
  await withTempDir(async (dir) => {
    const packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT)) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed[0]!.files.map((file) => file.path).sort();
    for (const wanted of ['bin/ports-gen.js', 'build/bundle/cli.js', 'build/bundle/write-worker.js', 'netlify/functions/ports-gen-api.mjs', 'LICENSE', 'README.md', 'docs/api.md', 'examples/github-actions/update.yml', 'package.json']) assert.ok(files.includes(wanted), `ships ${wanted}`);
    for (const file of files) assert.ok(/^(bin|build\/bundle|docs|examples|netlify\/functions)\/|^(LICENSE|README\.md|package\.json)$/.test(file), `ships only what users run or read: ${file}`);
    // Every file the shipped README and docs link to is shipped with them.
    for (const doc of files.filter((file) => file.endsWith('.md'))) {
      const text = readFileSync(path.join(ROOT, doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#:\s]+)(?:#[^)]*)?\)/g)) {
        const linked = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target!));
        assert.ok(files.some((file) => file === linked || file.startsWith(`${linked.replace(/\/$/, '')}/`)), `${doc} links to ${target}, which is shipped`);
      }
    }
    // publint, strict, on the package as packed (its warnings count as errors).
    const unpacked = path.join(dir, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['xzf', path.join(dir, packed[0]!.filename), '-C', unpacked]);
    const linted = execFileSync(process.execPath, [path.join(ROOT, 'node_modules/publint/src/cli.js'), path.join(unpacked, 'package'), '--strict', '--pack', 'false'], { encoding: 'utf8' });
    assert.match(linted, /All good!/);

    const project = path.join(dir, 'project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
    const installed = spawnSync('npm', ['install', '--prefer-offline', '--no-package-lock', path.join(dir, packed[0]!.filename)], { cwd: project, encoding: 'utf8', env: npmEnv });
    assert.is(installed.status, 0, installed.stderr);
    // What the README promises: the Node it names installs the package without engine warnings,
    // and nothing of it runs at install time (npm asks users to approve such scripts).
    assert.not.match(installed.stderr, /EBADENGINE|install-scripts/);
    assert.equal(readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.')).sort(), ['commander', 'ports-gen'], 'one runtime dependency');

    cpSync(path.join(ROOT, 'catalogue'), path.join(project, 'catalogue'), { recursive: true });
    const built = execFileSync('npx', ['--no-install', 'ports-gen', 'build', '--quiet'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    assert.is(built, '');

    const server = spawn('npx', ['--no-install', 'ports-gen', 'serve', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
          if (found) resolve(found[0]);
        });
        server.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
      });
      const res = await httpRequest(url, 'GET', '/api/v1/ports/ZLIB/');
      assert.is(res.status, 200);
      assert.match(res.body.toString(), /^\{"name":"zlib",/);
    } finally {
      process.kill(-server.pid!, 'SIGTERM'); // npx and the server under it
    }

    // Deployed as the README says, with the function the package ships: the site and what only
    // the function answers (another letter case, an unknown port) through Netlify's engine.
    execFileSync('npx', ['--no-install', 'ports-gen', 'build', '--quiet', '--no-link', '--out', 'deploy', '--base-url', 'https://ports.example.org'], { cwd: project, stdio: 'ignore' });
    const netlify = await startNetlify(path.join(dir, 'netlify-project'), path.join(project, 'deploy'), path.join(project, 'node_modules/ports-gen/netlify/functions'));
    try {
      assert.match((await httpRequest(netlify.url, 'GET', '/api/v1/ports/zlib/')).body.toString(), /^\{"name":"zlib",/);
      const other = await httpRequest(netlify.url, 'GET', '/api/v1/ports/ZLIB/');
      assert.is(other.status, 200, 'the function answers');
      assert.match(other.body.toString(), /^\{"name":"zlib",/);
      const unknown = await httpRequest(netlify.url, 'GET', '/api/v1/ports/nosuchport/');
      assert.equal([unknown.status, unknown.body.toString()], [404, '{"detail":"No Port matches the given query."}']);
    } finally {
      await netlify.close();
    }
  });
});

test.run();
