/**
 * Simulations: how the game plays out between random seats, for each player count and each
 * option changed on its own, and when seats try to win (the search agent against random seats,
 * and in every seat), as charts (SVG drawn when the site was generated; see
 * src/docgen/simulations/) and small tables.
 */
import { nodeHref, type PageCtx } from '../context.ts';
import { codeBlock, esc, shellWord } from '../escape.ts';
import type { Lang } from '../i18n.ts';
import type { GameSimulations, SearchStudies, SettingResult } from '../simulations/prepare.ts';
import type { Record95 } from '../../simulate/study.ts';
import type { Spread } from '../../stats/describe.ts';
import { page, pageTitle, para, section, ui } from './frame.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const num = (x: number): string => (Math.round(x * 10) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });

const T = {
  en: {
    intro: (n: number, seed: number) =>
      `Random seats — each decision picked at random among the legal ones — played ${n} seeded games (base seed ${seed}) for each setting below when this site was generated. They show what the rules allow, not how people play: a seat that wins more often here has an edge under random play, which a rule change can shift. Win rates come with 95 % Wilson intervals; a shared win counts as a win for every seat that shares it, so the rates can add up to more than 100 %.`,
    reproduce: 'The same games on the command line:',
    players: (p: number) => `${p} players`,
    withOption: (p: number, id: string, v: string) => `${p} players, ${id} = ${v}`,
    optionNote: 'One option differs from its default:',
    same: (key: string) => `These games are exactly the games of the ${key} setting: under the other defaults this option changes nothing.`,
    failed: 'These games could not be played:',
    seat: 'Seat', winRate: 'Win rate', interval: '95 % interval', meanScore: 'Mean score', sd: 'sd', median: 'Median',
    // people count seats from 1 (the JSON and CSV of `rules simulate` keep 0-based indices)
    seatN: (n: number) => `Seat ${n + 1}`,
    lengths: (s: Spread) => `Rounds per game: mean ${num(s.mean)}, sd ${num(s.sd)}, from ${num(s.min)} to ${num(s.max)} (quartiles ${num(s.q1)} / ${num(s.median)} / ${num(s.q3)}).`,
    shared: (k: number, n: number) => (k === 0 ? 'No game had a shared win.' : `${k} of ${n} games had more than one winner.`),
    noWinner: (k: number) => `${k} games ended without a winner.`,
    captions: {
      winRate: 'Win rate per seat, with its 95 % interval (dashed line: an even share)',
      length: 'Game length: games by the number of rounds played',
      ends: 'How the games ended: games by end rule',
      scores: 'Final scores per seat (box: quartiles and median; whiskers: up to 1.5 box lengths; dots beyond)',
    },
    endRule: 'End rule', games: 'Games', share: 'Share',
    search: {
      heading: (agent: string, p: number) => `Seats that try to win (${agent}, ${p} players)`,
      intro: (agent: string, n: number, p: number) =>
        `A search seat (${agent}) decides from what its own seat may see: at each decision it deals the cards it cannot see anew, guesses the other seats' secrets, plays each such world on at random and keeps the answer that did best; it never looks at the real hidden cards. Each table below rests on ${n} seeded games at ${p} players with the default options, played when this site was generated — few games, so the intervals are wide; run the command for more.`,
      matrix: 'One seat against the others',
      lone: 'In one seat', others: 'In the other seats', ofShare: 'Share multiple',
      matrixNote: (share: string) => `The lone seat moves round the table from game to game. An even share is ${share}; a multiple of 2 means twice as many wins as an even share.`,
      seats: (agent: string) => `Every seat ${agent}`,
      edge: (share: string, x: string, lo: string, hi: string) => `The first seat's edge over an even share (${share}): ${x} percentage points (95 % interval ${lo} to ${hi}). Seat 1 moves first unless the rules pick a start player.`,
      caption: 'Win rate per seat when every seat tries to win, with its 95 % interval (dashed line: an even share)',
      failed: 'These games could not be played:',
    },
  },
  zh: {
    intro: (n: number, seed: number) =>
      `本站產生時，由隨機座位（每個決定都在合法選項中隨機挑選）為下列每種設定各進行 ${n} 局固定種子的遊戲（基礎種子 ${seed}）。結果呈現的是規則允許的情況，而不是真人的玩法：在這裡勝率較高的座位，代表在隨機遊玩下占有優勢，規則的修改可能改變它。勝率附有 95% Wilson 信賴區間；平手共享的勝利，對每個共享的座位都算一次勝利，所以各座位勝率加總可能超過 100%。`,
    reproduce: '在命令列重現這些遊戲：',
    players: (p: number) => `${p} 位玩家`,
    withOption: (p: number, id: string, v: string) => `${p} 位玩家，${id} = ${v}`,
    optionNote: '有一個選項不是預設值：',
    same: (key: string) => `這些遊戲與「${key}」設定的遊戲完全相同：在其他預設值下，這個選項沒有任何作用。`,
    failed: '這些遊戲無法進行：',
    seat: '座位', winRate: '勝率', interval: '95% 信賴區間', meanScore: '平均得分', sd: '標準差', median: '中位數',
    seatN: (n: number) => `座位${n + 1}`,
    lengths: (s: Spread) => `每局回合數：平均 ${num(s.mean)}，標準差 ${num(s.sd)}，最少 ${num(s.min)}、最多 ${num(s.max)}（四分位數 ${num(s.q1)} / ${num(s.median)} / ${num(s.q3)}）。`,
    shared: (k: number, n: number) => (k === 0 ? '沒有任何一局是共享勝利。' : `${n} 局中有 ${k} 局不只一位贏家。`),
    noWinner: (k: number) => `有 ${k} 局沒有贏家。`,
    captions: {
      winRate: '各座位勝率與 95% 信賴區間（虛線：平均分配的勝率）',
      length: '遊戲長度：依進行回合數計的局數',
      ends: '遊戲如何結束：依結束規則計的局數',
      scores: '各座位最終得分（箱：四分位數與中位數；鬚：最多 1.5 倍箱長；以外為點）',
    },
    endRule: '結束規則', games: '局數', share: '比例',
    search: {
      heading: (agent: string, p: number) => `力求獲勝的座位（${agent}，${p} 位玩家）`,
      intro: (agent: string, n: number, p: number) =>
        `搜尋式座位（${agent}）只根據自己座位看得到的資訊做決定：每次決定時，它把看不到的牌重新發下、猜測其他座位的秘密，把每個這樣的世界隨機玩下去，再選出表現最好的選項；它從不查看真正隱藏的牌。下列每張表都根據本站產生時，以預設選項、${p} 位玩家進行的 ${n} 局固定種子遊戲——局數很少，所以信賴區間很寬；要更多局請執行下方的命令。`,
      matrix: '一個座位對其他座位',
      lone: '單獨一個座位', others: '其他座位', ofShare: '平均份額的倍數',
      matrixNote: (share: string) => `單獨的座位每局輪換位置。平均分配的勝率是 ${share}；倍數 2 表示勝局是平均份額的兩倍。`,
      seats: (agent: string) => `每個座位都是 ${agent}`,
      edge: (share: string, x: string, lo: string, hi: string) => `第一個座位相對平均份額（${share}）的優勢：${x} 個百分點（95% 信賴區間 ${lo} 至 ${hi}）。除非規則指定起始玩家，座位1先行動。`,
      caption: '每個座位都力求獲勝時各座位的勝率與 95% 信賴區間（虛線：平均分配的勝率）',
      failed: '這些遊戲無法進行：',
    },
  },
} as const;

const anchorOf = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1);

function title(r: SettingResult, lang: Lang): string {
  const s = r.setting;
  return s.changed ? T[lang].withOption(s.players, s.changed.id, String(s.changed.value)) : T[lang].players(s.players);
}

/** the command that plays the same games, each word quoted as the shell needs (an option's value is any string) */
function command(game: string, sims: GameSimulations, r: SettingResult): string {
  const opt = r.setting.changed ? ` --option ${shellWord(`${r.setting.changed.id}=${String(r.setting.changed.value)}`)}` : '';
  return `npx rules simulate ${shellWord(game)} --players ${r.setting.players} --games ${sims.games} --seed ${sims.seed}${opt}`;
}

function seatTable(r: SettingResult, lang: Lang): string {
  const t = T[lang];
  const s = r.summary!;
  const rows = Array.from({ length: r.setting.players }, (_, seat) => {
    const ci = s.winInterval[seat]!;
    const d = s.scoreSpread[seat]!;
    return `<tr><td>${esc(t.seatN(seat))}</td><td>${pct(s.winRate[seat] ?? 0)}</td><td>${pct(ci.lo)} – ${pct(ci.hi)}</td><td>${num(d.mean)}</td><td>${num(d.sd)}</td><td>${num(d.median)}</td></tr>`;
  });
  const head = [t.seat, t.winRate, t.interval, t.meanScore, t.sd, t.median].map((h) => `<th>${esc(h)}</th>`).join('');
  return `<table class="sim-table"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function endTable(ctx: PageCtx, sims: GameSimulations, r: SettingResult): string {
  const t = T[ctx.lang];
  const s = r.summary!;
  const rows = Object.entries(s.ends).map(([id, n]) => {
    const text = sims.endTexts[id]?.[ctx.lang] ?? id;
    const href = nodeHref(ctx, id);
    const label = href ? `<a href="${esc(href)}">${esc(text)}</a>` : esc(text);
    return `<tr><td>${label}</td><td>${n}</td><td>${pct(n / Math.max(s.games, 1))}</td></tr>`;
  });
  return `<table class="sim-table"><thead><tr><th>${esc(t.endRule)}</th><th>${esc(t.games)}</th><th>${esc(t.share)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function figure(kind: keyof (typeof T)['en']['captions'], svg: string, lang: Lang): string {
  const caption = esc(T[lang].captions[kind]);
  return `<figure class="sim-chart" data-chart="${kind}"><figcaption>${caption}</figcaption>${svg.replace(/^<svg /, `<svg role="img" aria-label="${caption}" style="max-width: 100%; height: auto" `)}</figure>`;
}

function settingBlocks(ctx: PageCtx, sims: GameSimulations, r: SettingResult): string[] {
  const { lang, game } = ctx;
  const t = T[lang];
  const out = [section(title(r, lang), anchorOf(r.setting.key))];
  if (r.setting.changed) {
    const opt = game.spec.options?.find((o) => o.id === r.setting.changed!.id);
    const href = nodeHref(ctx, r.setting.changed.id);
    const text = opt ? esc(opt.text[lang]) : '';
    out.push(`<p v-pre>${esc(t.optionNote)} ${href ? `<a href="${esc(href)}"><code>${esc(r.setting.changed.id)}</code></a>` : `<code>${esc(r.setting.changed.id)}</code>`} = <code>${esc(String(r.setting.changed.value))}</code>${text ? ` — ${text}` : ''}</p>`);
  }
  out.push(`${t.reproduce}\n\n${codeBlock('sh', command(game.id, sims, r))}`);
  if (r.error !== undefined || !r.summary || !r.charts) {
    out.push(para(`${t.failed} ${r.error ?? ''}`, 'sim-error'));
    return out;
  }
  if (r.sameAs !== undefined) {
    out.push(para(t.same(title(sims.results.find((x) => x.setting.key === r.sameAs)!, lang))));
    return out;
  }
  const s = r.summary;
  const notes = [t.lengths(s.roundsSpread), t.shared(s.sharedWins, s.games), s.noWinner > 0 ? t.noWinner(s.noWinner) : ''].filter(Boolean).join(' ');
  const c = r.charts[lang];
  out.push(
    `<div class="sim-setting" v-pre>${seatTable(r, lang)}<p>${esc(notes)}</p>${figure('winRate', c.winRate, lang)}${figure('scores', c.scores, lang)}${figure('length', c.length, lang)}${figure('ends', c.ends, lang)}${endTable(ctx, sims, r)}</div>`,
  );
  return out;
}

const points = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;

function recordCells(r: Record95): string {
  return `<td>${pct(r.rate)}</td><td>${pct(r.interval.lo)} – ${pct(r.interval.hi)}</td>`;
}

/** the search agent against random seats and in every seat (prepare.ts, searchStudies) */
function searchBlocks(ctx: PageCtx, st: SearchStudies): string[] {
  const { lang, game } = ctx;
  const t = T[lang];
  const w = t.search;
  const out = [section(w.heading(st.agent, st.players), 'Search-play'), para(w.intro(st.agent, st.games, st.players))];
  const cmd = `npx rules compare ${game.id} --players ${st.players} --games ${st.games} --seed ${ctx.game.simulations!.seed} --agents ${st.agent},random --play ${st.agent}`;
  out.push(`${t.reproduce}\n\n\`\`\`sh\n${cmd}\n\`\`\``);
  if (st.error !== undefined || !st.matrix || !st.edge || !st.charts) {
    out.push(para(`${w.failed} ${st.error ?? ''}`, 'sim-error'));
    return out;
  }
  const share = 1 / st.players;
  const m = st.matrix;
  const cells = m.agents.flatMap((a, i) => m.cells[i]!.flatMap((c) => (c ? [c] : [])));
  const matrixRows = cells.map((c) => `<tr><td><code>${esc(c.agent)}</code></td><td><code>${esc(c.against)}</code></td>${recordCells(c.record)}<td>${c.ofShare.x.toFixed(2)}×</td></tr>`);
  const matrixHead = [w.lone, w.others, t.winRate, t.interval, w.ofShare].map((h) => `<th>${esc(h)}</th>`).join('');
  const e = st.edge;
  const seatRows = e.seats.map((r, seat) => `<tr><td>${esc(t.seatN(seat))}</td>${recordCells(r)}<td>${num(r.meanScore)}</td></tr>`);
  const seatHead = [t.seat, t.winRate, t.interval, t.meanScore].map((h) => `<th>${esc(h)}</th>`).join('');
  const edge = w.edge(pct(share), points(e.firstSeatEdge.x), points(e.firstSeatEdge.lo), points(e.firstSeatEdge.hi));
  const caption = esc(w.caption);
  const chart = `<figure class="sim-chart" data-chart="searchWinRate"><figcaption>${caption}</figcaption>${st.charts[lang].edge.replace(/^<svg /, `<svg role="img" aria-label="${caption}" style="max-width: 100%; height: auto" `)}</figure>`;
  out.push(
    `<div class="sim-setting" v-pre><h3>${esc(w.matrix)}</h3><table class="sim-table sim-matrix"><thead><tr>${matrixHead}</tr></thead><tbody>${matrixRows.join('')}</tbody></table><p>${esc(w.matrixNote(pct(share)))}</p>` +
      `<h3>${esc(w.seats(st.agent))}</h3><table class="sim-table sim-seats"><thead><tr>${seatHead}</tr></thead><tbody>${seatRows.join('')}</tbody></table><p class="sim-edge">${esc(edge)}</p>${chart}</div>`,
  );
  return out;
}

export function simulationsPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const sims = game.simulations!;
  return page(lang, pageTitle(game.name[lang], ui('simulations', lang), lang), [
    para(T[lang].intro(sims.games, sims.seed)),
    ...sims.results.flatMap((r) => settingBlocks(ctx, sims, r)),
    ...(sims.search ? searchBlocks(ctx, sims.search) : []),
  ]);
}
