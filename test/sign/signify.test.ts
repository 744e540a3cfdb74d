import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSecretKey } from '../../src/sign/key-files.js';
import { signatureFile } from '../../src/sign/signify.js';
import { runCli } from '../support/run-cli.js';
import { FIXTURES, withTempDir } from '../support/paths.js';

/**
 * Signify's files, checked against OpenBSD's own signify (Debian's signify-openbsd, which CI
 * installs) in both directions: its keys and signatures are ours to read, ours are its.
 */
const SIGNIFY = 'signify-openbsd';
const signify = (dir: string, ...args: string[]) => execFileSync(SIGNIFY, args, { cwd: dir, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
const MESSAGE = '[{"name":"zlib","version":"1.3.1"}]';

test('keygen writes a pair signify signs and verifies with; the secret key is its owner\'s alone', async () => {
  await withTempDir(async (dir) => {
    const run = await runCli(['keygen', 'keys/site'], { cwd: dir });
    assert.is(run.code, 2, 'no keys directory: refused');
    execFileSync('mkdir', [path.join(dir, 'keys')]);
    const made = await runCli(['keygen', 'keys/site'], { cwd: dir });
    assert.is(made.code, 0, made.stderr);
    assert.match(made.stdout, 'Wrote keys/site.pub (publish it) and keys/site.sec');
    assert.is(statSync(path.join(dir, 'keys/site.sec')).mode & 0o777, 0o600);
    assert.match(readFileSync(path.join(dir, 'keys/site.pub'), 'utf8'), /^untrusted comment: signify public key\nRW[Q-T][A-Za-z0-9+/]{53}\n$/);
    writeFileSync(path.join(dir, 'm'), MESSAGE);
    signify(dir, '-S', '-s', 'keys/site.sec', '-m', 'm');
    assert.match(signify(dir, '-V', '-p', 'keys/site.pub', '-m', 'm'), 'Signature Verified');
    const ours = await runCli(['verify', '--pub', 'keys/site.pub', 'm'], { cwd: dir });
    assert.equal([ours.code, ours.stdout], [0, 'm: signature verified (m.sig)\n'], ours.stderr);
  });
});

test('keygen never writes over a key: refused, both files as they were', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'k.pub'), 'mine');
    const run = await runCli(['keygen', 'k'], { cwd: dir });
    assert.is(run.code, 2);
    assert.match(run.stderr, 'k.pub exists: ports-gen never writes over a key');
    assert.equal(readdirSync(dir), ['k.pub']);
    assert.is(readFileSync(path.join(dir, 'k.pub'), 'utf8'), 'mine');
  });
});

test('a signature ports-gen makes passes signify -V; one signify makes passes ports-gen verify', async () => {
  await withTempDir(async (dir) => {
    signify(dir, '-G', '-n', '-p', 'theirs.pub', '-s', 'theirs.sec');
    writeFileSync(path.join(dir, 'm'), MESSAGE);
    writeFileSync(path.join(dir, 'm.sig'), signatureFile(Buffer.from(MESSAGE), readSecretKey('theirs.sec', dir), 'theirs.pub'));
    assert.match(signify(dir, '-V', '-p', 'theirs.pub', '-m', 'm'), 'Signature Verified');
    writeFileSync(path.join(dir, 'n'), `${MESSAGE}\n`);
    signify(dir, '-S', '-s', 'theirs.sec', '-m', 'n');
    const run = await runCli(['verify', '--pub', 'theirs.pub', 'n'], { cwd: dir });
    assert.is(run.code, 0, run.stderr);
  });
});

test('a flipped byte, a wrong key, a cut signature, a missing file: exit 1, the reason, nothing written', async () => {
  await withTempDir(async (dir) => {
    signify(dir, '-G', '-n', '-p', 'k.pub', '-s', 'k.sec');
    signify(dir, '-G', '-n', '-p', 'other.pub', '-s', 'other.sec');
    writeFileSync(path.join(dir, 'm'), MESSAGE);
    signify(dir, '-S', '-s', 'k.sec', '-m', 'm');
    const before = readdirSync(dir).sort();
    const verify = (...args: string[]) => runCli(['verify', ...args], { cwd: dir });

    writeFileSync(path.join(dir, 'flipped'), MESSAGE.replace('3.1', '3.2'));
    writeFileSync(path.join(dir, 'flipped.sig'), readFileSync(path.join(dir, 'm.sig')));
    const flipped = await verify('--pub', 'k.pub', 'flipped');
    assert.equal([flipped.code, flipped.stderr], [1, 'ports-gen: verification failed: flipped: the signature does not match the file: it was changed after it was signed\n']);

    const wrongKey = await verify('--pub', 'other.pub', 'm');
    assert.equal([wrongKey.code, wrongKey.stderr], [1, 'ports-gen: verification failed: m: it was signed with another key\n']);

    writeFileSync(path.join(dir, 'cut.sig'), readFileSync(path.join(dir, 'm.sig'), 'utf8').slice(0, 60));
    const cut = await verify('--pub', 'k.pub', '--sig', 'cut.sig', 'm');
    assert.is(cut.code, 1);
    assert.match(cut.stderr, /^ports-gen: verification failed: cut\.sig: it (is cut short|is not a signify signature)/);

    const noSignature = await verify('--pub', 'k.pub', 'k.pub');
    assert.equal([noSignature.code, noSignature.stderr], [1, 'ports-gen: verification failed: k.pub.sig: no such file (its signature)\n']);

    const noKey = await verify('--pub', 'missing.pub', 'm');
    assert.equal([noKey.code, noKey.stderr], [2, 'ports-gen: missing.pub: no such file (the public key to use)\n']);

    const secretAsPublic = await verify('--pub', 'k.sec', 'm');
    assert.is(secretAsPublic.code, 2);
    assert.match(secretAsPublic.stderr, 'k.sec: it is not a signify public key');
    assert.equal(readdirSync(dir).sort(), [...before, 'cut.sig', 'flipped', 'flipped.sig'].sort(), 'nothing written by verify');
  });
});

test('build --sign-key signs both dumps: signify -V and ports-gen verify pass; kept while the dumps are, made again when they change', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(FIXTURES, 'dumps/catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    assert.is((await runCli(['keygen', 'site'], { cwd: dir })).code, 0);
    const build = (...args: string[]) => runCli(['build', '--quiet', ...args], { cwd: dir });
    const signed = await build('--sign-key', 'site.sec');
    assert.is(signed.code, 0, signed.stderr);
    for (const dump of ['dist/dump/ports.json', 'dist/dump/versions.json']) {
      assert.match(readFileSync(path.join(dir, `${dump}.sig`), 'utf8'), /^untrusted comment: verify with site\.pub\n/);
      assert.match(signify(dir, '-V', '-p', 'site.pub', '-m', dump), 'Signature Verified');
      assert.is((await runCli(['verify', '--pub', 'site.pub', dump], { cwd: dir })).code, 0, dump);
    }
    const inode = () => statSync(path.join(dir, 'dist/dump/versions.json.sig')).ino;
    const first = inode();
    assert.is((await runCli(['build', '--quiet'], { cwd: dir, env: { PORTS_GEN_SIGN_KEY: 'site.sec' } })).code, 0);
    assert.is(inode(), first, 'the same dump, the same key: the signature is kept');
    const portindex = path.join(dir, 'catalogue/portindex.json');
    writeFileSync(portindex, readFileSync(portindex, 'utf8').replace('"version":"2.4"', '"version":"2.5"'));
    assert.is((await build('--sign-key', 'site.sec')).code, 0);
    assert.is.not(inode(), first);
    assert.match(signify(dir, '-V', '-p', 'site.pub', '-m', 'dist/dump/versions.json'), 'Signature Verified');
    assert.is((await build()).code, 0);
    assert.not.ok(existsSync(path.join(dir, 'dist/dump/versions.json.sig')), 'built without the key: no signature is left to go stale');
  });
});

test('build --sign-key with a key that cannot sign: exit 2, the reason, nothing written', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(FIXTURES, 'dumps/catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    execFileSync(SIGNIFY, ['-G', '-p', 'p.pub', '-s', 'p.sec'], { cwd: dir, input: 'a passphrase\n' });
    signify(dir, '-G', '-n', '-p', 'k.pub', '-s', 'k.sec');
    const cases: Array<[string[], string]> = [
      [['--sign-key', 'p.sec'], 'ports-gen: p.sec: it is protected by a passphrase; make one without (ports-gen keygen, or signify -G -n)\n'],
      [['--sign-key', 'none.sec'], 'ports-gen: none.sec: no such file (the secret key to use)\n'],
      [['--sign-key', 'k.pub'], 'ports-gen: k.pub: it is not a signify secret key: its second line must be the base64 of 104 bytes\n'],
      [['--sign-key', 'k.sec', '--no-dumps'], 'ports-gen: --sign-key signs the dumps, which --no-dumps leaves out\n'],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(['build', ...args], { cwd: dir });
      assert.equal([run.code, run.stderr], [2, message], args.join(' '));
    }
    assert.equal(readdirSync(dir).sort(), ['catalogue', 'k.pub', 'k.sec', 'p.pub', 'p.sec'], 'no site, no state');
  });
});

test('a secret key protected by a passphrase is refused, with what to do', async () => {
  await withTempDir(async (dir) => {
    // signify reads the passphrase from standard input when it is not a terminal.
    execFileSync(SIGNIFY, ['-G', '-p', 'p.pub', '-s', 'p.sec'], { cwd: dir, input: 'a passphrase\n' });
    assert.throws(() => readSecretKey('p.sec', dir), /p\.sec: it is protected by a passphrase; make one without \(ports-gen keygen, or signify -G -n\)/);
    assert.ok(existsSync(path.join(dir, 'p.pub')));
  });
});

test.run();
