/**
 * A loopback-only static file server for a built VitePress site (tests, local checks).
 * `vitepress preview` ignores --host and listens on every interface, so tests use this instead.
 * Understands cleanUrls (`/games/x/setup` → `games/x/setup.html`, `/zh-hant/` → `zh-hant/index.html`) and
 * answers unknown paths with the site's 404.html and status 404.
 *
 *   node --import tsx src/site/static-server.ts [dir] [port]   (default site/.vitepress/dist, 4173)
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export interface StaticServer {
  /** http://127.0.0.1:<port> (no trailing slash) */
  url: string;
  port: number;
  close(): Promise<void>;
}

async function fileAt(path: string): Promise<string | undefined> {
  try {
    return (await stat(path)).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/** what VitePress names by its content's hash: the same name is the same bytes for good */
const HASHED_ASSET = /^\/assets\/.+\.(js|css|woff2?)$/;

/**
 * Serve `root` on 127.0.0.1; port 0 (the default) picks a free port. Every answer is `no-store`,
 * but with `cacheAssets` the scripts, styles and fonts under /assets/ (named by their content's
 * hash) may be kept for good, as a real host serves them: a browser that opens many pages compiles
 * them once (the site's browser tests: 135 → 102 s of CPU).
 */
export async function startStaticServer(opts: { root: string; port?: number; host?: string; cacheAssets?: boolean }): Promise<StaticServer> {
  const root = resolve(opts.root);
  const host = opts.host ?? '127.0.0.1';
  const server: Server = createServer((req, res) => {
    void (async () => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      } catch {
        res.writeHead(400).end();
        return;
      }
      const base = normalize(join(root, pathname));
      if (base !== root && !base.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      const hit =
        (await fileAt(base)) ?? (await fileAt(base + '.html')) ?? (await fileAt(join(base, 'index.html')));
      const path = hit ?? join(root, '404.html');
      let body: Buffer;
      try {
        body = await readFile(path);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(hit ? 200 : 404, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': opts.cacheAssets && hit && HASHED_ASSET.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, host, () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const root = process.argv[2] ?? 'site/.vitepress/dist';
  const port = Number(process.argv[3] ?? 4173);
  const s = await startStaticServer({ root, port });
  process.stdout.write(`serving ${resolve(root)} at ${s.url}/ (loopback only; Ctrl-C stops)\n`);
  const stop = (): void => void s.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
