/**
 * `vitepress dev <site> --host 127.0.0.1 --port <port> --strictPort`, run through VitePress's Node
 * API in a child process of the dev server (src/site/dev-server.ts), which talks to it over IPC:
 *
 *   child → parent  {type: 'ready', url, port}   listening
 *                   {type: 'error', message}      could not start (port taken, bad config…)
 *   parent → child  {type: 'restart'}             re-read the config (the generated nav changed)
 *
 * The child exits when the parent goes away (IPC disconnect), even if the parent was killed
 * without a chance to clean up, so no VitePress server is ever left running on its own.
 */
import { createServer as netServer, type AddressInfo } from 'node:net';
import { createServer } from 'vitepress';

type ViteDevServer = Awaited<ReturnType<typeof createServer>>;

const [siteDir, portArg, hostArg] = process.argv.slice(2);
if (siteDir === undefined || process.send === undefined) {
  process.stderr.write('usage: started by src/site/dev-server.ts with an IPC channel: vitepress-child.ts <siteDir> <port> [host]\n');
  process.exit(2);
}
const host = hostArg ?? '127.0.0.1';
let port = Number(portArg ?? 5173);
let server: ViteDevServer | undefined;
let closing = false;

function send(msg: object): void {
  if (process.connected) process.send?.(msg);
}

/** a port the system has free on `host` now: Vite reads port 0 as "its default, 5173", not as "any free port" */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = netServer();
    probe.once('error', fail);
    probe.listen(0, host, () => {
      const free = (probe.address() as AddressInfo).port;
      probe.close(() => ok(free));
    });
  });
}

async function start(): Promise<void> {
  if (port === 0) port = await freePort();
  const s = await createServer(siteDir!, { host, port, strictPort: true }, restart);
  server = s;
  await s.listen();
  const address = s.httpServer?.address() as AddressInfo | null | undefined;
  // port 0 picks a free port: keep it across restarts
  if (address) port = address.port;
  send({ type: 'ready', port, url: `http://${host}:${port}` });
}

let restarting: Promise<void> | undefined;
async function restart(): Promise<void> {
  if (restarting || closing) return restarting;
  restarting = (async () => {
    try {
      await server?.close();
      await start();
    } catch (e) {
      send({ type: 'error', message: (e as Error).message });
    } finally {
      restarting = undefined;
    }
  })();
  return restarting;
}

async function shutdown(code: number): Promise<void> {
  if (closing) return;
  closing = true;
  const timer = setTimeout(() => process.exit(code), 3000);
  timer.unref();
  try {
    await server?.close();
  } finally {
    process.exit(code);
  }
}

process.on('message', (m: { type?: string }) => {
  if (m?.type === 'restart') void restart();
  if (m?.type === 'stop') void shutdown(0);
});
process.on('disconnect', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

try {
  await start();
} catch (e) {
  send({ type: 'error', message: (e as Error).message });
  await shutdown(1);
}
