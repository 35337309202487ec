/**
 * `npm start`: validate the specs, generate the site and serve it with `vitepress dev` on
 * http://localhost:5173 (listening on 127.0.0.1 only), then watch the rules folder and the
 * conformance scenarios beside it (test/conformance, shown as worked examples). On every save of
 * a YAML file the specs are validated again at once:
 * - errors are printed as `file:line:col: error: …` and the site is left as it was (the last good
 *   version stays on screen);
 * - a worked example (a scenario beside the rules) that fails or warns is printed the same way at
 *   its place in the scenario, and counted on the summary line, though the site is regenerated
 *   (its Worked examples page shows it as not holding);
 * - otherwise the pages are regenerated (only changed files are replaced, each atomically) and
 *   VitePress reloads the open page.
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP stop the watcher and the VitePress process.
 *
 *   node --import tsx src/site/dev-server.ts [--rules-dir rules] [--site-dir site] [--port 5173]
 *   npm start -- --port 5174        (npm keeps options before `--` for itself; see portOf)
 *
 * VitePress runs in a child process (vitepress-child.ts) so that validation, which plays random
 * games, never stalls the web server; the child exits by itself if this process disappears.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultScenariosDir } from '../conformance/index.ts';
import { SIDEBAR_FILE, validateAndGenerate, type GenerateOptions, type GenerateOutcome } from './generate.ts';
import { count, folderOptions, printDiagnostics, rel, reported, summary, timings, writers } from './script-common.ts';
import { watchRules, type RulesWatcher } from './watch.ts';

export interface DevServerOptions {
  rulesDir: string;
  siteDir: string;
  /** 0 picks a free port */
  port: number;
  /** where progress and diagnostics go (default: stdout / stderr) */
  out?: (text: string) => void;
  err?: (text: string) => void;
  /** random playouts in validation (default true) */
  smoke?: boolean;
}

export interface DevServer {
  /** http://localhost:<port>/ once VitePress listens */
  url(): string | undefined;
  /** resolves with the exit code (0 after close(), 1 if VitePress died) when everything has stopped */
  closed: Promise<number>;
  close(): Promise<number>;
}

const HOST = '127.0.0.1';
const childPath = fileURLToPath(new URL('./vitepress-child.ts', import.meta.url));

const clock = (): string => new Date().toTimeString().slice(0, 8);

export async function startDevServer(o: DevServerOptions): Promise<DevServer> {
  const { out, err } = writers(o);
  const rulesDir = resolve(o.rulesDir);
  const siteDir = resolve(o.siteDir);
  if (!existsSync(rulesDir)) throw new Error(`no rules folder ${rulesDir}`);
  if (!existsSync(resolve(siteDir, '.vitepress/config.mts'))) throw new Error(`no VitePress config in ${siteDir}/.vitepress/`);

  let child: ChildProcess | undefined;
  let childUrl: string | undefined;
  let watcher: RulesWatcher | undefined;
  let stopping = false;
  let resolveClosed!: (code: number) => void;
  const closed = new Promise<number>((ok) => (resolveClosed = ok));

  /** validate + generate; prints the outcome; returns it */
  const rebuild = async (why: string, saved?: string[]): Promise<GenerateOutcome> => {
    out(`[${clock()}] ${why}: validating ${rel(rulesDir)} …\n`);
    let outcome: GenerateOutcome;
    try {
      // after a save, the random playouts run for the changed games only (the others passed);
      // a saved scenario changes no game: its examples page is regenerated, nothing is played
      // the search agent's studies take minutes of CPU: docs:build plays them, the preview does not
      const opts: GenerateOptions = { rulesDir, siteDir, smoke: o.smoke !== false, searchStudies: false };
      if (saved !== undefined) opts.smokeOnly = saved.filter((f) => f.startsWith(rulesDir + sep));
      outcome = await validateAndGenerate(opts);
    } catch (e) {
      err(`error: ${(e as Error).message}\n`);
      return { ok: false, diagnostics: [], validateMs: 0, generateMs: 0 };
    }
    // a failing worked example does not stop the site (its page says so), but it is said here too
    const shown = reported(outcome);
    printDiagnostics(shown, out, err);
    if (!outcome.ok) {
      err(`[${clock()}] ${summary(outcome.diagnostics, outcome)}: the site was not regenerated; it still shows the last good version\n`);
      return outcome;
    }
    const s = outcome.sync!;
    const changed = s.written.length + s.removed.length;
    // one write, so a reader of the output sees the summary and its file list together
    const lines = [
      `[${clock()}] ${summary(outcome.diagnostics, outcome)}; ` +
        (changed === 0 ? 'no page changed' : `${count(changed, 'file')} updated`) +
        ` ${timings(outcome)}`,
      ...[...s.written, ...s.removed].slice(0, 40).map((f) => `  ${f}`),
    ];
    if (changed > 40) lines.push(`  … and ${changed - 40} more`);
    out(lines.join('\n') + '\n');
    return outcome;
  };

  const startChild = (): Promise<void> =>
    new Promise<void>((ok, fail) => {
      const tsx = import.meta.resolve('tsx');
      const c = fork(childPath, [siteDir, String(o.port), HOST], {
        execArgv: ['--import', tsx],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child = c;
      let started = false;
      let startError: string | undefined;
      c.on('message', (m: { type?: string; port?: number; message?: string }) => {
        if (m.type === 'ready') {
          childUrl = `http://localhost:${m.port}/`;
          if (!started) {
            started = true;
            ok();
          }
        } else if (m.type === 'error') {
          const msg = /already in use/i.test(m.message ?? '')
            ? `port ${o.port} on ${HOST} is already in use (is another \`npm start\` running?); stop it or pick another port: npm start -- --port N`
            : `VitePress: ${m.message}`;
          if (!started) {
            // the child stops by itself after reporting; fail once it has gone
            startError = msg;
            setTimeout(() => c.kill('SIGKILL'), 5000).unref();
          } else err(`error: ${msg}\n`);
        }
      });
      c.on('exit', (code, signal) => {
        child = undefined;
        if (!started) {
          started = true;
          fail(new Error(startError ?? `VitePress exited before it was ready (${signal ?? `code ${code}`})`));
          return;
        }
        if (!stopping) {
          err(`error: VitePress stopped unexpectedly (${signal ?? `code ${code}`}); stopping\n`);
          void stop(1);
        }
      });
    });

  const stopChild = async (): Promise<void> => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((ok) => c.once('exit', () => ok()));
    if (c.connected) c.send({ type: 'stop' });
    else c.kill('SIGTERM');
    const timer = setTimeout(() => c.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  const stop = async (code = 0): Promise<number> => {
    if (stopping) return closed;
    stopping = true;
    await watcher?.close();
    await stopChild();
    resolveClosed(code);
    return closed;
  };

  // 1. first build
  const first = await rebuild('start');
  const haveSite = existsSync(resolve(siteDir, SIDEBAR_FILE));
  if (!first.ok && haveSite) out('serving the pages generated before (fix the errors above to update them)\n');

  // 2. serve (once there is something to serve)
  const serve = async (): Promise<void> => {
    await startChild();
    out(`\n  Rules site: ${childUrl}   (listening on ${HOST} only; Ctrl-C stops)\n  watching ${watched} for changes\n\n`);
  };
  // the scenarios shown as worked examples are watched too, when the project has them
  const scenariosDir = defaultScenariosDir(rulesDir);
  const dirs = existsSync(scenariosDir) ? [rulesDir, scenariosDir] : [rulesDir];
  const watched = dirs.map((d) => `${rel(d)}/`).join(' and ');
  if (haveSite) await serve();
  else out(`no site to serve yet: fix the errors above and save; watching ${watched}\n`);

  // 3. watch
  watcher = watchRules(
    dirs,
    async (files) => {
      if (stopping) return;
      const what = files.map((f) => rel(f)).join(', ');
      const outcome = await rebuild(`${what} changed`, files);
      if (!outcome.ok || stopping) return;
      if (!child) {
        await serve();
        return;
      }
      // the nav and sidebars are read by the VitePress config: re-read it when they change
      if (outcome.sync?.written.includes(SIDEBAR_FILE) || outcome.sync?.removed.includes(SIDEBAR_FILE)) {
        out('navigation changed: restarting VitePress\n');
        child.send({ type: 'restart' });
      }
    },
    { onError: (e) => err(`error: ${(e as Error).message ?? String(e)}\n`) },
  );
  await watcher.ready;

  return { url: () => childUrl, closed, close: () => stop(0) };
}

const USAGE = `usage: npm start -- [--rules-dir DIR] [--site-dir DIR] [--port N]
   or: node --import tsx src/site/dev-server.ts [--rules-dir DIR] [--site-dir DIR] [--port N]
  --rules-dir DIR  folder of games to watch (default: rules)
  --site-dir DIR   the VitePress site (default: site)
  --port N         port on 127.0.0.1 (default: 5173; 0 picks a free one)
  --no-smoke       skip the random playouts of validation (faster)
`;

export const DEFAULT_PORT = 5173;

/**
 * The port asked for. `npm start -- --port N` passes `--port N` through; without the `--`, npm
 * takes `--port` as its own setting: `npm start --port=N` arrives only as npm_config_port=N, and
 * `npm start --port N` as npm_config_port=true with N left as an argument. All three mean port N.
 * Returns an error message for anything else.
 */
export function portOf(flag: string | undefined, positionals: string[], env: NodeJS.ProcessEnv): number | string {
  let raw = flag;
  const npmPort = env['npm_config_port'];
  if (raw === undefined && npmPort !== undefined) {
    if (npmPort === 'true' && positionals.length === 1) raw = positionals[0]!;
    else if (npmPort !== 'true' && positionals.length === 0) raw = npmPort;
  }
  const extra = raw === positionals[0] ? positionals.slice(1) : positionals;
  if (extra.length > 0) return `unexpected argument '${extra[0]}' (options go after --: npm start -- --port N)`;
  if (raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) return `--port must be a number from 0 to 65535, got '${raw}'`;
  return port;
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        ...folderOptions,
        port: { type: 'string' },
        'no-smoke': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
    });
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const args = parsed.values;
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const port = portOf(args.port, parsed.positionals, process.env);
  if (typeof port === 'string') {
    process.stderr.write(`error: ${port}\n${USAGE}`);
    return 2;
  }
  let server: DevServer;
  try {
    server = await startDevServer({
      rulesDir: args['rules-dir'],
      siteDir: args['site-dir'],
      port,
      smoke: !args['no-smoke'],
    });
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return 1;
  }
  const onSignal = (sig: NodeJS.Signals): void => {
    process.stdout.write(`\n${sig}: stopping\n`);
    void server.close();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  return await server.closed;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) process.exit(await main(process.argv.slice(2)));
