import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shownUrl } from '../../src/core/shown-url.js';

/** Each row: what the user gave, and how ports-gen prints and keeps it. */
const ROWS: Array<[string, string]> = [
  ['https://mirror.example.org/PortIndex', 'https://mirror.example.org/PortIndex'],
  ['https://user:s3cret@mirror.example.org/PortIndex', 'https://mirror.example.org/PortIndex'],
  ['https://s3cret@mirror.example.org/PortIndex', 'https://mirror.example.org/PortIndex'],
  ['https://:s3cret@mirror.example.org:8443/PortIndex', 'https://mirror.example.org:8443/PortIndex'],
  ['http://user:p%40ss%3Aw@127.0.0.1:8080/a/PortIndex.json', 'http://127.0.0.1:8080/a/PortIndex.json'],
  // A password with a raw `@`: the last one ends the userinfo, as the URL parser has it.
  ['https://user:a@b@mirror.example.org/PortIndex', 'https://mirror.example.org/PortIndex'],
  ['https://mirror.example.org/PortIndex?token=s3cret', 'https://mirror.example.org/PortIndex?token=***'],
  ['https://mirror.example.org/PortIndex?arch=arm&X-Amz-Signature=s3cret&&v', 'https://mirror.example.org/PortIndex?arch=***&X-Amz-Signature=***&&***'],
  ['https://mirror.example.org/PortIndex?s3cret', 'https://mirror.example.org/PortIndex?***'],
  ['https://mirror.example.org/PortIndex?=s3cret', 'https://mirror.example.org/PortIndex?***'],
  ['https://mirror.example.org/PortIndex?', 'https://mirror.example.org/PortIndex'],
  ['https://mirror.example.org/PortIndex#access_token=s3cret', 'https://mirror.example.org/PortIndex'],
  ['HTTPS://User:S3cret@Mirror.Example.org', 'https://mirror.example.org/'],
  // URLs that do not parse: nothing up to the last `@`, no query.
  ['http://user:s3cret@127.0.0.1:99999/PortIndex', 'http://127.0.0.1:99999/PortIndex'],
  ['http://user:s3/cret@mirror.example.org:x/PortIndex', 'http://mirror.example.org:x/PortIndex'],
  ['http://user:s3cret@[bad/PortIndex?token=s3cret', 'http://[bad/PortIndex'],
  ['http://[bad/PortIndex?token=s3cret', 'http://[bad/PortIndex'],
  // Not URLs: files, as given.
  ['PortIndex', 'PortIndex'],
  ['ports/user:s3cret@host/PortIndex', 'ports/user:s3cret@host/PortIndex'],
  ['-', '-'],
];

test('a URL is shown without userinfo, query values or fragment; anything else as given', () => {
  for (const [given, shown] of ROWS) assert.is(shownUrl(given), shown, given);
});

test('no row shows its secret', () => {
  for (const [given] of ROWS) if (/^[a-z]+:\/\//i.test(given)) assert.not.match(shownUrl(given).toLowerCase(), 's3cret', given);
});

test.run();
