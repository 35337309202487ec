/**
 * `npm run docs:build` builds the local search index in a process of its own
 * (src/site/search-index.mjs) and names its folder in RULES_SITE_SEARCH_INDEX: then the build
 * takes each locale's index from there, in place of VitePress's local search plugin building it
 * (and holding it for the whole build: ≈ 280 MB of `vitepress build`'s heap). Without the
 * variable (`vitepress build` run by hand, `vitepress dev`), VitePress indexes as usual.
 * The modules are those VitePress's plugin would give: `@localSearchIndex` (a loader per
 * locale) and `@localSearchIndex<locale>` (the serialised MiniSearch index as a string).
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** VitePress resolves `@localSearchIndex…` imports to these ids */
const INDEX_ID = '/@localSearchIndex';

export function searchIndexFiles(dir = process.env.RULES_SITE_SEARCH_INDEX): Plugin {
  return {
    name: 'rules-site:search-index-files',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      if (dir !== undefined && dir !== '' && !existsSync(dir)) this.error(`RULES_SITE_SEARCH_INDEX names ${dir}, which does not exist: build the index first (src/site/search-index.mjs) or unset the variable`);
    },
    async load(id) {
      if (dir === undefined || dir === '' || !id.startsWith(INDEX_ID)) return undefined;
      if (id === INDEX_ID) {
        const locales = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)).sort();
        return `export default {${locales.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`@localSearchIndex${l}`)})`).join(',')}}`;
      }
      const file = join(dir, `${id.slice(INDEX_ID.length)}.json`);
      const text = existsSync(file) ? await readFile(file, 'utf8') : '{}'; // as VitePress: a locale without pages has an empty index
      return `export default ${JSON.stringify(text)}`;
    },
  };
}
