/**
 * `vitepress build` ships Mermaid as the ready-made, minified ES module build its authors publish
 * (mermaid/dist/mermaid.esm.min.mjs and its chunks), copied into the site as static files and
 * loaded by the browser the first time a chart is drawn, instead of bundling Mermaid's sources
 * (≈1,500 modules: d3, cytoscape, katex, lodash-es, langium…) again with Rollup. Bundling them
 * held ≈600 MB of Rollup's syntax trees in the build's heap and took a third of its time, to
 * produce the same code the package already contains.
 *
 * `import mermaid from 'mermaid'` (the theme's, and vitepress-plugin-mermaid's chart component)
 * resolves to a small stand-in module with the methods they call (initialize, render,
 * registerExternalDiagrams, run): it loads the real module on first use and replays the
 * configuration given before. On the server (page rendering) nothing is loaded: charts are
 * drawn in the browser only. `vitepress dev` is not affected (apply: 'build').
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const STAND_IN = '\0mermaid-static';
/** where the copied files go under the site's output folder */
const ASSET_DIR = 'assets/mermaid';
const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = 'chunks/mermaid.esm.min';

/** mermaid's dist folder, the way the site's own imports find the package */
function mermaidDist(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('mermaid/dist/' + ENTRY));
}

/** the stand-in module: loads `url` on first use (browser only) */
function standIn(url: string): string {
  return `const url = ${JSON.stringify(url)};
const configs = [];
let loaded;
let loading;
function real() {
  loading ??= import(/* @vite-ignore */ url).then((m) => {
    loaded = m.default;
    for (const c of configs) loaded.initialize(c);
    return loaded;
  });
  return loading;
}
export default {
  initialize(config) {
    configs.push(config);
    if (loaded) loaded.initialize(config);
  },
  render: async (...args) => (await real()).render(...args),
  run: async (...args) => (await real()).run(...args),
  registerExternalDiagrams: async (...args) => (await real()).registerExternalDiagrams(...args),
};
`;
}

export function mermaidStatic(): Plugin {
  let base = '/';
  let ssr = false;
  return {
    name: 'rules-site:mermaid-static',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
      ssr = Boolean(config.build.ssr);
    },
    resolveId(id) {
      return id === 'mermaid' ? STAND_IN : undefined;
    },
    load(id) {
      return id === STAND_IN ? standIn(`${base}${ASSET_DIR}/${ENTRY}`) : undefined;
    },
    generateBundle() {
      if (ssr) return;
      const dist = mermaidDist();
      const files = [ENTRY, ...readdirSync(join(dist, CHUNKS)).filter((f) => f.endsWith('.mjs')).map((f) => `${CHUNKS}/${f}`)];
      for (const f of files) {
        // the source maps are not copied: drop the comments that point at them
        const source = readFileSync(join(dist, f), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
        this.emitFile({ type: 'asset', fileName: `${ASSET_DIR}/${f}`, source });
      }
    },
  };
}
