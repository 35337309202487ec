/**
 * A small built site for the play-page tests: the generated pages of every game's play and worked
 * examples pages (en, zh-Hans and zh-Hant), all pages of one game (the first) and its source texts — for the "why" links — and the
 * engine; built by VitePress into `dist`. Smaller than the whole site, so the tests that need a
 * browser start sooner.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateSite } from '../../src/docgen/index.ts';
import { buildPlayEngine } from '../../src/web/bundle.ts';
import { RULES_DIR, runTs, tempSite } from './helpers.ts';

export interface PlaySite {
  site: ReturnType<typeof tempSite>;
  dist: string;
  games: string[];
  /** the game whose rule and source pages are kept */
  full: string;
}

/** `before`: adds files to the site folder before the build (a test page) */
export async function buildPlaySite(tag: string, before?: (siteDir: string) => void): Promise<PlaySite> {
  const site = tempSite(tag);
  const r = generateSite({ rulesDir: RULES_DIR, outDir: site.siteDir, playEngine: buildPlayEngine() });
  if (!r.ok) throw new Error(`the site was not generated:\n${r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('\n')}`);
  const games = readdirSync(join(site.siteDir, 'games')).sort();
  const full = games[0]!;
  const cited = new Set<string>();
  for (const lang of ['', 'zh-hans/', 'zh-hant/']) {
    for (const g of games) {
      if (g === full) continue;
      const dir = join(site.siteDir, `${lang}games`, g);
      for (const f of readdirSync(dir)) if (f !== 'play.md' && f !== 'examples.md') rmSync(join(dir, f), { recursive: true, force: true });
    }
    // the full game's pages link to its sources; the others' sources go
    const pages = readdirSync(join(site.siteDir, `${lang}games`, full)).map((f) => join(site.siteDir, `${lang}games`, full, f));
    for (const p of pages) for (const m of readFileSync(p, 'utf8').matchAll(/sources\/(\w+)/g)) cited.add(m[1]!);
    const sources = join(site.siteDir, `${lang}sources`);
    for (const f of readdirSync(sources)) if (!cited.has(f.replace(/\.md$/, ''))) rmSync(join(sources, f));
  }
  before?.(site.siteDir);
  const dist = join(site.dir, 'dist');
  // built as docs:build builds (src/site/build.ts): the search index apart, so the page's site data
  // holds no functions (site/.vitepress/config.mts) and the page loads under a CSP without 'unsafe-eval'
  const searchDir = join(site.dir, 'search-index');
  const indexed = runTs('src/site/search-index.mjs', [site.siteDir, searchDir]);
  if ((await indexed.exited) !== 0) throw new Error(`search-index.mjs failed:\n${indexed.output()}`);
  const build = runTs('src/site/vitepress-build.mjs', [site.siteDir, '--out-dir', dist], { RULES_SITE_SEARCH_INDEX: searchDir });
  const code = await build.exited;
  if (code !== 0) throw new Error(`vitepress build failed (${code}):\n${build.stdout()}\n${build.stderr()}`);
  return { site, dist, games, full };
}
