/**
 * `npm start -- --port 0` (as the watcher test runs it) serves on a port that is free, whatever
 * else listens: Vite reads port 0 as its default 5173, so with 5173 taken (another `npm start`)
 * the dev server used to stop with "port 0 is already in use".
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempSite } from './helpers.ts';
import { limit } from '../limits.ts';

const child = fileURLToPath(new URL('../../src/site/vitepress-child.ts', import.meta.url));
const site = tempSite('free-port');
let held: Server | undefined;
afterAll(() => {
  held?.close();
  site.cleanup();
});

/** listen on 5173 unless something already does: either way, 5173 is taken */
function take5173(): Promise<void> {
  return new Promise((ok) => {
    const s = createServer();
    s.once('error', () => ok());
    s.listen(5173, '127.0.0.1', () => {
      held = s;
      ok();
    });
  });
}

describe('the VitePress child on port 0', () => {
  it('listens on a free port, not on a taken 5173', async () => {
    await take5173();
    // a bare VitePress site: one page, no config
    const bare = join(site.dir, 'bare');
    mkdirSync(bare, { recursive: true });
    writeFileSync(join(bare, 'index.md'), '# A page\n');
    const c = fork(child, [bare, '0', '127.0.0.1'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const first = await new Promise<{ type?: string; port?: number; message?: string }>((ok) => c.once('message', ok));
    const exited = new Promise((ok) => c.once('exit', ok));
    c.send({ type: 'stop' });
    await exited;
    expect(first.message).toBeUndefined();
    expect(first.type).toBe('ready');
    expect(first.port).toBeGreaterThan(0);
    expect(first.port).not.toBe(5173);
  }, limit(120_000));
});
