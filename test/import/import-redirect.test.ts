import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideRedirect, REDIRECTS, type Redirect } from '../../src/import/redirect.js';

/**
 * Which redirects a download follows, decided from plain data: https cannot be served on
 * loopback without a certificate, so the refusal of https → http is tested here alone.
 */
const SECURE = 'https://mirror.example.org/ports/PortIndex';
const PLAIN = 'http://mirror.example.org/ports/PortIndex';

/** Each row: the URL asked, the Location answered, the redirects left, the decision (a URL's href, or the refusal). */
const ROWS: Array<[string, string, number, { follow: string } | { refuse: string }]> = [
  [SECURE, 'PortIndex-2', 5, { follow: 'https://mirror.example.org/ports/PortIndex-2' }],
  [SECURE, '/elsewhere/PortIndex', 1, { follow: 'https://mirror.example.org/elsewhere/PortIndex' }],
  [SECURE, '//other.example.org/PortIndex', 5, { follow: 'https://other.example.org/PortIndex' }],
  [SECURE, 'https://other.example.org/PortIndex', 5, { follow: 'https://other.example.org/PortIndex' }],
  [PLAIN, 'https://mirror.example.org/PortIndex', 5, { follow: 'https://mirror.example.org/PortIndex' }],
  [PLAIN, 'http://other.example.org/PortIndex', 5, { follow: 'http://other.example.org/PortIndex' }],
  [SECURE, 'http://mirror.example.org/ports/PortIndex', 5, { refuse: 'redirected from https to http://mirror.example.org/ports/PortIndex: plain http is refused after https (nothing of it would be protected)' }],
  // The refusal shows the Location as every URL is shown: without its credentials.
  [SECURE, 'HTTP://user:s3cret@other.example.org/PortIndex?token=s3cret', 5, { refuse: 'redirected from https to http://other.example.org/PortIndex?token=***: plain http is refused after https (nothing of it would be protected)' }],
  [SECURE, 'file:///etc/passwd', 5, { refuse: 'redirected to file:///etc/passwd, which is not an http(s) URL' }],
  [PLAIN, 'ftp://user:s3cret@mirror.example.org/PortIndex', 5, { refuse: 'redirected to ftp://mirror.example.org/PortIndex, which is not an http(s) URL' }],
  [PLAIN, 'data:,zlib', 5, { refuse: 'redirected to data:,zlib, which is not an http(s) URL' }],
  [PLAIN, 'gopher://mirror.example.org/1', 5, { refuse: 'redirected to gopher://mirror.example.org/1, which is not an http(s) URL' }],
  [PLAIN, 'http://[mirror/PortIndex', 5, { refuse: 'redirected to a Location that is not a URL' }],
  [PLAIN, 'http://mirror.example.org:99999/', 5, { refuse: 'redirected to a Location that is not a URL' }],
  [PLAIN, '/PortIndex', 0, { refuse: `more than ${REDIRECTS} redirects` }],
];

test('each redirect: followed to the URL its Location resolves to, or refused with the reason', () => {
  for (const [from, location, left, expected] of ROWS) {
    const decided: Redirect = decideRedirect(new URL(from), location, left);
    const plain = 'follow' in decided ? { follow: decided.follow.href } : decided;
    assert.equal(plain, expected, `${from} → ${location}`);
  }
});

test.run();
