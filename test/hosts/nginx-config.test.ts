import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderNginxConfig, type NginxSite } from '../../src/hosts/nginx/nginx.js';

const site = (ports: string[], root = '/srv/ports/dist'): NginxSite => ({
  root,
  listen: '8080',
  serverName: '_',
  ports,
  pages: { ports: 2, files: 3, category: 1, maintainer: 1 },
});

test("port names that are the map's own words are escaped, the others quoted", () => {
  const config = renderNginxConfig(site(['zlib', 'default', 'Include', 'libsigc++']));
  assert.match(config, '  "zlib" "zlib";');
  assert.match(config, '  \\default "default";');
  assert.match(config, '  \\Include "Include";');
  assert.match(config, '  "libsigc++" "libsigc++";');
});

test('the last page of each list is the target of page=last', () => {
  const config = renderNginxConfig(site(['zlib']));
  assert.match(config, 'last /api/v1/files/page-3.json;');
  assert.match(config, 'last /api/v1/pages/ports/page-2.json;');
});

test('a root nginx would read a variable in is refused', () => {
  assert.throws(() => renderNginxConfig(site(['zlib'], '/srv/$HOME/dist')), /literal \$/);
});

test.run();
