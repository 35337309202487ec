/**
 * A game's play page (/games/<game>/play, /zh-hans/… and /zh-hant/games/<game>/play): a short text on how to play and
 * the table itself (site/.vitepress/theme/PlayTable.vue), which loads the engine and this game's
 * play data — the checked spec and the page each rule is on, for the "why" links.
 */
import type { PageCtx } from '../context.ts';
import type { Lang } from '../i18n.ts';
import { esc } from '../escape.ts';
import type { GameDoc } from '../model.ts';
import { readerNames, withNamesInText } from '../reader-names.ts';
import { page, pageTitle, para, ui } from './frame.ts';

const intro: Record<Lang, string> = {
  en: 'Choose the players, the options and who sits in each seat — you, or one of the engine\'s agents — and start. Decisions are buttons in the rules\' words; every change names the rule that made it, and "why" shows that rule with the rulebook lines it stands on. With several people at one device, each seat is handed the device before it decides, so no one sees another\'s secrets. Undo goes back one decision, never across a shuffle, a draw or a card turned face up. Save keeps the game as a replay log that {replay} checks; Load plays it on.',
  zh: '選擇玩家人數、選項以及每個座位由誰來坐——你，或引擎的代理——然後開始。每個決定都是以規則原文用語寫成的按鈕；每個變化都標出造成它的規則，「為什麼」會顯示該規則及其依據的規則書原文行。多人共用一台裝置時，每個座位在做決定前都會先交接裝置，誰都看不到別人的秘密。「悔棋」退回一個決定，但不會越過洗牌、抽牌或翻開的牌。「儲存」把遊戲存成 {replay} 可檢查的重播紀錄；「載入」可接著玩下去。',
};

const noScript: Record<Lang, string> = {
  en: 'The table needs JavaScript. The rules themselves are on the other pages of this game.',
  zh: '遊戲桌需要瀏覽器執行腳本。規則本身在本遊戲的其他頁面上。',
};

export function playPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  return page(
    lang,
    pageTitle(game.name[lang], ui('play', lang), lang),
    [`<p v-pre>${esc(intro[lang]).replace('{replay}', '<code>rules replay</code>')}</p>`, `<noscript><p v-pre>${esc(noScript[lang])}</p></noscript>`, playTable(game.id, lang)],
    { aside: false, outline: false, pageClass: 'play-page' },
  );
}

/**
 * What the worked examples' table steps through (public/play/<game>.examples.json): each
 * scenario's words, players and options, and its state after the given, after each step and at
 * the end, with the expectations that hold there and the seat whose decision the step was.
 */
export function examplesData(game: GameDoc): string {
  // the examples' words as the pages show them: the ids they mention by their names
  const names = { en: readerNames(game, 'en'), zh: readerNames(game, 'zh') };
  const examples = (game.examples ?? []).map((e) => {
    const steps = e.scenario.do ?? [];
    return {
      id: e.scenario.id,
      text: { en: withNamesInText(e.scenario.text.en, names.en, 'en'), zh: withNamesInText(e.scenario.text.zh, names.zh, 'zh') },
      passed: e.passed,
      // each state's log as the entries added since the frame before (a log only grows)
      frames: e.frames.map((f, i) => {
        const step = f.step >= 0 ? steps[f.step] : undefined;
        const seat = step && 'seat' in step ? step.seat : 0;
        const { log, ...rest } = f.state as { log: unknown[] };
        const before = i > 0 ? ((e.frames[i - 1]!.state as { log: unknown[] }).log ?? []) : [];
        const grows = before.length <= log.length && before.every((x, k) => x === log[k] || JSON.stringify(x) === JSON.stringify(log[k]));
        return { step: f.step, seat, state: rest, ...(grows ? { logFrom: before.length, log: log.slice(before.length) } : { logFrom: 0, log }), expect: f.expect };
      }),
    };
  });
  return JSON.stringify({ id: game.id, examples });
}

/** what the play page loads for a game (public/play/<game>.json) */
export function playData(game: GameDoc): string {
  const rulePages: Record<string, string> = {};
  for (const n of game.nodes) if (n.kind === 'rule') rulePages[n.anchor] = n.page;
  return JSON.stringify({ id: game.id, name: game.name, spec: game.spec, rulePages });
}

/** the play page's table (site/.vitepress/theme/PlayTable.vue) */
function playTable(game: string, lang: Lang): string {
  return `<ClientOnly><PlayTable game="${esc(game)}" lang="${lang}" /></ClientOnly>`;
}

const stepThrough: Record<Lang, string> = {
  en: 'Step through on the table',
  zh: '在遊戲桌上逐步檢視',
};

const stepIntro: Record<Lang, string> = {
  en: 'Each example below can be stepped through on the same table as the Play page: its given state, each step\'s decision, the state after it with what changed highlighted (each change with its rule), and its expectations, checked here by the engine as you step.',
  zh: '下列每個例子都可以在與「遊玩」頁相同的遊戲桌上逐步檢視：它的初始狀態、每一步的決定、之後的狀態（變化處標出，並附造成它的規則），以及它的預期結果——由引擎在此逐步檢查。',
};

/** the end of a worked examples page: the examples on the table (site/.vitepress/theme/PlayExamples.vue) */
export function examplesTable(game: string, lang: Lang): string[] {
  return [`<h2 id="Table" tabindex="-1">${esc(stepThrough[lang])}</h2>`, para(stepIntro[lang]), `<ClientOnly><PlayExamples game="${esc(game)}" lang="${lang}" /></ClientOnly>`];
}
