/**
 * The terminal's own words (`rules play`): handing the keyboard over, the prompt's extra entries,
 * saving, Ctrl-C and inquirer's key hints, in English and Chinese — on top of the table's words
 * (src/present/words.ts), which the page shares.
 */
import { seatNumber, tableWords, type Lang } from '../present/words.ts';

export type { Lang } from '../present/words.ts';

const TERMINAL = {
  en: {
    pass: (s: number) => `Pass the keyboard to seat ${seatNumber(s)}, then press Enter`,
    onlyOption: 'the only option',
    showTable: '… Show the whole table',
    showWhy: '… Why? The rules behind what changed',
    saved: 'Replay saved to',
    seedAfter: (seed: number) => `seed ${seed} (replay it with --seed ${seed})`,
    interruptedSaved: (n: number, file: string) => `Interrupted: the game so far (${n} actions) is saved to ${file}`,
    interruptedNotSaved: 'Interrupted: nothing was saved (use --save FILE to keep a game)',
    keys: { navigate: 'move', select: 'choose', confirm: 'confirm' } as Record<string, string>,
  },
  zh: {
    pass: (s: number) => `請把鍵盤交給座位 ${seatNumber(s)},然後按 Enter`,
    onlyOption: '唯一的選項',
    showTable: '… 顯示整個桌面',
    showWhy: '… 為什麼?變化背後的規則',
    saved: '重播紀錄已存到',
    seedAfter: (seed: number) => `種子 ${seed}(以 --seed ${seed} 可重玩)`,
    interruptedSaved: (n: number, file: string) => `已中斷:目前為止的遊戲(${n} 個動作)已存到 ${file}`,
    interruptedNotSaved: '已中斷:沒有儲存任何紀錄(用 --save 檔名 可保存遊戲)',
    keys: { navigate: '移動', select: '選擇', confirm: '確認' } as Record<string, string>,
  },
} as const;

export type TerminalText = ReturnType<typeof tableWords> & (typeof TERMINAL)[Lang];

export function terminalText(lang: Lang): TerminalText {
  return { ...tableWords(lang), ...TERMINAL[lang] };
}
