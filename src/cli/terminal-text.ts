/**
 * The words of the terminal player's screen (`rules play`) that are not the game's: headings,
 * prompts, the result, Ctrl-C and inquirer's key hints, in English and Chinese. What a game says
 * (names, prompts, labels, rule texts) comes from its spec; sentences about rules and events come
 * from the docgen readings.
 */
export type Lang = 'en' | 'zh';

const list = (items: string[], and: string, sep: string): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(sep)}${and}${items[items.length - 1]}`;

const TEXT = {
  en: {
    seat: 'Seat',
    seatName: (s: number) => `Seat ${s}`,
    you: 'you',
    youAre: (s: number) => `Seat ${s} (you)`,
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
    pass: (s: number) => `Pass the keyboard to seat ${s}, then press Enter`,
    onlyOption: 'the only option',
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
    saved: 'Replay saved to',
    seedAfter: (seed: number) => `seed ${seed} (replay it with --seed ${seed})`,
    interruptedSaved: (n: number, file: string) => `Interrupted: the game so far (${n} actions) is saved to ${file}`,
    interruptedNotSaved: 'Interrupted: nothing was saved (use --save FILE to keep a game)',
    keys: { navigate: 'move', select: 'choose', confirm: 'confirm' } as Record<string, string>,
    and: (items: string[]) => list(items, ' and ', ', '),
    secretAnswers: (who: string) => `${who} answered in secret`,
  },
  zh: {
    seat: '座位',
    seatName: (s: number) => `座位 ${s}`,
    you: '你',
    youAre: (s: number) => `座位 ${s}(你)`,
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
    pass: (s: number) => `請把鍵盤交給座位 ${s},然後按 Enter`,
    onlyOption: '唯一的選項',
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
    saved: '重播紀錄已存到',
    seedAfter: (seed: number) => `種子 ${seed}(以 --seed ${seed} 可重玩)`,
    interruptedSaved: (n: number, file: string) => `已中斷:目前為止的遊戲(${n} 個動作)已存到 ${file}`,
    interruptedNotSaved: '已中斷:沒有儲存任何紀錄(用 --save 檔名 可保存遊戲)',
    keys: { navigate: '移動', select: '選擇', confirm: '確認' } as Record<string, string>,
    and: (items: string[]) => list(items, '和', '、'),
    secretAnswers: (who: string) => `${who} 已秘密作答`,
  },
} as const;

export type TerminalText = (typeof TEXT)[Lang];

export function terminalText(lang: Lang): TerminalText {
  return TEXT[lang];
}
