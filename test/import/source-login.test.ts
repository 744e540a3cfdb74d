import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { basicAuthorization, loginFor, sourceLogins, withoutLogin } from '../../src/import/source-login.js';
import { parseNetrc } from '../../src/import/netrc.js';

const NETRC = parseNetrc('machine mirror.example.org login netrc password n\nmachine cdn.example.org login cdn password c');
const logins = (url: string) => sourceLogins(new URL(url), NETRC);
const login = (source: string, target: string) => loginFor(new URL(target), logins(source));

test("the URL's credentials go to its origin alone: scheme, host and port", () => {
  const source = 'https://user:p%40ss@mirror.example.org/PortIndex';
  assert.equal(login(source, 'https://mirror.example.org/PortIndex'), { login: 'user', password: 'p@ss' }, 'decoded');
  assert.equal(login(source, 'https://mirror.example.org/moved/PortIndex'), { login: 'user', password: 'p@ss' });
  assert.equal(login(source, 'http://mirror.example.org/PortIndex'), { login: 'netrc', password: 'n' }, 'another scheme: the netrc login');
  assert.equal(login(source, 'https://mirror.example.org:8443/PortIndex'), { login: 'netrc', password: 'n' }, 'another port: the netrc login');
  assert.equal(login(source, 'https://cdn.example.org/PortIndex'), { login: 'cdn', password: 'c' }, "another host: its own netrc login");
  assert.is(login(source, 'https://elsewhere.example.org/PortIndex'), undefined);
});

test('without credentials in the URL, each host logs in as the netrc file says, or not at all', () => {
  assert.equal(login('https://mirror.example.org/PortIndex', 'https://mirror.example.org/PortIndex'), { login: 'netrc', password: 'n' });
  assert.is(login('https://elsewhere.example.org/PortIndex', 'https://elsewhere.example.org/PortIndex'), undefined);
  assert.equal(login('https://token@elsewhere.example.org/PortIndex', 'https://elsewhere.example.org/x'), { login: 'token', password: '' }, 'a token as the user');
});

test('the header, and the URL requested without its userinfo', () => {
  assert.is(basicAuthorization({ login: 'Aladdin', password: 'open sesame' }), 'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==');
  assert.is(basicAuthorization({ login: 'test', password: '123£' }), 'Basic dGVzdDoxMjPCow==');
  assert.is(withoutLogin(new URL('https://user:s3cret@mirror.example.org/PortIndex?x=1')).href, 'https://mirror.example.org/PortIndex?x=1');
});

test.run();
