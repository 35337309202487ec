/** The game's overview: players, length, what you do, how it ends and who wins; the game node and its options. */
import type { Effect, Expr } from '../../loader/types.generated.ts';
import { walkEffects } from '../../effects/walk.ts';
import { nodeHref, plainReader, ruleLink, type PageCtx } from '../context.ts';
import { percent } from '../coverage.ts';
import { esc } from '../escape.ts';
import { relLink } from '../markdown.ts';
import { textIn } from '../i18n.ts';
import { nodesOn } from '../model.ts';
import { sourcePage } from '../paths.ts';
import { parse } from '../readings/reader.ts';
import { ruleBlock } from '../rule-block.ts';
import { page, section, ui } from './frame.ts';

export function overviewPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const spec = game.spec;
  const g = spec.game!;
  const name = game.name[lang];
  const li = (label: string, value: string) => `<li><strong>${esc(label)}:</strong> ${value}</li>`;
  const seeds = ctx.site.seeds.filter((s) => s.games.includes(game));
  const facts = [
    li(ui('players', lang), esc(g.players.min === g.players.max ? `${g.players.min}` : `${g.players.min}–${g.players.max}`)),
    li(ui('length', lang), esc(gameLength(ctx))),
    li(
      ui('seeds', lang),
      seeds
        .map((s) => `<a href="${esc(relLink(ctx.page, sourcePage(lang, s.info.id)))}">${esc(s.info.id)}</a> ${esc(textIn(lang, s.info.title).text)} (${esc(ui('coverage', lang))} ${esc(percent(s))})`)
        .join('; '),
    ),
  ];
  const text = (id: string) => {
    const n = game.byAnchor.get(id);
    return n?.node.text ? esc(n.node.text[lang]) : '';
  };
  const steps = (spec.flow ?? []).map((r) => {
    const calls = callsIn(r.do).map((c) => `<li>${ruleLink(ctx, c)} ${text(c)}</li>`);
    return `<li>${ruleLink(ctx, r.id)} ${text(r.id)}${calls.length > 0 ? `<ol>${calls.join('')}</ol>` : ''}</li>`;
  });
  const list = (ids: string[]) => `<ul v-pre>${ids.map((id) => `<li>${ruleLink(ctx, id)} ${text(id)}</li>`).join('')}</ul>`;
  const outcomeHref = nodeHref(ctx, 'Outcome');

  return page(lang, name, [
    g.summary ? `<div class="game-summary" v-pre><p>${esc(g.summary[lang])}</p></div>` : undefined,
    `<ul class="game-facts" v-pre>${facts.join('')}</ul>`,
    section(ui('whatYouDo', lang), 'WhatYouDo'),
    `<ol class="game-steps" v-pre>${steps.join('')}</ol>`,
    section(ui('howTheGameEnds', lang), 'HowItEnds'),
    list((spec.ends ?? []).map((e) => e.id)),
    section(ui('howYouWin', lang), 'HowYouWin'),
    spec.outcome?.text && outcomeHref
      ? `<p v-pre><a href="${esc(outcomeHref)}">${esc(ui('outcome', lang))}</a>: ${esc(spec.outcome.text[lang])}</p>`
      : undefined,
    list((spec.outcome?.results ?? []).map((r) => r.id)),
    section(ui('theGame', lang), 'TheGame'),
    ruleBlock(ctx, game.byAnchor.get('Game')!, 3),
    (spec.options ?? []).length > 0 && section(ui('options', lang), 'Options'),
    ...nodesOn(game, 'index')
      .filter((n) => n.kind === 'rule')
      .map((n) => ruleBlock(ctx, n, 3 + n.depth)),
  ]);
}

/** procedures called by a list of effects, in order, without looking inside them */
function callsIn(effects: readonly Effect[] | undefined): string[] {
  const out: string[] = [];
  walkEffects(effects, (e) => {
    if ('call' in e && !out.includes(e.call)) out.push(e.call);
  }, (b) => !b.rule);
  return out;
}

/**
 * How long a game lasts: the count of the flow's repeat whose body sets the round var, as a
 * number when it is a literal or a var with a literal initial value.
 */
export function gameLength(ctx: PageCtx): string {
  const spec = ctx.game.spec;
  const roundVar = spec.game?.roundVar;
  const find = (list: readonly Effect[] | undefined): Expr | undefined => {
    let found: Expr | undefined;
    walkEffects(list, (e) => {
      if (found === undefined && 'repeat' in e && roundVar && e.do.some((x) => 'set' in x && x.set === roundVar)) found = e.repeat;
      return found === undefined;
    }, (b) => !b.rule);
    return found;
  };
  let count: Expr | undefined;
  for (const r of spec.flow ?? []) count ??= find(r.do);
  if (count === undefined) return ui('untilEnd', ctx.lang);
  const n = literalValue(ctx, count);
  const rounds = ui('rounds', ctx.lang);
  return n !== undefined ? `${n} ${rounds}` : `${plainReader(ctx).expr(count)} ${rounds}`;
}

function literalValue(ctx: PageCtx, e: Expr): number | undefined {
  if (typeof e === 'number') return e;
  const n = parse(e);
  if (n.kind === 'Number') return n.value;
  if (n.kind === 'Name') {
    const v = (ctx.game.spec.vars ?? []).find((d) => d.id === n.name);
    if (typeof v?.initial === 'number') return v.initial;
  }
  return undefined;
}

