// The `rules` command's code as one bundle, built by esbuild and kept under node_modules/.cache.
//
// Why: run through tsx, every command first transformed and resolved ~170 TypeScript modules and
// loaded ~1,000 files of packages through the loader hooks — 1.3 s before `--help` printed a line,
// and again in every worker thread of `simulate --workers`. One bundle loads in ~0.15 s.
//
// The bundle is rebuilt when any file it was made from changes (their sizes and mtimes are kept
// with it), when the lockfile changes, or when this file does. Builds write a fresh folder and
// then swap a pointer file, so processes starting together never read a half-written bundle.
// Anything going wrong here (no esbuild, a read-only node_modules) returns undefined, and the
// caller runs the sources through tsx as before. RULES_BUNDLE=off skips the bundle.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// RULES_BUNDLE_CACHE: another folder (tests build there, apart from the project's bundle)
const cache = process.env.RULES_BUNDLE_CACHE ? resolve(process.env.RULES_BUNDLE_CACHE) : join(root, 'node_modules', '.cache', 'rules-cli');
const pointer = join(cache, 'current.json');
/** the modules a process may start from: the command, and a worker thread of `simulate --workers` */
const ENTRIES = { main: 'src/cli/main.ts', 'simulate-worker': 'src/cli/simulate-worker.ts', 'validate-worker': 'src/cli/validate-worker.ts' };
/** loaded from node_modules as they are: they find files of their own next to their code
 *  (tinypool's worker script, VitePress's client, tsx and esbuild themselves), or are large and
 *  used by the site only */
const EXTERNAL = ['tinypool', 'vitepress', 'vite', 'vue', 'tsx', 'esbuild', 'vega', 'vega-lite'];
/** kept this long after another bundle replaced them: a running command may still load its lazy chunks */
const KEEP_OLD_MS = 60 * 60 * 1000;

/** size and mtime of a file relative to the project, or null if it is gone */
function mark(rel) {
  try {
    const st = statSync(join(root, rel));
    return [rel, st.size, st.mtimeMs];
  } catch {
    return [rel, null, null];
  }
}

/** files whose change makes the bundle stale, besides its own inputs */
const alwaysWatched = () => ['package-lock.json', relative(root, fileURLToPath(import.meta.url))];

function current() {
  if (!existsSync(pointer)) return undefined;
  const p = JSON.parse(readFileSync(pointer, 'utf8'));
  // the bundle holds absolute paths (sources' URLs, packages): a moved project builds anew
  if (p.node !== process.version || p.root !== root) return undefined;
  for (const [rel, size, mtime] of p.inputs) {
    const [, s, m] = mark(rel);
    if (s !== size || m !== mtime) return undefined;
  }
  const dir = join(cache, p.dir);
  return existsSync(join(dir, 'main.js')) ? dir : undefined;
}

async function build() {
  const { build: esbuild } = await import('esbuild');
  mkdirSync(cache, { recursive: true });
  const name = `b-${Date.now().toString(36)}-${process.pid}`;
  const dir = join(cache, name);
  const srcDir = join(root, 'src') + '/';
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    // CommonJS packages inside an ES module bundle still call require()
    banner: { js: "import { createRequire as __rulesRequire } from 'node:module'; const require = __rulesRequire(import.meta.url);" },
    plugins: [
      {
        // the packages left out are imported by their resolved URL: the bundle may live
        // outside the project (RULES_BUNDLE_CACHE), where their names would not resolve
        name: 'external-by-url',
        setup(b) {
          const names = new RegExp(`^(${EXTERNAL.join('|')})(/|$)`);
          b.onResolve({ filter: names }, (args) => ({ path: import.meta.resolve(args.path), external: true }));
        },
      },
      {
        // our modules find the project's files (schema, seeds, rules, a worker script) from
        // import.meta.url: keep it the URL of the source file, not of the bundle
        name: 'source-import-meta-url',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, async (args) => {
            if (!args.path.startsWith(srcDir)) return undefined;
            const text = await readFile(args.path, 'utf8');
            return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
          });
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((p) => !p.includes('node_modules/'));
  const stamp = { node: process.version, root, dir: name, inputs: [...new Set([...inputs, ...alwaysWatched()])].sort().map(mark) };
  const tmp = `${pointer}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(stamp));
  renameSync(tmp, pointer);
  for (const old of readdirSync(cache)) {
    const p = join(cache, old);
    if (old.startsWith('b-') && old !== name && Date.now() - statSync(p).mtimeMs > KEEP_OLD_MS) rmSync(p, { recursive: true, force: true });
  }
  return dir;
}

/** the folder of an up-to-date bundle (built now if need be), or undefined: then run the sources */
export async function bundleDir() {
  if (process.env.RULES_BUNDLE === 'off') return undefined;
  try {
    return current() ?? (await build());
  } catch {
    return undefined;
  }
}
