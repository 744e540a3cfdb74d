import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One raw HTTP/1.1 request (any method, target sent as written, redirects not followed). */
export function httpRequest(base: string, method: string, target: string, headers: Record<string, string> = {}): Promise<HttpResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path: target, headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timed out: ${method} ${target}`)));
    req.end();
  });
}

/** Runs `use` with the base URL (`http://127.0.0.1:<port>`) of a server on loopback that answers with `handle`; closed afterwards. */
export async function withServer<T>(handle: (req: IncomingMessage, res: ServerResponse) => void, use: (base: string) => Promise<T>): Promise<T> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
