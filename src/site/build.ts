/**
 * `npm run docs:build`: validate the specs, generate the pages, then `vitepress build`. Stops with
 * exit code 1 at the first step that reports an error (spec diagnostics, generator errors, dead
 * links or any other VitePress build failure). Prints the time of each step.
 *
 *   node --import tsx src/site/build.ts [--rules-dir rules] [--site-dir site] [--out-dir DIR]
 *
 * The built site goes to <site>/.vitepress/dist unless --out-dir says otherwise; serve it on the
 * loopback interface with `node --import tsx src/site/static-server.ts <dir> [port]`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { validateAndGenerate } from './generate.ts';
import { folderOptions, printDiagnostics, rel, secs, summary, timings, writers } from './script-common.ts';

export interface BuildSiteOptions {
  rulesDir: string;
  siteDir: string;
  outDir?: string;
  out?: (text: string) => void;
  err?: (text: string) => void;
}

/** returns the exit code */
export async function buildSite(o: BuildSiteOptions): Promise<number> {
  const { out, err } = writers(o);
  const siteDir = resolve(o.siteDir);
  out(`== validate + generate (${rel(o.rulesDir)} → ${rel(siteDir)})\n`);
  const gen = await validateAndGenerate({ rulesDir: o.rulesDir, siteDir });
  printDiagnostics(gen.diagnostics, out, err);
  out(`${summary(gen.diagnostics)} ${timings(gen)}\n`);
  if (!gen.ok) {
    err('error: the site was not built\n');
    return 1;
  }
  const s = gen.sync!;
  out(`${s.written.length} generated file(s) written, ${s.removed.length} removed\n`);

  out('== vitepress build\n');
  const t0 = performance.now();
  const { build } = await import('vitepress');
  try {
    await build(siteDir, o.outDir !== undefined ? { outDir: resolve(o.outDir) } : {});
  } catch (e) {
    err(`error: vitepress build failed: ${(e as Error).message}\n`);
    return 1;
  }
  out(`vitepress build: ${secs(performance.now() - t0)}\n`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: { ...folderOptions, 'out-dir': { type: 'string' } },
    }).values;
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\nusage: src/site/build.ts [--rules-dir DIR] [--site-dir DIR] [--out-dir DIR]\n`);
    return 2;
  }
  const o: BuildSiteOptions = { rulesDir: args['rules-dir'], siteDir: args['site-dir'] };
  if (args['out-dir'] !== undefined) o.outDir = args['out-dir'];
  return buildSite(o);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) process.exit(await main(process.argv.slice(2)));
