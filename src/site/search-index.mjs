/**
 * The site's local search index, built in a process of its own before `vitepress build`
 * (a step of `npm run docs:build`, build.ts), so that VitePress's process does not hold it:
 * VitePress builds it inside the client bundle and keeps every locale's MiniSearch index for the
 * whole build, ≈ 280 MB of its live heap (see docs/architecture.md, "The site build's memory").
 *
 *   node src/site/search-index.mjs <siteDir> <outDir>
 *
 * Writes <outDir>/<locale>.json, each locale's MiniSearch index as VitePress serialises it;
 * site/.vitepress/search-index-files.ts gives those to the build in place of VitePress's own.
 * It indexes as VitePress 1.6's local search plugin does (localSearchPlugin in its node
 * build): the site's config (its MiniSearch options: our tokenizer), the pages VitePress
 * builds, each rendered by VitePress's Markdown renderer, split into sections at headings with
 * an anchor, the text without tags; pages with `search: false` left out. What that plugin does
 * and this does not (includes, a custom `_render` or `_splitIntoSections`, rewrites) is refused
 * with a message, not silently done differently. Plain JavaScript for plain `node`, like
 * vitepress-build.mjs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { createMarkdownRenderer, resolveConfig } from 'vitepress';

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes) => `${Math.round(bytes / 1048576)} MB`;

const [siteArg, outArg] = process.argv.slice(2);
if (siteArg === undefined || outArg === undefined) {
  process.stderr.write('usage: src/site/search-index.mjs <siteDir> <outDir>\n');
  process.exit(2);
}

// the MiniSearch that VitePress itself uses (its dependency), so the index is in the format its search box reads
const MiniSearch = createRequire(createRequire(import.meta.url).resolve('vitepress'))('minisearch');

/** as VitePress's splitPageIntoSections: sections at headings that carry an anchor link */
const headingRegex = /<h(\d*).*?>(.*?<a.*? href="#.*?".*?>.*?<\/a>)<\/h\1>/gi;
const headingContentRegex = /(.*?)<a.*? href="#(.*?)".*?>.*?<\/a>/i;
const clearHtmlTags = (s) => s.replace(/<[^>]*>/g, '');
function* splitPageIntoSections(html) {
  const result = html.split(headingRegex);
  result.shift();
  let parentTitles = [];
  for (let i = 0; i < result.length; i += 3) {
    const level = parseInt(result[i]) - 1;
    const heading = result[i + 1];
    const headingResult = headingContentRegex.exec(heading);
    const title = clearHtmlTags(headingResult?.[1] ?? '').trim();
    const anchor = headingResult?.[2] ?? '';
    const content = result[i + 2];
    if (!title || !content) continue;
    let titles = parentTitles.slice(0, level);
    titles[level] = title;
    titles = titles.filter(Boolean);
    yield { anchor, titles, text: clearHtmlTags(content) };
    if (level === 0) parentTitles = [title];
    else parentTitles[level] = title;
  }
}

async function main() {
  const t0 = performance.now();
  const config = await resolveConfig(resolve(siteArg), 'build', 'production');
  const search = config.site.themeConfig?.search;
  if (search?.provider !== 'local') throw new Error(`the site's search provider is ${JSON.stringify(search?.provider)}, not 'local': nothing to index`);
  const options = search.options ?? {};
  if (options._render || options.miniSearch?._splitIntoSections) throw new Error('the search options have _render or _splitIntoSections, which this indexer does not do: let VitePress index (unset RULES_SITE_SEARCH_INDEX)');
  if (Object.keys(config.rewrites.map).length > 0) throw new Error('the site has rewrites, which this indexer does not map: let VitePress index');
  const md = await createMarkdownRenderer(config.srcDir, config.markdown, config.site.base, config.logger);
  const locales = Object.keys(config.site.locales ?? {}).filter((k) => k !== 'root' && !/^(?:[a-z]+:|\/\/)/i.test(k));
  const indexes = new Map();
  for (const page of config.pages) {
    const file = join(config.srcDir, page);
    const src = readFileSync(file, 'utf8');
    if (src.includes('<!--@include:')) throw new Error(`${file}: includes (<!--@include:…-->) are not indexed here: let VitePress index`);
    const locale = locales.find((k) => new RegExp(`/${k}/`).test(`/${page}`)) ?? 'root';
    let index = indexes.get(locale);
    if (index === undefined) {
      // the tokenizer is not enumerable (kept from the page's site data: site/.vitepress/config.mts), so read by name
      index = new MiniSearch({ fields: ['title', 'titles', 'text'], storeFields: ['title', 'titles'], ...options.miniSearch?.options, tokenize: options.miniSearch?.options?.tokenize });
      indexes.set(locale, index);
    }
    const env = { path: file, relativePath: relative(config.srcDir, file).replace(/\\/g, '/'), cleanUrls: config.cleanUrls };
    const rendered = md.render(src, env);
    const html = env.frontmatter?.search === false ? '' : rendered;
    let id = join(config.site.base, page).replace(/\\/g, '/');
    id = id.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, config.cleanUrls ? '' : '.html');
    for (const section of splitPageIntoSections(html)) {
      if (!section || !(section.text || section.titles)) break;
      const { anchor, text, titles } = section;
      index.add({ id: anchor ? [id, anchor].join('#') : id, text, title: titles.at(-1), titles: titles.slice(0, -1) });
    }
  }
  mkdirSync(outArg, { recursive: true });
  for (const [locale, index] of indexes) writeFileSync(join(outArg, `${locale}.json`), JSON.stringify(index));
  process.stdout.write(`search index: ${config.pages.length} pages, ${indexes.size} locale(s) in ${secs(performance.now() - t0)}, peak memory ${mb(process.resourceUsage().maxRSS * 1024)}\n`);
}

try {
  await main();
} catch (e) {
  process.stderr.write(`error: the search index was not built: ${e.message}\n`);
  process.exit(1);
}
process.exit(0);
