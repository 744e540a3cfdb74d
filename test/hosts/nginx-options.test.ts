import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findNginx, startNginx, testNginxConfig } from '../../scripts/nginx-process.js';
import { buildCatalogue } from '../../scripts/synth/ports.js';
import { checkListen, checkRoot, checkServerName } from '../../src/hosts/nginx/nginx-options.js';
import { mapHashSizes, renderNginxConfig } from '../../src/hosts/nginx/nginx.js';
import { serveSite } from '../../src/hosts/serve/server.js';
import { httpRequest } from '../support/http.js';
import { withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { buildConformanceSite } from '../support/suite-server.js';

/**
 * `ports-gen nginx` pastes its options into nginx's syntax: each is checked, so none can end a
 * directive and start another; the configuration passes `nginx -t` without a warning, and nginx
 * follows no link planted in the site.
 */

test('--listen: a port, or address:port with an IPv4 address, [IPv6], * or a host name; nothing else', () => {
  for (const listen of ['8080', '80', '65535', '127.0.0.1:8080', '[::1]:8080', '[2001:db8::1]:443', '*:80', 'localhost:8080', 'ports.example.org:80']) assert.is(checkListen(listen), listen);
  for (const listen of ['80; evil', '80;', '0', '65536', '080', '', ':80', 'unix:/tmp/s', '1.2.3.4:', '1.2.3.999:80', '::1:80', '[::1]', '[nope]:80', '80 default_server', 'a b:80', 'x;y:80', '80\n']) {
    assert.throws(() => checkListen(listen), /is not what nginx's listen takes here/, JSON.stringify(listen));
  }
});

test('--server-name: host names separated by spaces, with nginx\'s wildcards; nothing that could end the directive', () => {
  for (const name of ['_', 'ports.example.org', 'ports.example.org www.example.org', '*.example.org', 'example.*', '.example.org', 'localhost']) assert.is(checkServerName(name), name);
  for (const name of ['x; location = /pwn { return 200; } #', '', ' ', 'a;b', 'a{', '~^(.+)$', '$host', 'a\nb', 'a"b', '*', 'exa*mple.org']) {
    assert.throws(() => checkServerName(name), /is not what nginx's server_name takes here/, JSON.stringify(name));
  }
});

test('--dir: a path with a control character or a $ is refused; quotes and backslashes are quoted', () => {
  assert.throws(() => checkRoot('/srv/x\n}\nserver { listen 9; }\n#'), /holds a control character/);
  assert.throws(() => checkRoot('/srv/\u007fx'), /holds a control character/);
  assert.throws(() => checkRoot('/srv/$HOME/dist'), /variable/);
  const config = renderNginxConfig({ root: checkRoot('/srv/a "b" \\c;{}'), listen: '8080', serverName: '_', ports: ['zlib'], pages: { ports: 1, files: 1, category: 1, maintainer: 1 } });
  assert.match(config, '  root "/srv/a \\"b\\" \\\\c;{}";');
});

test('the name map is sized from the names: twice their number, buckets that hold eight of the longest', () => {
  assert.equal(mapHashSizes(3, 10), ['map_hash_max_size 2048;', 'map_hash_bucket_size 256;']);
  assert.equal(mapHashSizes(40_000, 30), ['map_hash_max_size 131072;', 'map_hash_bucket_size 512;']);
  assert.equal(mapHashSizes(100, 200), ['map_hash_max_size 2048;', 'map_hash_bucket_size 2048;']);
});

const bin = findNginx();
if (!bin && process.env.CI) test('nginx is installed', () => assert.unreachable('nginx is missing: .ci/run installs nginx-light'));
if (!bin && !process.env.CI) process.stderr.write('\n*** nginx option tests with real nginx SKIPPED: nginx is not installed (apt-get install -y nginx-light) ***\n\n');
const real = bin ? test : test.skip;

/** What `nginx -t` prints of a good configuration: its two lines, nothing more. */
const TEST_OK = /^nginx: the configuration file \S+ syntax is ok\nnginx: configuration file \S+ test is successful\n$/;

real('CLI: refused options exit 2 and print no configuration; the injections of the probe do not reach nginx', async () => {
  await withTempDir(async (dir) => {
    await buildConformanceSite(dir, 'dist');
    // A site built where the probe put it: its path ends the header comment and adds a server.
    const planted = 'site\n}\nserver { listen 9999; return 200 pwned; }\n#';
    await buildConformanceSite(dir, planted);
    const runs: Array<[string[], RegExp]> = [
      [['--listen', '80; evil'], /--listen "80; evil" is not what nginx's listen takes here/],
      [['--server-name', 'x; location = /pwn { return 200; } #'], /--server-name .* is not what nginx's server_name takes here/],
      [['--dir', planted], /holds a control character/],
    ];
    for (const [args, expected] of runs) {
      const run = await runCli(['nginx', ...args], { cwd: dir });
      assert.is(run.code, 2, args.join(' '));
      assert.is(run.stdout, '', args.join(' '));
      assert.match(run.stderr, expected);
    }
  });
});

real('nginx -t prints only its two lines for the printed configuration: the sample site with odd options, and 40,000 synthetic ports', async () => {
  await withTempDir(async (dir) => {
    await buildConformanceSite(dir, 'dist', true, true);
    const printed = await runCli(['nginx', '--listen', '[::1]:8081', '--server-name', 'ports.example.org *.example.net'], { cwd: dir });
    assert.is(printed.code, 0, printed.stderr);
    const sample = testNginxConfig(bin!, path.join(dir, 'nginx-sample'), printed.stdout);
    assert.match(sample.output, TEST_OK);

    const names = (JSON.parse(buildCatalogue(40_000, 3).json) as { ports: Array<{ name: string }> }).ports.map((port) => port.name);
    const config = renderNginxConfig({ root: path.join(dir, 'dist'), listen: '127.0.0.1:8082', serverName: '_', ports: names, pages: { ports: 800, files: 2000, category: 3, maintainer: 40 } });
    const large = testNginxConfig(bin!, path.join(dir, 'nginx-large'), config);
    assert.match(large.output, TEST_OK);
  });
});

real('a link planted in the published tree is not followed: nginx answers as serve does', async () => {
  await withTempDir(async (dir) => {
    const site = await buildConformanceSite(dir, 'dist');
    const planted = path.join(site, 'api/v1/ports/zlib/index.json');
    rmSync(planted);
    symlinkSync('/etc/passwd', planted);
    const printed = await runCli(['nginx', '--dir', site], { cwd: dir });
    const nginx = await startNginx(bin!, path.join(dir, 'nginx'), async (listen) => printed.stdout.replace(/^ {2}listen .*;$/m, `  listen ${listen};`));
    const served = await serveSite({ dir: site, port: 0, host: '127.0.0.1' });
    try {
      for (const target of ['/api/v1/ports/zlib/', '/api/v1/ports/ZLIB/']) {
        const fromServe = await httpRequest(served.url, 'GET', target);
        const fromNginx = await httpRequest(nginx.url, 'GET', target);
        assert.is(fromServe.status, 404, target);
        assert.is(fromNginx.status, fromServe.status, target);
        assert.is(fromNginx.body.toString('utf8'), fromServe.body.toString('utf8'), target);
        assert.not.match(fromNginx.body.toString('utf8'), /root:/);
      }
      const other = await httpRequest(nginx.url, 'GET', '/api/v1/ports/SDL2/');
      assert.is(other.status, 200, 'the rest of the tree, reached through the published link, is served');
      const index = await httpRequest(nginx.url, 'GET', '/index.html');
      assert.is(index.status, 404);
      assert.is(index.headers['content-type'], 'application/json');
      assert.is(index.body.toString('utf8'), '{"detail":"Not found."}');
    } finally {
      await served.close();
      await nginx.close();
    }
  });
});

test.run();
