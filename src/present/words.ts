/**
 * The table's own words, in English and Chinese: headings, seats, the result, the "why" of a
 * change — what a seat's screen says that is not the game's, in the terminal and on the page
 * alike. What a game says (names, prompts, labels, rule texts) comes from its spec; sentences
 * about rules and events come from the docgen readings. The terminal's own words (keys, Ctrl-C,
 * saving) are in src/cli/terminal-text.ts.
 */
import { seatNumber } from '../seat-number.ts';

export type Lang = 'en' | 'zh';

export { seatNumber };

const list = (items: string[], and: string, sep: string): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(sep)}${and}${items[items.length - 1]}`;

const TEXT = {
  en: {
    seat: 'Seat',
    seatName: (s: number) => `Seat ${seatNumber(s)}`,
    you: 'you',
    youAre: (s: number) => `Seat ${seatNumber(s)} (you)`,
    players: 'players',
    kinds: { human: 'human', random: 'random' } as Record<string, string>,
    zones: 'Table',
    vars: 'Game',
    yourVars: 'You',
    others: 'Other seats',
    out: 'out',
    since: 'Since your last decision',
    earlier: 'earlier lines',
    nothing: '(nothing)',
    waiting: 'Waiting for',
    answered: 'Your secret answers so far',
    hidden: 'hidden',
    faceDown: (n: number) => `${n} face down`,
    cards: (n: number) => (n === 1 ? '1 card' : `${n} cards`),
    total: 'total',
    round: (n: number) => `Round ${n}`,
    over: 'Game over',
    lastRound: 'The last round',
    winners: 'Winners',
    none: 'none',
    scores: 'Scores',
    end: 'End rule',
    rounds: 'Rounds',
    why: 'Why',
    tie: (seats: string, score: string) => `${seats} tied on ${score}; the tie-break decided`,
    eliminated: (who: string, round: number | undefined) => (round === undefined ? `${who} was eliminated` : `${who} was eliminated in round ${round}`),
    and: (items: string[]) => list(items, ' and ', ', '),
    secretAnswers: (who: string) => `${who} answered in secret`,
    changed: 'Changed on the table',
    unchanged: (n: number) => (n === 1 ? '(1 more thing on the table is as it was)' : `(${n} more things on the table are as they were)`),
    whyTitle: 'Why: the rules behind what changed',
    made: 'It made',
    sourceLine: (seed: string, from: number, to: number) => (from === to ? `Source ${seed}, line ${from}` : `Source ${seed}, lines ${from}–${to}`),
    assumption: 'Assumed (the rulebook does not say)',
    ruleId: 'Rule',
  },
  zh: {
    seat: '座位',
    seatName: (s: number) => `座位 ${seatNumber(s)}`,
    you: '你',
    youAre: (s: number) => `座位 ${seatNumber(s)}(你)`,
    players: '名玩家',
    kinds: { human: '真人', random: '隨機' } as Record<string, string>,
    zones: '桌面',
    vars: '遊戲',
    yourVars: '你',
    others: '其他座位',
    out: '出局',
    since: '自你上次決定以來',
    earlier: '行較早紀錄',
    nothing: '(無)',
    waiting: '等待',
    answered: '你目前的秘密選擇',
    hidden: '張暗牌',
    faceDown: (n: number) => `${n} 張正面朝下`,
    cards: (n: number) => `${n} 張`,
    total: '合計',
    round: (n: number) => `第 ${n} 回合`,
    over: '遊戲結束',
    lastRound: '最後一回合',
    winners: '贏家',
    none: '無',
    scores: '分數',
    end: '結束規則',
    rounds: '回合數',
    why: '原因',
    tie: (seats: string, score: string) => `${seats} 同為 ${score};依平手規則決定`,
    eliminated: (who: string, round: number | undefined) => (round === undefined ? `${who} 出局` : `${who} 在第 ${round} 回合出局`),
    and: (items: string[]) => list(items, '和', '、'),
    secretAnswers: (who: string) => `${who} 已秘密作答`,
    changed: '桌面上的變化',
    unchanged: (n: number) => `(桌面上另有 ${n} 項沒有變化)`,
    whyTitle: '為什麼:變化背後的規則',
    made: '它造成',
    sourceLine: (seed: string, from: number, to: number) => (from === to ? `原文 ${seed} 第 ${from} 行` : `原文 ${seed} 第 ${from}–${to} 行`),
    assumption: '假設(規則書沒有說明)',
    ruleId: '規則',
  },
} as const;

export type TableWords = (typeof TEXT)[Lang];

export function tableWords(lang: Lang): TableWords {
  return TEXT[lang];
}
