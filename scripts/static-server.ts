/**
 * A plain static file server (sirv on node:http) for the load test's comparison: the same
 * dist/ served as files, with no routing logic of the API. `node build/scripts/static-server.js <dir>`
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: static-server <dir>');
  process.exit(2);
}
const server = createServer(sirv(dir, { etag: true, dotfiles: false }));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Serving ${dir} at http://127.0.0.1:${port}/`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
