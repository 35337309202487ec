/**
 * The fixed words of the site (page names, labels), in English and Chinese. Rule texts and
 * readings come from the specs and the reading templates, never from here.
 */
export type Lang = 'en' | 'zh';
export const LANGS: readonly Lang[] = ['en', 'zh'];

/**
 * Words of the data (an assumption's or non-rule line's reason, a seed's title) in a language:
 * given as {en, zh}, or as English text only (then `translated` is false on a Chinese page).
 */
export function textIn(lang: Lang, t: string | { en: string; zh: string }): { text: string; lang: Lang; translated: boolean } {
  if (typeof t === 'string') return { text: t, lang: 'en', translated: lang === 'en' };
  return { text: t[lang], lang, translated: true };
}

const words = {
  siteTitle: { en: 'Rules as data', zh: '規則即資料' },
  overview: { en: 'Overview', zh: '概覽' },
  components: { en: 'Components', zh: '配件' },
  setup: { en: 'Setup', zh: '遊戲準備' },
  flow: { en: 'Flow of play', zh: '遊戲流程' },
  scoring: { en: 'End and scoring', zh: '結束與計分' },
  assumptions: { en: 'Assumptions', zh: '假設' },
  simulations: { en: 'Simulations', zh: '模擬' },
  checks: { en: 'Assumed numbers checked by play', zh: '以對局檢驗假定數字' },
  play: { en: 'Play', zh: '遊玩' },
  glossary: { en: 'Glossary', zh: '詞彙表' },
  editions: { en: 'Editions', zh: '版本比較' },
  rules: { en: 'All rules', zh: '所有規則' },
  sources: { en: 'Sources', zh: '原文' },
  games: { en: 'Games', zh: '遊戲' },
  source: { en: 'Source', zh: '原文' },
  assumption: { en: 'Assumption', zh: '假設' },
  reading: { en: 'Generated reading', zh: '自動解讀' },
  readingNote: {
    en: 'produced from the effects and expressions of the spec',
    zh: '由規格中的效果與運算式自動產生',
  },
  onlyWhen: { en: 'Only when', zh: '僅當' },
  endsWhen: { en: 'Ends the game when', zh: '結束條件' },
  endsAtFlowEnd: { en: 'Ends the game when the flow of play finishes', zh: '遊戲流程全部完成時結束' },
  appliesWhen: { en: 'Decides when', zh: '適用條件' },
  appliesOtherwise: { en: 'Decides when no result rule before it applies', zh: '前面的結果規則都不適用時適用' },
  winners: { en: 'Winners', zh: '贏家' },
  score: { en: 'Score of a seat', zh: '座位得分' },
  definedIn: { en: 'Defined in', zh: '定義於' },
  files: { en: 'Files', zh: '檔案' },
  zoomChart: { en: 'Enlarge chart', zh: '放大圖表' },
  englishOnly: { en: '', zh: '（此說明僅有英文）' },
  option: { en: 'option', zh: '選項' },
  edition: { en: 'edition', zh: '版本' },
  playerCount: { en: 'player count', zh: '玩家人數' },
  players: { en: 'Players', zh: '玩家人數' },
  length: { en: 'Length', zh: '遊戲長度' },
  rounds: { en: 'rounds', zh: '回合' },
  untilEnd: { en: 'until an end condition holds', zh: '直到符合結束條件' },
  whatYouDo: { en: 'What you do', zh: '怎麼玩' },
  howTheGameEnds: { en: 'How the game ends', zh: '遊戲如何結束' },
  howYouWin: { en: 'How you win', zh: '如何獲勝' },
  theGame: { en: 'The game', zh: '遊戲' },
  options: { en: 'Options and variants', zh: '選項與變體' },
  cards: { en: 'Cards', zh: '卡牌' },
  spaces: { en: 'Places', zh: '地點' },
  zones: { en: 'Zones (where cards lie)', zh: '區域（卡牌放置處）' },
  vars: { en: 'Tracked values', zh: '記錄的數值' },
  seatVars: { en: 'Tracked per player', zh: '每位玩家記錄的數值' },
  functions: { en: 'Formulas', zh: '公式' },
  effectLists: { en: 'Printed effects', zh: '印刷的效果' },
  carriedBy: { en: 'carried by', zh: '載於' },
  calledAs: { en: 'the card or place is called', zh: '卡片或地點稱為' },
  flowRules: { en: 'The turn and round structure', zh: '回合結構' },
  procedures: { en: 'Procedures', zh: '程序' },
  triggers: { en: 'Triggers', zh: '觸發規則' },
  diagram: { en: 'Diagram', zh: '流程圖' },
  ends: { en: 'How the game ends', zh: '遊戲結束' },
  outcome: { en: 'Money, score and winners', zh: '計分與贏家' },
  results: { en: 'Who wins', zh: '誰獲勝' },
  count: { en: 'count', zh: '數量' },
  in: { en: 'in', zh: '於' },
  type: { en: 'type', zh: '型別' },
  initial: { en: 'starts at', zh: '初始值' },
  visibility: { en: 'seen by', zh: '可見' },
  per: { en: 'one', zh: '數量' },
  params: { en: 'parameters', zh: '參數' },
  returns: { en: 'gives', zh: '結果型別' },
  on: { en: 'runs on the event', zh: '監聽事件' },
  props: { en: 'properties', zh: '屬性' },
  front: { en: 'front (cards that look alike)', zh: '正面（外觀相同的牌）' },
  backs: { en: 'backs seen by', zh: '背面可見' },
  default: { en: 'default', zh: '預設' },
  values: { en: 'values', zh: '可選值' },
  by: { en: 'one for each item of', zh: '每個項目各一' },
  items: { en: 'items', zh: '項目' },
  contents: { en: 'starts with', zh: '初始內容' },
  empty: { en: 'empty', zh: '空' },
  seeds: { en: 'Source texts', zh: '原文' },
  rule: { en: 'Rule', zh: '規則' },
  section: { en: 'Section', zh: '區段' },
  page: { en: 'Page', zh: '頁面' },
  text: { en: 'Text', zh: '內容' },
  why: { en: 'Why', zh: '理由' },
  coverage: { en: 'Coverage', zh: '涵蓋率' },
  cited: { en: 'cited', zh: '已引用' },
  uncited: { en: 'not cited by any rule', zh: '尚無規則引用' },
  nonRule: { en: 'carries no rule', zh: '非規則內容' },
  blank: { en: 'blank', zh: '空行' },
  citedBy: { en: 'cited by', zh: '引用者' },
  lines: { en: 'lines', zh: '行' },
  file: { en: 'file', zh: '檔案' },
  language: { en: 'language', zh: '語言' },
  usedBy: { en: 'used by', zh: '使用於' },
  notInEdition: { en: 'not in this edition', zh: '此版本沒有' },
  allEditions: { en: 'all editions', zh: '所有版本' },
  editLink: { en: 'How to edit a rule', zh: '如何修改規則' },
  chinese: { en: 'Chinese', zh: '中文' },
  english: { en: 'English', zh: '英文' },
  inTheText: { en: 'In the text', zh: '原文出處' },
  variants: { en: 'spelled in the text', zh: '原文寫法' },
  rulesLink: { en: 'Rules', zh: '規則' },
  kind: { en: 'Kind', zh: '類別' },
  nameInRules: { en: 'Name in the rules', zh: '規則中的名稱' },
  namesInRules: { en: 'Names used in the readings', zh: '解讀中使用的名稱' },
  meaning: { en: 'Meaning', zh: '意義' },
  start: { en: 'Start', zh: '開始' },
  end: { en: 'End', zh: '結束' },
  yes: { en: 'yes', zh: '是' },
  no: { en: 'no', zh: '否' },
  next: { en: 'next', zh: '下一次' },
  done: { en: 'done', zh: '完成' },
  anyTime: { en: 'checked before every decision', zh: '每次決策前檢查' },
  choice: { en: 'choice', zh: '選擇' },
  event: { en: 'event', zh: '事件' },
  examples: { en: 'Worked examples', zh: '規則範例' },
  examplesHeld: { en: 'Examples that hold', zh: '成立的範例' },
  checkedByExample: { en: 'checked by example', zh: '範例檢驗' },
  exampleHolds: { en: 'holds', zh: '成立' },
  exampleFails: { en: 'does not hold', zh: '不成立' },
  examplePlayers: { en: 'players', zh: '位玩家' },
  exampleOptions: { en: 'options', zh: '選項' },
  exampleSeed: { en: 'seed', zh: '隨機種子' },
  exampleMoves: { en: 'Moves', zh: '動作' },
  exampleThen: { en: 'Then', zh: '之後必須成立' },
  exampleArrange: { en: 'arrange:', zh: '安排：' },
  exampleCheck: { en: 'check:', zh: '檢查：' },
  examplePlayRandom: { en: 'random play', zh: '隨機進行' },
  exampleUntil: { en: 'until', zh: '直到' },
  exampleUntilEnter: { en: 'until the flow reaches the rule', zh: '直到流程進入規則' },
  exampleEverySeat: { en: 'every seat', zh: '每個座位' },
  exampleEveryOtherSeat: { en: 'every other seat', zh: '其他每個座位' },
  exampleRefused: { en: 'must be refused', zh: '必須被拒絕' },
  exampleEndRule: { en: 'the game ends by', zh: '遊戲結束規則' },
  exampleResultRule: { en: 'the winners are decided by', zh: '決定贏家的規則' },
  exampleScores: { en: 'Scores', zh: '分數' },
  seat: { en: 'seat', zh: '座位' },
} as const;

export type WordKey = keyof typeof words;

export function ui(key: WordKey, lang: Lang): string {
  return words[key][lang];
}

/** the page of a path in the other locale: English at the root, Chinese under zh/ */
export function localePrefix(lang: Lang): string {
  return lang === 'en' ? '' : 'zh/';
}

/**
 * The site's own words around the pages (VitePress's theme and search box), in Chinese; English
 * takes VitePress's. They go into the generated navigation, each Chinese locale's in its script,
 * and the VitePress config reads them from there.
 */
export const CHROME_ZH = {
  title: '規則即資料',
  description: '把桌遊規則寫成 YAML 資料，每條規則都連到它所依據的規則書原文。',
  theme: {
    outline: { level: [2, 3], label: '本頁目錄' },
    docFooter: { prev: '上一頁', next: '下一頁' },
    langMenuLabel: '切換語言',
    returnToTopLabel: '回到頂端',
    sidebarMenuLabel: '目錄',
    darkModeSwitchLabel: '外觀',
    lightModeSwitchTitle: '切換到淺色模式',
    darkModeSwitchTitle: '切換到深色模式',
    skipToContentLabel: '跳到內容',
    lastUpdatedText: '最後更新',
    notFound: { title: '找不到頁面', quote: '這個網址沒有頁面。', linkLabel: '回到首頁', linkText: '回到首頁' },
  },
  search: {
    button: { buttonText: '搜尋', buttonAriaLabel: '搜尋' },
    modal: {
      displayDetails: '顯示詳細清單',
      resetButtonTitle: '清除查詢',
      backButtonTitle: '關閉搜尋',
      noResultsText: '沒有相關結果',
      footer: {
        selectText: '選擇',
        selectKeyAriaLabel: 'Enter',
        navigateText: '切換',
        navigateUpKeyAriaLabel: '上箭頭',
        navigateDownKeyAriaLabel: '下箭頭',
        closeText: '關閉',
        closeKeyAriaLabel: 'Esc',
      },
    },
  },
} as const;

export const CHROME_EN = {
  title: 'Rules as data',
  description: 'Board game rules as YAML data, each rule linked to the rulebook line it comes from.',
} as const;
