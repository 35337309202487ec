/**
 * The play page's own words (buttons, headings, hand-over), in English and Chinese. The table's
 * words come with each seat's screen (src/present), the game's from its spec.
 *
 * A page is in a locale (its `lang`): English, or Chinese in Simplified (zh-Hans) or Traditional
 * (zh-Hant). The words here, the screens' and the spec's texts are written in one language (en,
 * zh: either script), and a Chinese page puts every text it shows into its script a character at
 * a time (`inScript`, with the table public/play/script/<locale>.json: src/chinese-script.ts),
 * since the table joins its texts as it plays. Quotes from the rulebooks (`quote`) stay as printed.
 */
import { withBase } from 'vitepress';

export type Lang = 'en' | 'zh';
export type Locale = 'en' | 'zh-Hans' | 'zh-Hant';

/** the language a locale's texts are written in */
export function langOf(locale: Locale): Lang {
  return locale === 'en' ? 'en' : 'zh';
}

/** the folder of a locale's pages ('' for English) */
export function localeDir(locale: Locale): string {
  return locale === 'en' ? '' : `${locale.toLowerCase()}/`;
}

export type Chars = Readonly<Record<string, string>>;

/** the locale's table of characters (none for English) */
export async function loadChars(locale: Locale): Promise<Chars> {
  if (locale === 'en') return {};
  const r = await fetch(withBase(`/play/script/${locale.toLowerCase()}.json`));
  if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
  return (await r.json()) as Chars;
}

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;

/**
 * `value` with every string in it in the page's script: strings, arrays and objects through, a
 * function's result too (a word that takes a number); a `quote` (a rulebook's line) as it is.
 */
export function inScript<T>(value: T, chars: Chars): T {
  if (Object.keys(chars).length === 0) return value;
  const conv = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(HAN, (c) => chars[c] ?? c);
    if (typeof v === 'function') return (...a: unknown[]) => conv((v as (...x: unknown[]) => unknown)(...a));
    if (Array.isArray(v)) return v.map(conv);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'quote' ? x : conv(x)]));
    return v;
  };
  return conv(value) as T;
}

/** a seat as people count it, from 1, as the screens' words do (seatNumber, src/present/words.ts);
 *  the page's test ids and data attributes keep the engine's 0-based index */
const shown = (s: number): number => s + 1;

const WORDS = {
  en: {
    loading: 'Loading the table…',
    failed: 'The table could not be loaded',
    setup: 'New game',
    players: 'Players',
    options: 'Options',
    seats: 'Seats',
    seat: (s: number) => `Seat ${shown(s)}`,
    kinds: { human: 'You (a person at this device)', random: 'Random agent', greedy: 'Greedy agent', search: 'Search agent' } as Record<string, string>,
    start: 'Start',
    load: 'Load a saved game',
    loadFailed: 'This file is not a saved game of this table',
    handOver: (s: number) => `Pass the device to Seat ${shown(s)}`,
    handOverNote: 'Only that seat should look: its screen shows its own secrets.',
    iAm: (s: number) => `I am Seat ${shown(s)}: show my screen`,
    decide: 'Your decision',
    waitingFor: 'Waiting for',
    since: 'Since your last decision',
    nothing: 'Nothing yet.',
    table: 'The table',
    places: 'On the board',
    you: 'You',
    others: 'Other seats',
    out: 'out',
    faceDown: (n: number) => `${n} face down`,
    log: 'Log',
    earlier: (n: number) => `${n} earlier entries are not shown`,
    why: 'why',
    rule: 'Rule',
    source: (seed: string, from: number, to: number) => (from === to ? `Source ${seed}, line ${from}` : `Source ${seed}, lines ${from}–${to}`),
    assumption: 'Assumed (the rulebook does not say)',
    undo: 'Undo',
    save: 'Save',
    newGame: 'New game',
    over: 'Game over',
    winners: 'Winners',
    scores: 'Scores',
    engineCode: { generated: 'engine: generated code', closures: 'engine: closures (this page does not allow generated code)' } as Record<string, string>,
    yes: 'yes',
    no: 'no',
    answered: 'Your secret answers so far',
    agentsPlaying: 'The agents are playing…',
  },
  zh: {
    loading: '正在載入遊戲桌…',
    failed: '無法載入遊戲桌',
    setup: '新遊戲',
    players: '玩家人數',
    options: '選項',
    seats: '座位',
    seat: (s: number) => `座位 ${shown(s)}`,
    kinds: { human: '你(使用這台裝置的人)', random: '隨機代理', greedy: '貪婪代理', search: '搜尋代理' } as Record<string, string>,
    start: '開始',
    load: '載入已儲存的遊戲',
    loadFailed: '這個檔案不是本遊戲桌儲存的遊戲',
    handOver: (s: number) => `請把裝置交給座位 ${shown(s)}`,
    handOverNote: '只有該座位可以看：畫面會顯示它自己的秘密。',
    iAm: (s: number) => `我是座位 ${shown(s)}:顯示我的畫面`,
    decide: '你的決定',
    waitingFor: '等待',
    since: '自你上次決定以來',
    nothing: '尚無。',
    table: '桌面',
    places: '版圖上',
    you: '你',
    others: '其他座位',
    out: '出局',
    faceDown: (n: number) => `${n} 張正面朝下`,
    log: '紀錄',
    earlier: (n: number) => `較早的 ${n} 筆紀錄未顯示`,
    why: '為什麼',
    rule: '規則',
    source: (seed: string, from: number, to: number) => (from === to ? `原文 ${seed} 第 ${from} 行` : `原文 ${seed} 第 ${from}–${to} 行`),
    assumption: '假設(規則書沒有說明)',
    undo: '悔棋',
    save: '儲存',
    newGame: '新遊戲',
    over: '遊戲結束',
    winners: '贏家',
    scores: '分數',
    engineCode: { generated: '引擎：產生的程式碼', closures: '引擎：閉包(本頁不允許產生程式碼)' } as Record<string, string>,
    yes: '是',
    no: '否',
    answered: '你目前的秘密選擇',
    agentsPlaying: '代理正在遊玩…',
  },
};

export type PlayWords = (typeof WORDS)['en'];

export function playWords(locale: Locale, chars: Chars = {}): PlayWords {
  return inScript(WORDS[langOf(locale)], chars);
}
