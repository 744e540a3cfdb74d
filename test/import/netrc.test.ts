import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { netrcLogin, parseNetrc, type NetrcMachine } from '../../src/import/netrc.js';

const machine = (name: string, login: string, password: string): NetrcMachine => ({ machine: name, login, password });

/** Each row: a netrc file's text, and the machines read from it, as curl reads them. */
const FILES: Array<[string, string, NetrcMachine[]]> = [
  ['empty', '', []],
  ['one line', 'machine mirror.example.org login user password s3cret', [machine('mirror.example.org', 'user', 's3cret')]],
  ['an entry over lines, any white space', 'machine mirror.example.org\n\tlogin user\r\n   password s3cret\n', [machine('mirror.example.org', 'user', 's3cret')]],
  ['host names matched in lower case', 'machine Mirror.EXAMPLE.org login User password S3cret', [machine('mirror.example.org', 'User', 'S3cret')]],
  ['no login, or no password', 'machine a.example.org password p\nmachine b.example.org login u', [machine('a.example.org', '', 'p'), machine('b.example.org', 'u', '')]],
  ['several, in order', 'machine a.example.org login a password 1 machine b.example.org login b password 2', [machine('a.example.org', 'a', '1'), machine('b.example.org', 'b', '2')]],
  ['comment lines', '# machine x.example.org login x password x\nmachine a.example.org login a password 1\n  # the end', [machine('a.example.org', 'a', '1')]],
  ['a `#` inside a line is part of a token', 'machine a.example.org login a password #1', [machine('a.example.org', 'a', '#1')]],
  ['quoted tokens', 'machine a.example.org login "a user" password "s3 \\"cr\\\\et"', [machine('a.example.org', 'a user', 's3 "cr\\et')]],
  ['account read, not used', 'machine a.example.org login a account acct password 1', [machine('a.example.org', 'a', '1')]],
  ['login and password before any machine: ignored', 'login a password 1\nmachine b.example.org login b password 2', [machine('b.example.org', 'b', '2')]],
  ['keywords as values', 'password default machine a.example.org login machine password default', [machine('a.example.org', 'machine', 'default')]],
  ['unknown words skipped', 'machine a.example.org port 443 login a password 1', [machine('a.example.org', 'a', '1')]],
  ['a macdef runs to the next blank line', 'macdef init\nmachine x.example.org login x password x\n\nmachine a.example.org login a password 1', [machine('a.example.org', 'a', '1')]],
  ['default ends the machines, unused', 'machine a.example.org login a password 1\ndefault login anonymous password me\nmachine b.example.org login b password 2', [machine('a.example.org', 'a', '1')]],
];

test('parseNetrc reads machines, logins and passwords as curl does', () => {
  for (const [name, text, machines] of FILES) assert.equal(parseNetrc(text), machines, name);
});

test('netrcLogin: the first machine of the host, without port, in any case', () => {
  const machines = parseNetrc('machine mirror.example.org login a password 1\nmachine mirror.example.org login b password 2\nmachine ::1 login c password 3');
  assert.equal(netrcLogin(machines, 'mirror.example.org'), { login: 'a', password: '1' });
  assert.equal(netrcLogin(machines, 'MIRROR.example.org'), { login: 'a', password: '1' });
  assert.equal(netrcLogin(machines, '[::1]'), { login: 'c', password: '3' });
  assert.is(netrcLogin(machines, 'example.org'), undefined);
  assert.is(netrcLogin(machines, 'other.example.org'), undefined);
});

test.run();
