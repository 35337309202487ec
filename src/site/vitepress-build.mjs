/**
 * `vitepress build <site> [--out-dir DIR]`, the last step of `npm run docs:build` (build.ts),
 * run in a process of its own, so that the memory of the steps before it (validation, the
 * simulations, the page generator) is given back before VitePress starts, and VitePress's heap
 * can be sized for it alone (build.ts passes the V8 limit). Prints the time and the peak
 * resident memory of this process; exit code 1 when VitePress reports an error (dead links…).
 *
 *   node [--max-old-space-size=MB] src/site/vitepress-build.mjs <siteDir> [--out-dir DIR]
 *
 * Plain JavaScript, run by plain `node`: under tsx, Node's module hooks run in a thread of their
 * own with a heap of its own, and tsx keeps an inline source map of every module it loads (all of
 * VitePress's and Vite's code); VitePress compiles its TypeScript config and theme itself.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vitepress';

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes) => `${Math.round(bytes / 1048576)} MB`;

let args;
try {
  args = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { 'out-dir': { type: 'string' } } });
} catch (e) {
  process.stderr.write(`error: ${e.message}\nusage: src/site/vitepress-build.mjs <siteDir> [--out-dir DIR]\n`);
  process.exit(2);
}
const siteDir = args.positionals[0];
if (siteDir === undefined) {
  process.stderr.write('usage: src/site/vitepress-build.mjs <siteDir> [--out-dir DIR]\n');
  process.exit(2);
}
const outDir = args.values['out-dir'];

const t0 = performance.now();
try {
  await build(resolve(siteDir), outDir !== undefined ? { outDir: resolve(outDir) } : {});
} catch (e) {
  process.stderr.write(`error: vitepress build failed: ${e.message}\n`);
  process.exit(1);
}
process.stdout.write(`vitepress build: ${secs(performance.now() - t0)}, peak memory ${mb(process.resourceUsage().maxRSS * 1024)}\n`);
// VitePress leaves no work behind; don't wait for stray handles (esbuild's service) to close
process.exit(0);
