/**
 * `npm run docs:build`: validate the specs, generate the pages, build the search index, then
 * `vitepress build`. Stops with exit code 1 at the first step that reports an error (spec
 * diagnostics, generator errors, dead links or any other VitePress build failure). Prints the
 * time and peak memory of each step.
 *
 *   node --import tsx src/site/build.ts [--rules-dir rules] [--site-dir site] [--out-dir DIR]
 *
 * The three steps run one after the other in child processes of their own (`--step generate`,
 * then search-index.mjs and vitepress-build.mjs, both plain node), so the memory of each is given
 * back before the next starts, VitePress does not hold the search index, and VitePress's V8 heap
 * gets a limit sized for it (VITEPRESS_HEAP_MB; see docs/architecture.md, "The site build's memory").
 *
 * The built site goes to <site>/.vitepress/dist unless --out-dir says otherwise; serve it on the
 * loopback interface with `node --import tsx src/site/static-server.ts <dir> [port]`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { validateAndGenerate } from './generate.ts';
import { folderOptions, mb, printDiagnostics, rel, reported, secs, summary, timings, writers } from './script-common.ts';

/**
 * The V8 heap limit of the VitePress step (MB). Its live heap peaks at about 0.35 GB on today's
 * site (after a full GC; the pages' large blocks and the search index are kept out of it), so
 * 768 leaves more than twice that; without a limit V8 lets garbage pile up (the step's resident
 * memory went to ≈ 1.8 GB when its live heap was 0.65 GB). Override with RULES_SITE_HEAP_MB (0: no limit), e.g. for
 * a larger site.
 */
export const VITEPRESS_HEAP_MB = 768;

export interface BuildSiteOptions {
  rulesDir: string;
  siteDir: string;
  outDir?: string;
  out?: (text: string) => void;
  err?: (text: string) => void;
}

/** the first step, in this process: validate, simulate and generate; returns the exit code */
export async function generateStep(o: BuildSiteOptions): Promise<number> {
  const { out, err } = writers(o);
  const siteDir = resolve(o.siteDir);
  out(`== validate + generate (${rel(o.rulesDir)} → ${rel(siteDir)})\n`);
  const gen = await validateAndGenerate({ rulesDir: o.rulesDir, siteDir });
  const shown = reported(gen);
  printDiagnostics(shown, out, err);
  out(`${summary(gen.diagnostics, gen)} ${timings(gen)}\n`);
  if (!gen.ok) {
    err('error: the site was not built\n');
    return 1;
  }
  const s = gen.sync!;
  out(`${s.written.length} generated file(s) written, ${s.removed.length} removed; peak memory ${mb(process.resourceUsage().maxRSS * 1024)}\n`);
  return 0;
}

function heapLimitMb(): number {
  const env = process.env.RULES_SITE_HEAP_MB;
  if (env === undefined || env === '') return VITEPRESS_HEAP_MB;
  const n = Number(env);
  if (!Number.isInteger(n) || n < 0) throw new Error(`RULES_SITE_HEAP_MB must be a whole number of MB (0: no limit), not '${env}'`);
  return n;
}

/**
 * run a script of this folder in a child Node process, resolving to its exit code and signal: a
 * .ts script with this process's flags (its loader, tsx), a .mjs script with `nodeFlags` only
 */
function runChild(script: string, args: string[], nodeFlags: string[] = [], env: Record<string, string> = {}): Promise<{ code: number; signal: string | null }> {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const flags = script.endsWith('.ts') ? [...process.execArgv, ...nodeFlags] : nodeFlags;
  return new Promise((done) => {
    const child = spawn(process.execPath, [...flags, path, ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (e) => {
      process.stderr.write(`error: could not start ${script}: ${e.message}\n`);
      done({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => done({ code: code ?? 1, signal }));
  });
}

/** the three steps, each in a child process; returns the exit code */
export async function buildSite(o: BuildSiteOptions): Promise<number> {
  const { out, err } = writers(o);
  const t0 = performance.now();
  const folders = ['--rules-dir', o.rulesDir, '--site-dir', o.siteDir];
  const generated = await runChild('build.ts', ['--step', 'generate', ...folders]);
  if (generated.code !== 0) return generated.code;
  let heap: number;
  try {
    heap = heapLimitMb();
  } catch (e) {
    err(`error: ${(e as Error).message}\n`);
    return 2;
  }
  // the search index, built apart so that VitePress's process does not hold it (search-index.mjs)
  const searchDir = mkdtempSync(join(tmpdir(), 'rules-site-search-'));
  try {
    out('== search index\n');
    const indexed = await runChild('search-index.mjs', [resolve(o.siteDir), searchDir]);
    if (indexed.code !== 0) return indexed.code;
    out(`== vitepress build${heap > 0 ? ` (V8 heap limit ${heap} MB)` : ''}\n`);
    const built = await runChild(
      'vitepress-build.mjs',
      [resolve(o.siteDir), ...(o.outDir !== undefined ? ['--out-dir', resolve(o.outDir)] : [])],
      heap > 0 ? [`--max-old-space-size=${heap}`] : [],
      { RULES_SITE_SEARCH_INDEX: searchDir },
    );
    if (built.code !== 0) {
      // V8 aborts (SIGABRT, exit 134) when the heap limit is reached
      if (heap > 0 && (built.signal === 'SIGABRT' || built.code === 134)) {
        err(`error: the VitePress step ran out of its ${heap} MB heap: run again with RULES_SITE_HEAP_MB set higher (e.g. ${heap * 2}), or 0 for no limit\n`);
      }
      return built.code === 0 ? 1 : built.code;
    }
  } finally {
    rmSync(searchDir, { recursive: true, force: true });
  }
  out(`site built in ${secs(performance.now() - t0)}\n`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: { ...folderOptions, 'out-dir': { type: 'string' }, step: { type: 'string' } },
    }).values;
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\nusage: src/site/build.ts [--rules-dir DIR] [--site-dir DIR] [--out-dir DIR]\n`);
    return 2;
  }
  const o: BuildSiteOptions = { rulesDir: args['rules-dir'], siteDir: args['site-dir'] };
  if (args['out-dir'] !== undefined) o.outDir = args['out-dir'];
  if (args.step === 'generate') return generateStep(o);
  if (args.step !== undefined) {
    process.stderr.write(`error: unknown --step '${args.step}' (the only step run on its own is 'generate')\n`);
    return 2;
  }
  return buildSite(o);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) process.exit(await main(process.argv.slice(2)));
