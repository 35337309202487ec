/**
 * docs:build's search index step (src/site/search-index.mjs) indexes a site as VitePress's own
 * local search plugin does: on a small bilingual site with the real config (our tokenizer, the
 * Chinese locale, a page left out of search), the index it writes holds the same documents, the
 * same terms with the same postings and the same stored fields as the one `vitepress build`
 * builds by itself. (The order of documents may differ: VitePress indexes pages concurrently.)
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTs, tempSite } from './helpers.ts';
import { limit } from '../limits.ts';

interface Serialised {
  documentCount: number;
  documentIds: Record<string, string>;
  index: [string, Record<string, Record<string, number>>][];
  storedFields: Record<string, unknown>;
  fieldLength: Record<string, number[]>;
}

/** the index as facts about document ids (not MiniSearch's internal numbers) */
function facts(x: Serialised): { docs: string[]; postings: Record<string, Record<string, [string, number][]>>; stored: string; lengths: string } {
  const id = (n: string): string => x.documentIds[n]!;
  const postings: Record<string, Record<string, [string, number][]>> = {};
  for (const [term, fields] of x.index) {
    postings[term] = Object.fromEntries(Object.entries(fields).map(([f, docs]) => [f, Object.entries(docs).map(([d, k]): [string, number] => [id(d), k]).sort()]));
  }
  const byId = (o: Record<string, unknown>): string => JSON.stringify(Object.entries(o).map(([k, v]) => [id(k), v]).sort());
  return { docs: Object.values(x.documentIds).sort(), postings, stored: byId(x.storedFields), lengths: byId(x.fieldLength) };
}

const site = tempSite('search-index');
const dist = join(site.dir, 'dist');
const ours = join(site.dir, 'index');

beforeAll(async () => {
  const generated = join(site.siteDir, '.vitepress/generated');
  mkdirSync(generated, { recursive: true });
  // two locales, as src/docgen/sidebar.ts writes them (a Chinese one under zh/)
  const locale = (lang: string, link: string) => ({ lang, label: lang, link, title: 't', description: 'd', sidebar: {}, nav: [] });
  writeFileSync(join(generated, 'sidebar.json'), JSON.stringify({ locales: { root: locale('en', '/'), zh: locale('zh-Hant', '/zh/') }, games: [] }));
  const pages: Record<string, string> = {
    'index.md': '# Rules as data\n\nBoard games, rule by rule.\n',
    'guns.md': '# Guns {#Top}\n\nEach player points a gun.\n\n## Shooting {#shooting}\n\nA BANG! card wounds the target; the loot is shared.\n\n### Ducking {#ducking}\n\nA ducking player keeps out of the loot.\n',
    'hidden.md': '---\nsearch: false\n---\n\n# Not searched\n\nsecret words\n',
    'zh/index.md': '# 規則即資料\n\n每條規則都連到原文。\n',
    'zh/guns.md': '# 槍 {#Top}\n\n每位玩家舉槍。\n\n## 開槍 {#shooting}\n\n<div class="src-lines" v-pre><span class="src-line">鈔票與搶匪：搶劫後平分戰利品。</span></div>\n',
  };
  for (const [name, text] of Object.entries(pages)) {
    mkdirSync(join(site.siteDir, name, '..'), { recursive: true });
    writeFileSync(join(site.siteDir, name), text);
  }
  // VitePress indexing by itself (no RULES_SITE_SEARCH_INDEX), and the step of docs:build
  const built = runTs('src/site/vitepress-build.mjs', [site.siteDir, '--out-dir', dist], { RULES_SITE_SEARCH_INDEX: '' });
  const indexed = runTs('src/site/search-index.mjs', [site.siteDir, ours]);
  for (const [what, p] of [['vitepress build', built], ['search-index.mjs', indexed]] as const) {
    if ((await p.exited) !== 0) throw new Error(`${what} failed:\n${p.output()}`);
  }
}, limit(180_000));

afterAll(() => site.cleanup());

describe('the search index built apart from vitepress build', () => {
  it('is the index VitePress builds, in both locales', async () => {
    const chunks = join(dist, 'assets/chunks');
    for (const locale of ['root', 'zh']) {
      const chunk = readdirSync(chunks).find((f) => f.startsWith(`@localSearchIndex${locale}.`));
      expect(chunk, `VitePress's index chunk for ${locale}`).toBeDefined();
      const theirs = JSON.parse(((await import(pathToFileURL(join(chunks, chunk!)).href)) as { default: string }).default) as Serialised;
      const mine = JSON.parse(readFileSync(join(ours, `${locale}.json`), 'utf8')) as Serialised;
      expect(mine.documentCount, locale).toBe(theirs.documentCount);
      expect(facts(mine), locale).toEqual(facts(theirs));
      expect(mine.documentCount, locale).toBeGreaterThan(1);
    }
    // what the pages say is in it; the page with `search: false` is not
    const en = facts(JSON.parse(readFileSync(join(ours, 'root.json'), 'utf8')) as Serialised);
    expect(en.docs).toContain('/guns#ducking');
    expect(Object.keys(en.postings)).toContain('loot');
    expect(Object.keys(en.postings)).not.toContain('secret');
    const zh = facts(JSON.parse(readFileSync(join(ours, 'zh.json'), 'utf8')) as Serialised);
    // the tokenizer's Traditional → Simplified folding and CJK pairs: 搶劫 → 抢劫
    expect(Object.keys(zh.postings)).toContain('抢劫');
  });
});
