import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serveSite } from '../../src/hosts/serve/server.js';
import { writeCatalogue } from '../support/catalogue.js';
import { httpRequest } from '../support/http.js';
import { withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

const PORTS = 400;
const REBUILDS = 20;
const CLIENTS = 4;

/** The catalogue of rebuild `round`: every port's version changes, so every port file does. */
function writeRound(dir: string, round: number): void {
  const ports = Array.from({ length: PORTS }, (_, i) => ({ name: `p${i}`, portdir: `devel/p${i}`, version: `${round}.${i}` }));
  const builds = Array.from({ length: 120 }, (_, i) => JSON.stringify({ build_id: 1000 - i, files: [`/opt/local/r${round}/f${i}`] })).join('\n');
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports }, builds });
}

/**
 * Rebuilds the site `rebuilds` times, each publish slowed by `pauseMs` between its moves, while
 * CLIENTS clients request paths that every build has from `serve`; the answers by status.
 */
async function rebuildUnderLoad(dir: string, args: string[], pauseMs: number, rebuilds = REBUILDS): Promise<Map<number, number>> {
  writeRound(dir, 0);
  assert.is((await runCli(['build', '--quiet', ...args], { cwd: dir })).code, 0);
  const server = await serveSite({ dir: path.join(dir, 'dist'), port: 0, host: '127.0.0.1' });
  const statuses = new Map<number, number>();
  let building = true;
  const client = async (n: number) => {
    for (let i = 0; building; i++) {
      const target = i % 3 === 0 ? `/api/v1/files/?page=${1 + ((i / 3) % 3)}` : `/api/v1/ports/p${(n * 97 + i) % PORTS}/`;
      const res = await httpRequest(server.url, 'GET', target);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) JSON.parse(res.body.toString('utf8')); // whole, never a torn file
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  try {
    for (let round = 1; round <= rebuilds; round++) {
      writeRound(dir, round);
      const run = await runCli(['build', '--quiet', ...args], { cwd: dir, env: { PORTS_GEN_TEST_PAUSE_MS: String(pauseMs) } });
      assert.is(run.code, 0, run.stderr);
    }
  } finally {
    building = false;
    await Promise.all(clients);
    await server.close();
  }
  const requests = [...statuses.values()].reduce((a, b) => a + b, 0);
  assert.ok(requests > rebuilds * 10, `only ${requests} requests during the rebuilds`);
  return statuses;
}

test(`${REBUILDS} rebuilds while ${CLIENTS} clients request paths every build has: never a miss, never an error`, async () => {
  await withTempDir(async (dir) => {
    const statuses = await rebuildUnderLoad(dir, [], 0);
    assert.equal([...statuses.keys()], [200], `answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});

test('the same with each publish held for 100 ms between its moves: a link is switched in one step, so still never a miss', async () => {
  await withTempDir(async (dir) => {
    const statuses = await rebuildUnderLoad(dir, [], 100, 6);
    assert.equal([...statuses.keys()], [200], `answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});

test('with --no-link the directory is replaced by two renames: held between them, readers find no site (503, or 404 when it went mid-request), as documented', async () => {
  await withTempDir(async (dir) => {
    const statuses = await rebuildUnderLoad(dir, ['--no-link'], 100, 6);
    const answers = JSON.stringify(Object.fromEntries(statuses));
    assert.ok((statuses.get(503) ?? 0) + (statuses.get(404) ?? 0) > 0, `answers: ${answers}`);
    assert.equal([...statuses.keys()].filter((status) => ![200, 404, 503].includes(status)), [], `answers: ${answers}`);
  });
});

test.run();
