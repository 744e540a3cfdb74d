/** `ports-gen serve`: the site at `dir` served until Ctrl-C or SIGTERM, saying where. */
import { serveSite } from './server.js';
import { builtBaseUrl, listenError } from './site-dir.js';

/** `label`: the site's directory as the user named it. */
export async function serveUntilStopped(dir: string, label: string, port: number, host: string, say: (text: string) => void): Promise<void> {
  const running = await serveSite({ dir, port, host }).catch((cause: NodeJS.ErrnoException) => {
    throw listenError(cause, host, port) ?? cause;
  });
  say(`Serving ${label}: the API at ${running.url}api/v1/, its browser at ${running.url}\n`);
  const base = builtBaseUrl(dir);
  if (base !== undefined && new URL(base).origin !== new URL(running.url).origin) {
    say(`Note: the pages' links point at ${base} (the build's base URL), not at this server; build with --base-url ${running.url.replace(/\/$/, '')} to follow them here\n`);
  }
  say('Ctrl-C stops it.\n');
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
