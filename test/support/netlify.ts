import { NetlifyDev } from '@netlify/dev';
import { copyFileSync, cpSync, mkdirSync, renameSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import workerThreads from 'node:worker_threads';
import { ROOT } from './paths.js';

/**
 * The emulation runs each call of a function in a worker thread of its own, and one whose
 * response body was never read (a HEAD, a body left unread) waits on it until the function's
 * timeout: the test process would outlive its tests by that much. The emulation's workers are
 * tracked, and `close` ends those still running.
 */
const functionWorkers = new Set<workerThreads.Worker>();
const { Worker } = workerThreads;
class TrackedWorker extends Worker {
  constructor(...args: ConstructorParameters<typeof Worker>) {
    super(...args);
    if (!/functions-dev\/dist\/worker\.js$/.test(String(args[0]))) return;
    functionWorkers.add(this);
    this.once('exit', () => functionWorkers.delete(this));
  }
}
workerThreads.Worker = TrackedWorker;
// The emulation's `import { Worker } from "worker_threads"` sees the tracked one.
syncBuiltinESMExports();

export interface NetlifyEmulation {
  url: string;
  close: () => Promise<void>;
}

const off = { enabled: false } as const;

/**
 * Netlify's own local engine (redirects, headers, static files) over real HTTP. `site` is
 * moved into a project root beside the committed netlify.toml, because the emulation wants
 * the publish directory inside its project and writes `.netlify/` there. A request that no
 * rule, file or function answers gets what `netlify dev` gives it: a bare 404. Functions run
 * as Netlify runs them, from netlify/functions/.
 */
export async function startNetlify(projectRoot: string, site: string, functions = path.join(ROOT, 'netlify', 'functions')): Promise<NetlifyEmulation> {
  mkdirSync(projectRoot, { recursive: true });
  copyFileSync(path.join(ROOT, 'netlify.toml'), path.join(projectRoot, 'netlify.toml'));
  // The function the build made (scripts/bundle.ts), or the one a package ships, where Netlify looks for functions.
  cpSync(functions, path.join(projectRoot, 'netlify', 'functions'), { recursive: true });
  renameSync(site, path.join(projectRoot, 'dist'));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dev = new NetlifyDev({
    projectRoot,
    apiToken: '',
    skipGitignore: true,
    serverAddress: `http://127.0.0.1:${port}`,
    aiGateway: off, blobs: off, database: off, edgeFunctions: off, environmentVariables: off,
    functions: { enabled: true }, geolocation: off, images: off,
  });
  await dev.start();
  server.on('request', (req, res) => {
    dev.handleAndIntrospectNodeRequest(req).then(
      (result) => {
        const response = result?.response ?? new Response(null, { status: 404 });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (response.body && req.method !== 'HEAD') Readable.fromWeb(response.body as never).pipe(res);
        else {
          // A body left unread holds the function's stream (and its thread) open.
          void response.body?.cancel();
          res.end();
        }
      },
      (cause: Error) => {
        res.writeHead(500);
        res.end(String(cause.stack));
      },
    );
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dev.stop();
      await Promise.all([...functionWorkers].map((worker) => worker.terminate()));
    },
  };
}
