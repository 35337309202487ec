/** 中文解讀模板：每種效果、運算式節點、運算子與內建函式各一個。 */
import { lam, type Arg, type Templates } from './templates.ts';
import { zh as phrases } from './phrases.ts';

const { q } = phrases;
const args = (a: Arg[]) => a.map((x) => x.text);
const ofX = (f: string, x: string) => `${x} 的 ${f}`;
const cjkEnd = /[\u3400-\u9fff]$/;

/** min/max：列表的、依 lambda 的，或多個數字的 */
const extreme = (word: '最小值' | '最大值') => (a: Arg[]) => {
  if (a.length === 1) return `${a[0]!.text} 的${word}`;
  if (a.length === 2 && a[1]!.lambda) {
    const { x, body } = lam(a[1], ofX);
    return `${a[0]!.text} 中各 ${x} 的 ${body} 的${word}`;
  }
  return `${args(a).map((x) => (/[、，]/.test(x) ? `（${x}）` : x)).join('、')} 中的${word}`;
};

export const zh: Templates = {
  lang: 'zh',
  expr: {
    Number: (n) => String(n),
    String: (s, card) => q(card ?? s),
    Bool: (b) => (b ? '「是」' : '「否」'),
    None: () => '無',
    Name: (name, kind) =>
      ({ alive: '存活座位', seats: '所有座位', players: '玩家人數', me: '選擇者', local: name, global: name })[kind],
    Member: (obj, name) => `${obj} 的 ${name}`,
    Lambda: (params, body) => `（${params.join('、')} ↦ ${body}）`,
    If: (c, a, b) => `若 ${c} 則 ${a}，否則 ${b}`,
    List: (items) => (items.length === 0 ? '空列表' : `[${items.join('、')}]`),
    Index: (obj, i) => `${obj}[${i}]`,
  },
  unary: {
    not: (x) => `並非 ${x}`,
    '-': (x) => `−${x}`,
  },
  binary: {
    or: (a, b) => `${a} 或 ${b}`,
    and: (a, b) => `${a} 且 ${b}`,
    '==': (a, b) => `${a} 為 ${b}`,
    '!=': (a, b) => `${a} 不為 ${b}`,
    '<': (a, b) => `${a} < ${b}`,
    '<=': (a, b) => `${a} ≤ ${b}`,
    '>': (a, b) => `${a} > ${b}`,
    '>=': (a, b) => `${a} ≥ ${b}`,
    in: (a, b) => `${a} 屬於 ${b}`,
    '+': (a, b) => `${a} + ${b}`,
    '-': (a, b) => `${a} − ${b}`,
    '*': (a, b) => `${a} × ${b}`,
    '/': (a, b) => `${a} ÷ ${b}`,
    '%': (a, b) => `${a} 除以 ${b} 的餘數`,
  },
  functions: {
    count: (a) => {
      if (a.length === 1) return cjkEnd.test(a[0]!.text) ? `${a[0]!.text}數` : `${a[0]!.text} 的數量`;
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中滿足${q(body)}的 ${x} 的數量`;
    },
    sum: (a) => {
      if (a.length === 1) return `${a[0]!.text} 的總和`;
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中每個 ${x} 的 ${body} 之和`;
    },
    min: extreme('最小值'),
    max: extreme('最大值'),
    minBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中 ${body} 最小的 ${x}（同值取第一個）`;
    },
    maxBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中 ${body} 最大的 ${x}（同值取第一個）`;
    },
    allMinBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中 ${body} 並列最小的所有 ${x}`;
    },
    allMaxBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中 ${body} 並列最大的所有 ${x}`;
    },
    filter: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中滿足${q(body)}的 ${x}`;
    },
    map: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中每個 ${x} 的 ${body}`;
    },
    any: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中有某個 ${x} 滿足${q(body)}`;
    },
    all: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 中每個 ${x} 都滿足${q(body)}`;
    },
    sortBy: (a) => {
      const { x, body } = lam(a[1], ofX);
      return `${a[0]!.text} 依各 ${x} 的 ${body} 由小到大排序`;
    },
    reverse: (a) => `倒序的 ${a[0]!.text}`,
    first: (a) => `${a[0]!.text} 的第一個`,
    last: (a) => `${a[0]!.text} 的最後一個`,
    take: (a) => `${a[0]!.text} 的前 ${a[1]!.text} 個`,
    drop: (a) => `${a[0]!.text} 去掉前 ${a[1]!.text} 個`,
    concat: (a) => args(a).join(' 接上 '),
    indexOf: (a) => `${a[1]!.text} 在 ${a[0]!.text} 中的位置`,
    contains: (a) => `${a[0]!.text} 包含 ${a[1]!.text}`,
    floor: (a) => `${a[0]!.text} 無條件捨去`,
    ceil: (a) => `${a[0]!.text} 無條件進位`,
    abs: (a) => `${a[0]!.text} 的絕對值`,
    round: (a) => `${a[0]!.text} 四捨五入`,
    range: (a) => `${a[0]!.text} 到 ${a[1]!.text} − 1 的整數`,
    seat: (a) => (a[0]!.node.kind === 'Number' ? `座位 ${a[0]!.node.value + 1}` : `${a[0]!.text} 號座位（從 0 起算）`),
    left: (a) => `${a[0]!.text} 左邊的座位`,
    right: (a) => `${a[0]!.text} 右邊的座位`,
    leftOf: (a) => `從 ${a[0]!.text} 順時針遇到的第一個屬於 ${a[1]!.text} 的座位`,
    clockwiseFrom: (a) => `從 ${a[0]!.text} 起依順時針排列的 ${a[1]!.text}`,
    neighbours: (a) => `${a[0]!.text} 的相鄰地點`,
    adjacent: (a) => `${a[0]!.text} 與 ${a[1]!.text} 相鄰`,
    distance: (a) => `從 ${a[0]!.text} 到 ${a[1]!.text} 的步數`,
    nextOf: (a) => `依序繞行時 ${a[0]!.text} 之後的下一個 ${a[1]!.text}`,
    kindOf: (a) => `${a[0]!.text} 的種類`,
    score: (a) => `${a[0]!.text} 的分數`,
  },
  userFunction: (name, a) => `${name}(${args(a).join(', ')})`,
  words: {
    otherwise: '否則：',
    optionName: (label) => `選項「${label}」`,
    option: (label, isBool) => (isBool ? `${label}${cjkEnd.test(label) ? '' : ' '}開啟` : label),
    out: (s) => `${s} 已出局`,
    kind: (c) => `${c} 的種類`,
    paren: (s) => `（${s}）`,
    number: (n) => String(n),
    formula: (name, params, body) => `${name}(${params.join('、')}) 為 ${body}`,
    score: (params, body) => `座位 ${params.join('、')} 的分數為 ${body}`,
    winners: (list) => `贏家為 ${list}`,
    ranking: (among, keys) =>
      `贏家為 ${among} 中排名第一者：依 ${keys.map((k) => `${k.key}（${k.desc ? '大者優先' : '小者優先'}）`).join('，再依 ')} 排名；並列第一者皆獲勝`,
  },
};
