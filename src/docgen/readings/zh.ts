/** 中文解讀模板：每種效果、運算式節點、運算子與內建函式各一個。 */
import type { Expr } from '../../loader/types.generated.ts';
import { lam, type Arg, type Read, type Templates } from './templates.ts';

const q = (s: string) => `「${s}」`;
const args = (a: Arg[]) => a.map((x) => x.text);
const ofX = (f: string, x: string) => `${x} 的 ${f}`;
const cjkEnd = /[\u3400-\u9fff]$/;
const withArgs = (w: Record<string, Expr> | undefined, r: Read) =>
  w && Object.keys(w).length > 0 ? `（${Object.entries(w).map(([k, v]) => `${k} = ${r.expr(v)}`).join('，')}）` : '';

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
  effects: {
    set: (e, r) => `將 ${r.path(e.set)} 設為 ${r.expr(e.to)}`,
    add: (e, r) => {
      const neg = r.negative(e.value);
      return neg !== undefined ? `${r.path(e.add)} 減 ${neg}` : `${r.path(e.add)} 加 ${r.expr(e.value)}`;
    },
    let: (e, r) => {
      const s = `令 ${e.let} 為 ${r.expr(e.be)}`;
      r.bind(e.let);
      return s;
    },
    if: (e, r) => `若 ${r.expr(e.if)}：`,
    forEach: (e, r) => `對 ${r.expr(e.forEach)} 中的每個 ${e.as}：`,
    repeat: (e, r) => `重複 ${r.expr(e.repeat)} 次${e.as ? `（${e.as} = 1、2、…）` : ''}：`,
    while: (e, r) => `當 ${r.expr(e.while)} 時，重複：`,
    move: (e, r) => {
      let what: string;
      if (e.cards !== undefined) what = `${r.zone(e.move)} 中的 ${r.expr(e.cards)}`;
      else if (e.where !== undefined) {
        const { params, body } = r.lambda(e.where);
        what = `${r.zone(e.move)} 中滿足${q(body)}的牌 ${params.join('、')}`;
      } else what = `${r.zone(e.move)} 的所有牌`;
      if (e.count !== undefined) {
        const n = r.expr(e.count);
        what = e.cards === undefined && e.where === undefined ? `${r.zone(e.move)} 頂部的 ${n} 張牌` : `${what}其中 ${n} 張`;
      }
      return `將 ${what} 移到 ${r.zone(e.to)}${e.at === 'bottom' ? ' 的底部' : ''}`;
    },
    shuffle: (e, r) => `洗勻 ${r.zone(e.shuffle)}`,
    deal: (e, r) =>
      `從 ${r.zone(e.deal)} 依序發牌給${e.seats !== undefined ? ` ${r.expr(e.seats)} 中的` : '仍在遊戲中的'}每個座位各 ${r.expr(e.count)} 張，放入其 ${e.to}`,
    choose: (e, r) => {
      const together = e.simultaneous ?? e.into !== undefined;
      const who = r.expr(e.seats);
      if (e.steps) {
        const steps = e.steps.map((st) => {
          const text = `${q(st.choose)}：從 ${r.expr(st.options)} 選出 ${st.as}`;
          r.bind(st.as);
          return text;
        });
        const where = e.where !== undefined ? `，並須使 ${r.expr(e.where)}` : '';
        return `決策${q(e.choose)}：${who} 分步選擇——${q(e.prompt.zh)}——${steps.join('，接著')}${where}；每一步只提供仍能完成的選項`;
      }
      const options = r.expr(e.options!);
      const labels = Object.entries(e.labels ?? {}).map(([k, t]) => `${q(k)}＝${t.zh}`);
      const answer = e.into !== undefined ? `答案記入各自的 ${e.into}` : e.as !== undefined ? `答案稱為 ${e.as}` : '記錄答案';
      if (e.as !== undefined) r.bind(e.as);
      return (
        `決策${q(e.choose)}：${who} ${together ? '同時秘密選擇（全部回答後才公開）' : '選擇'}` +
        `——${q(e.prompt.zh)}——選項為 ${options}；${answer}` +
        (e.secret ? '；答案保持秘密' : '') +
        (labels.length > 0 ? `（${labels.join('；')}）` : '')
      );
    },
    call: (e, r) => `執行 ${r.ref(e.call)}${withArgs(e.with, r)}`,
    resolve: (e, r) => `執行 ${r.expr(e.resolve)} 在 ${r.ref(e.list)} 下寫明的效果${withArgs(e.with, r)}`,
    emit: (e, r) => {
      const t = r.triggersOn(e.emit);
      return `發出事件${q(e.emit)}${withArgs(e.with, r)}：${t.length > 0 ? `執行觸發規則 ${t.join('、')}` : '沒有觸發規則監聽此事件'}`;
    },
    eliminate: (e, r) => `${r.expr(e.eliminate)} 出局`,
    split: (e, r) => {
      const { params, body } = r.lambda(e.value);
      return `將 ${r.zone(e.split)} 的牌平分給 ${r.expr(e.among)}，每人分到的總值相同（牌 ${params.join('、')} 的價值為 ${body}）；各自放入其 ${e.into}，無法均分的牌留在原處`;
    },
    endGame: (e, r) => `遊戲立即結束，依 ${r.ref(e.endGame)}`,
    log: (e) => `記錄：${q(e.log.zh)}`,
    reveal: (e, r) => `將 ${r.expr(e.reveal)} 翻開給所有人看（在移動之前，其背面為眾人所知）`,
    peek: (e, r) => `${r.expr(e.by)} 查看 ${r.expr(e.peek)} 的正反面，不讓其他人看到（在移動之前）`,
    rule: (e, r) => `套用規則 ${r.ref(e.rule.id)}${e.rule.when !== undefined ? `（僅當 ${r.expr(e.rule.when)}）` : ''}`,
  },
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
    seat: (a) => `${a[0]!.text} 號座位（從 0 起算）`,
    left: (a) => `${a[0]!.text} 左邊的座位`,
    right: (a) => `${a[0]!.text} 右邊的座位`,
    leftOf: (a) => `從 ${a[0]!.text} 順時針遇到的第一個屬於 ${a[1]!.text} 的座位`,
    clockwiseFrom: (a) => `從 ${a[0]!.text} 起依順時針排列的 ${a[1]!.text}`,
    kindOf: (a) => `${a[0]!.text} 的種類`,
    score: (a) => `${a[0]!.text} 的分數`,
  },
  userFunction: (name, a) => `${name}(${args(a).join(', ')})`,
  words: {
    otherwise: '否則：',
    optionName: (id) => `選項 ${id}`,
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
