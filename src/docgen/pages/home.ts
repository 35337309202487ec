/** The home page: the games, the coverage of each source text, and how to edit a rule. */
import { percent } from '../coverage.ts';
import { textIn, ui, type Lang } from '../i18n.ts';
import { esc, frontmatter } from '../escape.ts';
import { heading, pageUrl, relLink } from '../markdown.ts';
import { gamePage, homePage, sourcePage } from '../paths.ts';
import type { SiteModel } from '../site-model.ts';

const hero: Record<Lang, { text: string; tagline: string; more: string }> = {
  en: {
    text: 'Every rule, linked to its line in the rulebook',
    tagline: 'The engine plays the same YAML data these pages are generated from. What the texts do not say is marked as an assumption, with its reason.',
    more: 'Read the rules',
  },
  zh: {
    text: '每條規則都連到規則書原文',
    tagline: '引擎執行的 YAML 資料，正是本網站每一頁的來源。原文沒有交代之處標示為假設，並說明理由。',
    more: '閱讀規則',
  },
};

const editSteps: Record<Lang, string[]> = {
  en: [
    'Open the game\'s folder `rules/<game>/` in VS Code with the YAML extension: the first line of every file names the schema, so keys autocomplete and mistakes are underlined.',
    'Find the rule by its id: every rule on this site shows its id and the file and line where it is written.',
    'Change its `text` (`en` and `zh`), its effects (`do`), its `source` (the seed line and the exact quoted words) or its `assumption` (`why`).',
    'Run `npx rules validate rules/`: every problem is printed as `file:line:col` with a hint; quotes are checked against the source texts.',
    'Run `npx rules docs` to regenerate this site (`npm run docs:build` builds it): texts, readings, diagrams, source links and coverage follow the data.',
  ],
  zh: [
    // product names stay as they are (translate="no"): not English words of the page
    '用安裝了 <span translate="no">YAML</span> 擴充套件的 <span translate="no">VS Code</span> 開啟遊戲資料夾 `rules/<遊戲>/`：每個檔案的第一行指向結構描述（`schema`），輸入時會自動完成鍵名並標出錯誤。',
    '依 `id` 找到規則：本網站每條規則都標示其 `id` 以及定義所在的檔案與行號。',
    '修改它的 `text`（`en` 與 `zh`）、效果（`do`）、`source`（原文行號與逐字引文）或 `assumption`（`why`）。',
    '執行 `npx rules validate rules/`：每個問題都以 `檔案:行:列` 列出並附提示；引文會逐字比對原文。',
    '執行 `npx rules docs` 重新產生本網站（`npm run docs:build` 會建置網站）：說明、解讀、流程圖、原文連結與涵蓋率都會隨資料更新。',
  ],
};

const howToPlay: Record<Lang, string> = {
  en: 'Every game can be played here, in the browser: open its Play page, choose the players, the options and who sits in each seat (you, or one of the engine\'s agents), and start. Decisions are buttons in the rules\' words, and every change links to the rule that made it and the rulebook line behind it. In a terminal: npx rules play <game> --players 3.',
  zh: '每個遊戲都可以在瀏覽器中遊玩：打開它的「遊玩」頁，選擇玩家人數、選項以及每個座位由誰來坐（你，或引擎的代理），然後開始。每個決定都是以規則用語寫成的按鈕，每個變化都連到造成它的規則及其依據的規則書原文。在終端機中：npx rules play <遊戲> --players 3。',
};

const example = `# rules/<game>/flow.yaml
flow:
  - id: draw-cards                 # stable id: /games/<game>/flow#draw-cards
    text:
      en: Each player draws two cards.
      zh: 每位玩家抽兩張牌。
    source:
      - ref: "001:42"              # <seed>:<line>; the quote is checked word for word
        quote: 每位玩家抽兩張牌
    assumption:                    # what the text leaves open, and why
      why: The text does not say from which pile.
    when: options.variant == "x"   # optional guard
    do:
      - deal: deck
        to: hand
        count: 2`;

export function homePageMd(lang: Lang, site: SiteModel): string {
  const here = homePage(lang);
  const h = hero[lang];
  const fm = frontmatter({
    layout: 'home',
    title: ui('siteTitle', lang),
    hero: {
      name: ui('siteTitle', lang),
      text: h.text,
      tagline: h.tagline,
      actions: site.games.map((g, i) => ({ theme: i === 0 ? 'brand' : 'alt', text: g.name[lang], link: pageUrl(gamePage(lang, g.id, 'index')) })),
    },
    features: site.games.map((g) => ({
      title: g.name[lang],
      details: g.spec.game?.summary?.[lang] ?? g.spec.game?.text?.[lang] ?? '',
      link: pageUrl(gamePage(lang, g.id, 'index')),
      linkText: h.more,
    })),
  });
  const gameRows = site.games.map((g) => {
    const p = g.spec.game!.players;
    const rules = g.nodes.filter((n) => n.kind === 'rule').length;
    const assumptions = g.nodes.filter((n) => n.node.assumption).length;
    const seeds = site.seeds
      .filter((s) => s.games.includes(g))
      .map((s) => `<a href="${esc(relLink(here, sourcePage(lang, s.info.id)))}">${esc(s.info.id)}</a>`)
      .join(' ');
    // "held / run", linked to the examples page (— when the game has no scenarios)
    const ex = g.examples ?? [];
    const examples = ex.length
      ? `<a href="${esc(relLink(here, gamePage(lang, g.id, 'examples')))}">${ex.filter((e) => e.passed).length} / ${ex.length}</a>`
      : '—';
    return `<tr><td><a href="${esc(relLink(here, gamePage(lang, g.id, 'index')))}">${esc(g.name[lang])}</a></td><td>${p.min}–${p.max}</td><td>${rules}</td><td><a href="${esc(
      relLink(here, gamePage(lang, g.id, 'assumptions')),
    )}">${assumptions}</a></td><td>${examples}</td><td>${seeds}</td></tr>`;
  });
  const seedRows = site.seeds.map(
    (s) =>
      `<tr><td><a href="${esc(relLink(here, sourcePage(lang, s.info.id)))}">${esc(s.info.id)}</a></td><td>${esc(textIn(lang, s.info.title).text)}</td><td>${s.games
        .map((g) => esc(g.name[lang]))
        .join(', ')}</td><td class="coverage"><strong>${esc(percent(s))}</strong> (${s.cited} / ${s.ruleBearing})</td></tr>`,
  );
  const th = (ks: string[]) => `<thead><tr>${ks.map((k) => `<th>${esc(k)}</th>`).join('')}</tr></thead>`;
  const formula =
    lang === 'en'
      ? 'Coverage = cited rule-bearing lines ÷ (all lines − non-rule lines − blank lines); non-rule lines (flavour, credits, headings, captions) are listed with a reason in each game\'s nonRules.'
      : '涵蓋率＝被引用的含規則行數 ÷（總行數 − 非規則行數 − 空行數）；非規則行（背景故事、版權、標題、圖說）在各遊戲的 nonRules 中列出並說明理由。';
  return [
    fm,
    heading(2, ui('games', lang), 'Games'),
    `<table class="home-games" v-pre>${th([ui('games', lang), ui('players', lang), ui('rulesLink', lang), ui('assumptions', lang), ui('examplesHeld', lang), ui('sources', lang)])}<tbody>${gameRows.join('')}</tbody></table>`,
    heading(2, ui('play', lang), 'Play'),
    `<p v-pre>${esc(howToPlay[lang])}</p>`,
    `<ul class="home-play" v-pre>${site.games.map((g) => `<li><a href="${esc(relLink(here, gamePage(lang, g.id, 'play')))}">${esc(g.name[lang])}</a></li>`).join('')}</ul>`,
    heading(2, `${ui('sources', lang)} · ${ui('coverage', lang)}`, 'Coverage'),
    `<table class="home-coverage" v-pre>${th([ui('source', lang), ui('text', lang), ui('games', lang), ui('coverage', lang)])}<tbody>${seedRows.join('')}</tbody></table>`,
    `<p v-pre>${esc(formula)}</p>`,
    heading(2, ui('editLink', lang), 'Edit'),
    editSteps[lang].map((s, i) => `${i + 1}. ${s}`).join('\n'),
    '```yaml\n' + example + '\n```',
  ].join('\n\n') + '\n';
}
