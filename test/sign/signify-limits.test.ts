import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateKeyPair, parseSecretKey, signatureFile } from '../../src/sign/signify.js';
import { withServer } from '../support/http.js';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/**
 * A signature is a few hundred bytes, and the file it signs a regular file: a FIFO (whose open
 * waits for a writer), a device such as /dev/zero (which never ends), a directory or a file far
 * too large is refused at once, before it is read, in one line naming it (exit 2). Each run is
 * killed if it blocks, so that a regression fails here instead of hanging the suite.
 */
const BLOCKED_MS = 20_000;
const ENV = { PORTS_GEN_HTTP_TIMEOUT_MS: '5000', PORTS_GEN_HTTP_RETRIES: '0', NETRC: '/dev/null' };

const run = (dir: string, args: string[]) => runCli(args, { cwd: dir, env: ENV, killAfterMs: BLOCKED_MS });

/** A key pair, a message `m` and its good signature `m.sig`, a FIFO, a directory, an oversized signature (sparse: no disk used). */
function lay(dir: string): void {
  const { publicFile, secretFile } = generateKeyPair();
  writeFileSync(path.join(dir, 'k.pub'), publicFile);
  writeFileSync(path.join(dir, 'm'), '[{"name":"zlib"}]');
  writeFileSync(path.join(dir, 'm.sig'), signatureFile(Buffer.from('[{"name":"zlib"}]'), parseSecretKey(secretFile), 'k.pub'));
  execFileSync('mkfifo', [path.join(dir, 'fifo')]);
  mkdirSync(path.join(dir, 'sigs'));
  writeFileSync(path.join(dir, 'big.sig'), '');
  truncateSync(path.join(dir, 'big.sig'), 700 << 20);
}

test('import --sig: a FIFO, /dev/zero, a directory, a 700 MB file: refused at once, exit 2, one line naming it; no catalogue made', async () => {
  await withTempDir(async (dir) => {
    lay(dir);
    cpSync(path.join(FIXTURES, 'import-history', 'PortIndex-1'), path.join(dir, 'PortIndex'));
    const cases: Array<[string, string]> = [
      ['fifo', 'fifo: a FIFO, not a regular file, so not a signify signature'],
      ['/dev/zero', '/dev/zero: a device, not a regular file, so not a signify signature'],
      ['sigs', 'sigs: a directory, not a regular file, so not a signify signature'],
      ['big.sig', 'big.sig: 734,003,200 bytes, more than a signify signature may have (4,096 bytes)'],
    ];
    for (const [signature, said] of cases) {
      const refused = await run(dir, ['import', 'PortIndex', '--sig', signature, '--pub', 'k.pub']);
      assert.equal([refused.code, refused.stderr], [2, `ports-gen: ${said}\n`], signature);
    }
    const key = await run(dir, ['import', 'PortIndex', '--sig', 'm.sig', '--pub', 'fifo']);
    assert.equal([key.code, key.stderr], [2, 'ports-gen: fifo: a FIFO, not a regular file, so not a signify public key\n']);
    assert.not.ok(existsSync(path.join(dir, 'catalogue')));
  });
});

test('import --sig <url>: a download larger than a signature is cut off and refused, exit 2', async () => {
  await withTempDir(async (dir) => {
    lay(dir);
    cpSync(path.join(FIXTURES, 'import-history', 'PortIndex-1'), path.join(dir, 'PortIndex'));
    let sent = 0;
    await withServer(
      (_, res) => {
        // Far more than a signature, without a length: only counting tells.
        res.writeHead(200);
        const chunk = Buffer.alloc(1 << 16, 'x');
        const more = () => {
          while (sent < 64 << 20 && res.write(chunk)) sent += chunk.length;
          if (sent >= 64 << 20) res.end();
        };
        res.on('drain', more);
        more();
      },
      async (base) => {
        const refused = await run(dir, ['import', 'PortIndex', '--sig', `${base}/PortIndex.sig`, '--pub', 'k.pub']);
        assert.equal([refused.code, refused.stderr], [2, `ports-gen: ${base}/PortIndex.sig: larger than 4 KiB: not a signify signature; the import failed: nothing was written, the catalogue is untouched\n`]);
      },
    );
    assert.ok(sent < 64 << 20, 'the download was stopped');
    assert.not.ok(existsSync(path.join(dir, 'catalogue')));
  });
});

test('verify: a FIFO or /dev/zero as the file or the signature, a directory, a socket, an oversized signature or file: refused at once, exit 2, nothing written', async () => {
  await withTempDir(async (dir) => {
    lay(dir);
    writeFileSync(path.join(dir, 'huge'), '');
    truncateSync(path.join(dir, 'huge'), (1 << 30) + 1);
    const before = readdirSync(dir).sort();
    const cases: Array<[string[], string]> = [
      [['fifo'], 'fifo: a FIFO, not a regular file, so not a file to verify'],
      // The file is named relative to the working directory, as verify names it.
      [['/dev/zero', '--sig', 'm.sig'], `${path.relative(dir, '/dev/zero')}: a device, not a regular file, so not a file to verify`],
      [['sigs', '--sig', 'm.sig'], 'sigs: a directory, not a regular file, so not a file to verify'],
      [['huge', '--sig', 'm.sig'], 'huge: 1,073,741,825 bytes, more than a file to verify may have (1,073,741,824 bytes)'],
      [['m', '--sig', 'fifo'], 'fifo: a FIFO, not a regular file, so not a signify signature'],
      [['m', '--sig', '/dev/zero'], '/dev/zero: a device, not a regular file, so not a signify signature'],
      [['m', '--sig', 'sigs'], 'sigs: a directory, not a regular file, so not a signify signature'],
      [['m', '--sig', 'big.sig'], 'big.sig: 734,003,200 bytes, more than a signify signature may have (4,096 bytes)'],
    ];
    for (const [args, said] of cases) {
      const refused = await run(dir, ['verify', '--pub', 'k.pub', ...args]);
      assert.equal([refused.code, refused.stderr], [2, `ports-gen: ${said}\n`], args.join(' '));
    }
    // A socket cannot even be opened (ENXIO).
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, 'socket'), resolve));
    try {
      const socket = await run(dir, ['verify', '--pub', 'k.pub', 'm', '--sig', 'socket']);
      assert.equal([socket.code, socket.stderr], [2, 'ports-gen: socket: a socket, not a regular file, so not a signify signature\n']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(path.join(dir, 'socket'), { force: true });
    }
    const good = await run(dir, ['verify', '--pub', 'k.pub', 'm']);
    assert.equal([good.code, good.stdout], [0, 'm: signature verified (m.sig)\n'], good.stderr);
    assert.equal(readdirSync(dir).sort(), before, 'nothing written');
  });
});

test.run();
