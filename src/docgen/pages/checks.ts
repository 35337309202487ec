/**
 * How the assumed numbers were checked: the data a spec assumes (the numbers the texts leave
 * unprinted, chosen so that the worked examples hold), and what happens when every seat is played
 * by the search agent — how the games end, the score scale, where the final scores come from and
 * which rules ever take effect (src/docgen/checks/prepare.ts plays and measures the games).
 */
import { nodeHref, ruleLink, type PageCtx } from '../context.ts';
import { codeBlock, esc, shellWord } from '../escape.ts';
import { textIn, ui, type Lang } from '../i18n.ts';
import type { GameChecks } from '../checks/prepare.ts';
import type { Frequency, MeasureSummary } from '../../simulate/measure.ts';
import type { Spread } from '../../stats/describe.ts';
import type { SeatVar, Var } from '../../loader/types.generated.ts';
import { page, pageTitle, para, section } from './frame.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const num = (x: number): string => (Math.round(x * 10) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });
const points = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;

const T = {
  en: {
    title: 'How the assumed numbers were checked',
    intro:
      'The source texts leave many printed numbers out (prices, tables, rewards); the spec fills them in as assumptions, chosen so that the worked examples hold (see the Assumptions page). Examples are not enough: the numbers must also make a game that plays like the one the text describes. So they are checked by play, with seats that try to win.',
    played: (agent: string, n: number, p: number, seed: number) =>
      `Every seat below is the search agent ${agent}: it decides from what its own seat may see, plays each decision's options on in many sampled worlds and keeps the one that did best. ${n} seeded games (base seed ${seed}) at ${p} players with the default options were played when this site was generated — few games, so the intervals are wide; the command below plays more. The games are those of the Simulations page's study in which every seat searches.`,
    reproduce: 'The same games, measured, on the command line:',
    none: 'These games could not be played:',
    assumed: 'The assumed numbers',
    assumedIntro: 'The values of this game that rest on an assumption, with the reason and, where they were changed after play, the figure measured. The Assumptions page lists every assumption, these included.',
    value: 'Value', why: 'Why',
    noAssumed: 'No value of this game rests on an assumption.',
    ends: 'How the games ended',
    endRule: 'End rule', games: 'Games', share: 'Share', interval: '95 % interval',
    rounds: (s: Spread) => `Rounds per game: median ${num(s.median)}, from ${num(s.min)} to ${num(s.max)}.`,
    scores: 'The scores',
    scoreRows: {
      winning: 'Winning score (the best score of each game)',
      final: 'Every seat’s final score',
      below: 'Seats that end below their score at the start',
      edge: 'The first seat’s edge over an even share',
    },
    median: 'Median', quartiles: 'Quartiles', range: 'Lowest – highest',
    edgeText: (share: string, x: string, lo: string, hi: string) => `${x} points over ${share} (95 % interval ${lo} to ${hi})`,
    terms: 'Where the final scores come from',
    termsIntro: 'The score of a seat is a sum in the spec; each of its terms, as a share of all final scores of these games, and its median per seat.',
    term: 'Term', ofScores: 'Share of the scores', perSeat: 'Median per seat',
    rules: 'How often each rule took effect',
    rulesIntro: (n: number) => `A rule took effect in a game when it changed something (each value it set, each move of cards is one effect). Of the rules the flow of play can reach, those below took effect in at least one of the ${n} games.`,
    rule: 'Rule', perGame: 'Effects per game (mean)',
    unused: (n: number) => `Rules that took no effect in any of the ${n} games:`,
    allUsed: 'Every rule the flow of play can reach took effect in at least one game.',
  },
  zh: {
    title: '假定數字如何以對局檢驗',
    intro: '原文略去了許多印刷在配件上的數字（價格、表格、獎勵）；規格以假設補上，選擇時讓書中的範例都成立（見「假設」頁）。光有範例還不夠：這些數字還必須讓遊戲玩起來像原文描述的那樣。因此以力求獲勝的座位實際對局來檢驗。',
    played: (agent: string, n: number, p: number, seed: number) =>
      `下列對局中每個座位都是搜尋式代理 ${agent}：它只根據自己座位看得到的資訊做決定，在許多取樣出的世界中把每個選項玩下去，再選出表現最好的選項。本站產生時以預設選項、${p} 位玩家進行了 ${n} 局固定種子的遊戲（基礎種子 ${seed}）——局數很少，所以信賴區間很寬；下方的命令可以進行更多局。這些對局就是「模擬」頁中每個座位都使用搜尋的那組對局。`,
    reproduce: '在命令列重現並量測這些遊戲：',
    none: '這些遊戲無法進行：',
    assumed: '假定的數字',
    assumedIntro: '本遊戲中建立在假設上的數值，附上理由；若在對局檢驗後修改過，也附上量測到的數字。「假設」頁列出所有假設，包括這些。',
    value: '數值', why: '理由',
    noAssumed: '本遊戲沒有建立在假設上的數值。',
    ends: '遊戲如何結束',
    endRule: '結束規則', games: '局數', share: '比例', interval: '95% 信賴區間',
    rounds: (s: Spread) => `每局回合數：中位數 ${num(s.median)}，最少 ${num(s.min)}、最多 ${num(s.max)}。`,
    scores: '得分',
    scoreRows: {
      winning: '獲勝得分（每局的最高分）',
      final: '每個座位的最終得分',
      below: '結束時得分低於開始時的座位',
      edge: '第一個座位相對平均份額的優勢',
    },
    median: '中位數', quartiles: '四分位數', range: '最低 – 最高',
    edgeText: (share: string, x: string, lo: string, hi: string) => `比 ${share} 多 ${x} 個百分點（95% 信賴區間 ${lo} 至 ${hi}）`,
    terms: '最終得分從何而來',
    termsIntro: '規格中座位的得分是一個總和；以下是每一項占這些對局全部最終得分的比例，以及每個座位的中位數。',
    term: '項', ofScores: '占得分的比例', perSeat: '每座位中位數',
    rules: '每條規則生效的頻率',
    rulesIntro: (n: number) => `一條規則在某局中「生效」，是指它改變了某些東西（每設定一個數值、每移動一次卡牌就是一個效果）。在遊戲流程可以到達的規則中，下列規則在 ${n} 局中至少一局生效。`,
    rule: '規則', perGame: '每局效果數（平均）',
    unused: (n: number) => `在 ${n} 局中都沒有生效的規則：`,
    allUsed: '遊戲流程可以到達的每條規則，都至少在一局中生效。',
  },
} as const;

const table = (head: string[], rows: string[]): string =>
  `<table class="sim-table"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;

/** the command that plays and measures the same games, each word quoted as the shell needs */
function command(c: GameChecks): string {
  return `npx tsx bench/economy.ts ${shellWord(c.game)} --players ${c.players} --games ${c.games} --seed ${c.seed} --agents ${shellWord(c.agent)}`;
}

/** a var's starting value as written in the spec */
function valueOf(v: Var | SeatVar): string {
  const x = (v as { initial?: unknown }).initial;
  return x === undefined ? '—' : typeof x === 'string' ? x : JSON.stringify(x);
}

function assumedBlock(ctx: PageCtx): string[] {
  const { game, lang } = ctx;
  const t = T[lang];
  const vars = [...(game.spec.vars ?? []), ...(game.spec.seatVars ?? [])].filter((v) => v.assumption);
  const out = [section(t.assumed, 'Assumed'), para(t.assumedIntro)];
  if (vars.length === 0) return [...out, para(t.noAssumed)];
  const rows = vars.map((v) => {
    const w = textIn(lang, v.assumption!.why);
    const note = w.translated ? '' : ` <small>${esc(ui('englishOnly', lang))}</small>`;
    return `<tr><td>${ruleLink(ctx, v.id)}</td><td><code>${esc(valueOf(v))}</code></td><td lang="${w.lang}">${esc(w.text)}${note}</td></tr>`;
  });
  return [...out, `<div class="check-assumed" v-pre>${table([t.rule, t.value, t.why], rows)}</div>`];
}

function endsBlock(ctx: PageCtx, s: MeasureSummary): string[] {
  const t = T[ctx.lang];
  const ends = ctx.game.spec.ends ?? [];
  const rows = Object.entries(s.ends).map(([id, n]) => {
    const text = ends.find((e) => e.id === id)?.text?.[ctx.lang] ?? id;
    const href = nodeHref(ctx, id);
    const label = href ? `<a href="${esc(href)}">${esc(text)}</a>` : esc(text);
    return `<tr><td>${label}</td><td>${n}</td><td>${pct(n / Math.max(s.games, 1))}</td></tr>`;
  });
  return [section(t.ends, 'Ends'), `<div class="check-ends" v-pre>${table([t.endRule, t.games, t.share], rows)}<p>${esc(t.rounds(s.rounds))}</p></div>`];
}

function scoresBlock(ctx: PageCtx, s: MeasureSummary): string[] {
  const t = T[ctx.lang];
  const spread = (label: string, d: Spread): string => `<tr><td>${esc(label)}</td><td>${num(d.median)}</td><td>${num(d.q1)} / ${num(d.q3)}</td><td>${num(d.min)} – ${num(d.max)}</td></tr>`;
  const rows = [spread(t.scoreRows.winning, s.winningScore), spread(t.scoreRows.final, s.finalScore)];
  const share = 1 / s.players;
  const edge = t.edgeText(pct(share), points(s.firstSeatEdge.x), points(s.firstSeatEdge.lo), points(s.firstSeatEdge.hi));
  return [
    section(t.scores, 'Scores'),
    `<div class="check-scores" v-pre>${table(['', t.median, t.quartiles, t.range], rows)}<ul><li>${esc(t.scoreRows.below)}: ${pct(s.belowStart)}</li><li>${esc(t.scoreRows.edge)}: ${esc(edge)}</li></ul></div>`,
  ];
}

function termsBlock(ctx: PageCtx, s: MeasureSummary): string[] {
  const t = T[ctx.lang];
  if (s.terms.length === 0) return [];
  const rows = s.terms.map((x) => `<tr><td><code>${esc(x.text)}</code></td><td>${pct(x.share)}</td><td>${num(x.perSeat.median)}</td></tr>`);
  return [section(t.terms, 'Terms'), para(t.termsIntro), `<div class="check-terms" v-pre>${table([t.term, t.ofScores, t.perSeat], rows)}</div>`];
}

function rulesBlock(ctx: PageCtx, c: GameChecks, s: MeasureSummary): string[] {
  const t = T[ctx.lang];
  const entries = Object.entries(s.rules).sort(([a, x], [b, y]) => y.share - x.share || (a < b ? -1 : 1));
  const row = ([id, f]: [string, Frequency]): string =>
    `<tr><td>${ruleLink(ctx, id)}</td><td>${f.games}</td><td>${pct(f.share)}</td><td>${pct(f.interval.lo)} – ${pct(f.interval.hi)}</td><td>${num(f.perGame.mean)}</td></tr>`;
  const unused = c.unused ?? [];
  const tail = unused.length === 0 ? `<p>${esc(t.allUsed)}</p>` : `<p>${esc(t.unused(s.games))}</p><p class="check-unused">${unused.map((id) => ruleLink(ctx, id)).join(', ')}</p>`;
  return [
    section(t.rules, 'Rules'),
    para(t.rulesIntro(s.games)),
    `<div class="check-rules" v-pre>${table([t.rule, t.games, t.share, t.interval, t.perGame], entries.map(row))}${tail}</div>`,
  ];
}

export function checksPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const t = T[lang];
  const c = game.checks!;
  const body: string[] = [para(t.intro), para(t.played(c.agent, c.games, c.players, c.seed)), `${esc(t.reproduce)}\n\n${codeBlock('sh', command(c))}`];
  body.push(...assumedBlock(ctx));
  if (c.error !== undefined || c.summary === undefined) {
    body.push(para(`${t.none} ${c.error ?? ''}`, 'check-error'));
  } else {
    body.push(...endsBlock(ctx, c.summary), ...scoresBlock(ctx, c.summary), ...termsBlock(ctx, c.summary), ...rulesBlock(ctx, c, c.summary));
  }
  return page(lang, pageTitle(game.name[lang], t.title, lang), body);
}
