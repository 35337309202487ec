/**
 * One rule as the site shows it: a heading anchored at its id, its text, what it declares, a
 * generated reading of its effects or formula, its verbatim source quotes linked to the source
 * lines, its `when` guard as badges, and its assumption set apart in a warning box.
 */
import type { Effect, EffectList, Card, Expr, FunctionDef, Option, Procedure, Ranking, ResultRule, Spec, Text, Trigger, Var, Zone } from '../loader/types.generated.ts';
import { nodeHref, nodeTitle, readingHtml, type PageCtx } from './context.ts';
import { quoteStart } from './coverage.ts';
import { editionsOf, guardInfo } from './guards.ts';
import { textIn, ui, type Lang } from './i18n.ts';
import { attr, esc } from './escape.ts';
import { el, heading } from './markdown.ts';
import type { DocNode } from './model.ts';
import { verbatim } from './locales.ts';
import { lineHref } from './paths.ts';
import { seedInfo } from '../loader/seeds.ts';
import { spaceSets, textLabel, type Reader } from './readings/reader.ts';
import { fileLineHref } from './pages/files.ts';
import { shortText } from './short-text.ts';

export { nodeTitle };

export function ruleBlock(ctx: PageCtx, n: DocNode, level: number): string {
  const { lang } = ctx;
  const parts: string[] = [];
  const meta = [
    nodeTitle(n, lang) === n.id ? '' : `<code class="rule-id">${esc(n.id)}</code>`,
    ...badges(ctx, n),
    definedIn(ctx, n.location),
  ];
  parts.push(`<div class="rule-meta">${meta.filter((m) => m !== '').join(' ')}</div>`);
  if (n.node.text) parts.push(el('div', { class: 'rule-text', lang: lang === 'zh' ? 'zh-Hant' : 'en' }, esc(n.node.text[lang])));
  const facts = factsOf(ctx, n);
  if (facts.length > 0) parts.push(`<ul class="rule-facts">${facts.map((f) => `<li>${f}</li>`).join('')}</ul>`);
  const guard = guardLine(ctx, n);
  if (guard) parts.push(guard);
  // a rule either has a reading or shows none: never an empty box
  const reading = readingOf(ctx, n);
  if (reading !== undefined && reading !== '') {
    parts.push(
      `<div class="rule-reading"><div class="rule-label">${esc(ui('reading', lang))} <small>(${esc(ui('readingNote', lang))})</small></div>${reading}</div>`,
    );
  }
  const sources = sourcesBlock(ctx, n.node.source ?? []);
  if (sources) parts.push(sources);

  const out = [heading(level, nodeTitle(n, lang), n.anchor), `<div class="rule" data-rule="${esc(n.id)}" v-pre>\n${parts.join('\n')}\n</div>`];
  if (n.node.assumption) out.push(assumptionBox(lang, n.node.assumption.why));
  return out.join('\n\n');
}

/** "Defined in rules/<game>/<file>.yaml:4", linking to that line of the game's files page */
export function definedIn(ctx: PageCtx, location: string): string {
  const href = fileLineHref(ctx, location);
  const loc = `<code>${esc(location)}</code>`;
  return `<span class="rule-file">${esc(ui('definedIn', ctx.lang))} ${href ? `<a href="${esc(href)}">${loc}</a>` : loc}</span>`;
}

/** the language (BCP 47: zh-Hant, zh-Hans) a seed is written in; zh when the seed is unknown */
export function seedLanguage(seed: string): string {
  return seedInfo(seed)?.language ?? 'zh';
}

/** verbatim source quotes, each linked to its first line on the source page ('' when none) */
export function sourcesBlock(ctx: PageCtx, citations: readonly { ref: string; quote: string }[]): string {
  if (citations.length === 0) return '';
  const quotes = citations.map((c) => {
    const href = lineHref(ctx.page, ctx.lang, c.ref.slice(0, 3), quoteStart(c.ref, c.quote));
    // the quote exactly as the seed prints it, in the seed's own script, on every locale's page
    const quote = `<span class="rule-quote-text verbatim" lang="${attr(seedLanguage(c.ref.slice(0, 3)))}">${esc(c.quote)}</span>`;
    return `<blockquote class="rule-quote"><a class="rule-ref" href="${esc(href)}">${esc(c.ref)}</a> ${verbatim(quote)}</blockquote>`;
  });
  return `<div class="rule-sources"><div class="rule-label">${esc(ui('source', ctx.lang))}</div>${quotes.join('')}</div>`;
}

/** the assumption container (`::: warning Assumption`); the reason is written in English only */
export function assumptionBox(lang: Lang, why: string | Text): string {
  const w = textIn(lang, why);
  const note = w.translated ? '' : ` <small>${esc(ui('englishOnly', lang))}</small>`;
  return `::: warning ${ui('assumption', lang)}\n<div class="assumption-why" lang="${w.lang}" v-pre>${esc(w.text)}${note}</div>\n:::`;
}


/** option / edition / player-count badges for the names a `when` reads */
function badges(ctx: PageCtx, n: DocNode): string[] {
  const when = n.node.when;
  if (when === undefined) return [];
  const info = guardInfo(when);
  const out: string[] = [];
  const spec = ctx.game.spec;
  for (const id of info.options) {
    const o = (spec.options ?? []).find((d) => d.id === id);
    if (ctx.game.edition && id === ctx.game.edition.id) {
      const eds = editionsOf(when, ctx.game.edition) ?? [];
      out.push(`<span class="VPBadge warning rule-edition">${esc(ui('edition', ctx.lang))} ${esc(eds.join(' / '))}</span>`);
      continue;
    }
    const label = (o?.type === 'bool' ? textLabel(o.text, ctx.lang) : undefined) ?? `${ui('option', ctx.lang)} ${id}`;
    const href = nodeHref(ctx, id);
    const badge = `<span class="VPBadge tip rule-option">${esc(label)}</span>`;
    out.push(href ? `<a href="${esc(href)}">${badge}</a>` : badge);
  }
  if (info.players) out.push(`<span class="VPBadge info rule-players">${esc(ui('playerCount', ctx.lang))}</span>`);
  return out;
}

/** the `when` in words: a guard, an end condition or a result's condition */
function guardLine(ctx: PageCtx, n: DocNode): string | undefined {
  const when = n.node.when;
  const label =
    n.section === 'ends'
      ? when === undefined
        ? ui('endsAtFlowEnd', ctx.lang)
        : ui('endsWhen', ctx.lang)
      : n.section === 'outcome.results'
        ? when === undefined
          ? ui('appliesOtherwise', ctx.lang)
          : ui('appliesWhen', ctx.lang)
        : when === undefined
          ? undefined
          : ui('onlyWhen', ctx.lang);
  if (label === undefined) return undefined;
  if (when === undefined) return `<div class="rule-when"><strong>${esc(label)}</strong></div>`;
  const reading = readingHtml(ctx, (r) => r.expr(when)).replace(/^<p>|<\/p>$/g, '');
  return `<div class="rule-when"><strong>${esc(label)}${ctx.lang === 'zh' ? '：' : ':'}</strong> ${reading} <code class="rule-expr">${esc(String(when))}</code></div>`;
}

/** what the node declares: counts, types, starting values, parameters */
function factsOf(ctx: PageCtx, n: DocNode): string[] {
  const { lang } = ctx;
  const spec = ctx.game.spec;
  const expr = (e: Expr) => readingHtml(ctx, (r) => r.expr(e)).replace(/^<p>|<\/p>$/g, '');
  const f = (key: Parameters<typeof ui>[0], value: string) => `<strong>${esc(ui(key, lang))}${lang === 'zh' ? '：' : ':'}</strong> ${value}`;
  const code = (s: string) => `<code>${esc(s)}</code>`;
  const out: string[] = [];
  // a rule nested in a declaration's effects (a card kind's, a place's, an effect list's) keeps its
  // parent's section for its page, but it is a rule: it has none of its parent's facts
  if (n.parent) return out;
  switch (n.section) {
    case 'game': {
      const g = spec.game!;
      out.push(f('players', esc(g.players.min === g.players.max ? `${g.players.min}` : `${g.players.min}–${g.players.max}`)));
      break;
    }
    case 'options': {
      const o = n.node as unknown as Option;
      out.push(f('type', code(o.type)), f('default', code(String(o.default))));
      if (o.values) out.push(f('values', o.values.map((v) => code(String(v))).join(', ')));
      break;
    }
    case 'cards': {
      const c = n.node as unknown as Card;
      const counts = cardCounts(ctx, c);
      if (counts.length > 0) out.push(f('count', counts.join('; ')));
      const props = Object.entries(c.props ?? {});
      if (props.length > 0) out.push(f('props', props.map(([k, v]) => code(`${k} = ${String(v)}`)).join(', ')));
      const front = (c as { front?: { id: string; name: { en: string; zh: string } } }).front;
      if (front) out.push(f('front', `${esc(front.name[lang])} ${code(front.id)}`));
      break;
    }
    case 'spaces': {
      const set = spaceSets(spec).find((s) => s.id === n.id);
      for (const item of set?.items ?? []) {
        const props = Object.entries(item.props ?? {}).map(([k, v]) => code(`${k} = ${String(v)}`));
        const name = item.name ? ` ${esc(item.name[lang])}` : '';
        const when = item.when !== undefined ? ` (${esc(ui('onlyWhen', lang))}: ${expr(item.when)})` : '';
        out.push(`${code(item.id)}${name}${props.length > 0 ? ` — ${props.join(', ')}` : ''}${when}`);
      }
      break;
    }
    case 'vars':
    case 'seatVars': {
      const v = n.node as unknown as Var & { by?: string };
      out.push(f('type', code(v.type)));
      if (v.initial !== undefined) {
        const lit = v.initial;
        const isExpr = typeof lit === 'string' && v.type !== 'string';
        out.push(f('initial', isExpr ? expr(lit) : code(JSON.stringify(lit))));
      }
      if (v.visibility) out.push(f('visibility', code(v.visibility)));
      if (v.by) out.push(f('by', code(v.by)));
      break;
    }
    case 'zones': {
      const z = n.node as unknown as Zone & { by?: string };
      out.push(f('per', code(z.per ?? 'game')), f('visibility', code(z.visibility ?? 'public')));
      const items = (z.initial ?? []).map((it) => {
        const kind = typeof it === 'string' ? it : it.kind;
        const card = (spec.cards ?? []).find((c) => c.id === kind);
        const name = card?.name ? card.name[lang] : kind;
        const count = typeof it === 'string' ? (card?.count !== undefined ? expr(card.count) : '0') : expr(it.count);
        const href = nodeHref(ctx, kind);
        const label = href ? `<a href="${esc(href)}">${esc(name)}</a>` : esc(name);
        return `${label} × ${count}`;
      });
      out.push(f('contents', items.length > 0 ? items.join(', ') : esc(ui('empty', lang))));
      if (z.by) out.push(f('by', code(z.by)));
      const backs = (z as { backs?: string }).backs;
      if (backs) out.push(f('backs', code(backs)));
      break;
    }
    case 'functions': {
      const fn = n.node as unknown as FunctionDef;
      out.push(f('params', paramList(fn.params) || '—'));
      if (fn.returns) out.push(f('returns', code(fn.returns)));
      break;
    }
    case 'procedures': {
      const p = n.node as unknown as Procedure;
      if (p.params && p.params.length > 0) out.push(f('params', paramList(p.params)));
      break;
    }
    case 'effectLists': {
      const l = n.node as unknown as EffectList;
      out.push(f('carriedBy', code(l.for)), f('calledAs', code(l.as)));
      if (l.params && l.params.length > 0) out.push(f('params', paramList(l.params)));
      break;
    }
    case 'triggers': {
      const t = n.node as unknown as Trigger;
      out.push(f('event', code(t.event)));
      if (t.params && t.params.length > 0) out.push(f('params', paramList(t.params)));
      break;
    }
  }
  return out;
}

/** typed parameters of a function, procedure or trigger, as `name: type` */
function paramList(params: { name: string; type: string }[] | undefined): string {
  return (params ?? []).map((p) => `<code>${esc(`${p.name}: ${p.type}`)}</code>`).join(', ');
}

/** how many of a card kind: its shared count, and per seat from the seat zones that start with it */
export function cardCounts(ctx: PageCtx, c: Card): string[] {
  const spec = ctx.game.spec;
  const expr = (e: Expr) => readingHtml(ctx, (r) => r.expr(e)).replace(/^<p>|<\/p>$/g, '');
  const out: string[] = [];
  const inZone = (z: Zone) => {
    const href = nodeHref(ctx, z.id);
    return href ? `<a href="${esc(href)}"><code>${esc(z.id)}</code></a>` : `<code>${esc(z.id)}</code>`;
  };
  if (c.count !== undefined) out.push(expr(c.count));
  for (const z of spec.zones ?? []) {
    for (const it of z.initial ?? []) {
      if (typeof it === 'string' || it.kind !== c.id) continue;
      const n = expr(it.count);
      if (ctx.lang === 'zh') out.push(z.per === 'seat' ? `每位玩家 ${n}（於 ${inZone(z)}）` : `${n}（於 ${inZone(z)}）`);
      else out.push(z.per === 'seat' ? `${n} per player (in ${inZone(z)})` : `${n} (in ${inZone(z)})`);
    }
  }
  return out;
}

/** the generated reading: effects, a formula, an end condition, the winners or the score */
function readingOf(ctx: PageCtx, n: DocNode): string | undefined {
  const node = n.node as Record<string, unknown>;
  const names = (x: Record<string, unknown>): string[] => [
    ...(typeof x['as'] === 'string' ? [x['as']] : []),
    ...((x['params'] as { name: string }[] | undefined) ?? []).map((p) => p.name),
  ];
  if (Array.isArray(node['do'])) return readingHtml(ctx, (r) => r.effects(n.node.do, names(node)));
  const carried = node['effects'] as Record<string, Effect[]> | undefined;
  if (carried && Object.keys(carried).length > 0) {
    // a card kind's printed effects, under the effect list each belongs to
    const lists = ctx.game.spec.effectLists ?? [];
    return Object.entries(carried)
      .map(([id, effects]) => {
        const decl = lists.find((l) => l.id === id);
        const bound = decl ? names(decl as unknown as Record<string, unknown>) : [];
        const reading = readingHtml(ctx, (r) => r.effects(effects, bound));
        return reading === '' ? '' : `<p><strong>${esc(decl ? decl.text[ctx.lang] : id)}</strong></p>` + reading;
      })
      .filter((x) => x !== '')
      .join('\n');
  }
  if (n.section === 'functions') {
    const fn = n.node as unknown as FunctionDef;
    const params = (fn.params ?? []).map((p) => p.name);
    return readingHtml(ctx, (r) => ctx.templates.words.formula(r.labelOf(fn.id, 'function'), params, r.exprWith(fn.body, params)));
  }
  if (n.section === 'outcome.results') return readingHtml(ctx, (r) => winnersReading(r, ctx, (n.node as unknown as ResultRule).winners));
  if (n.kind === 'outcome') {
    const score = (n.node as Spec['outcome'])?.score;
    if (score === undefined) return undefined;
    return readingHtml(ctx, (r) => {
      const { params, body } = r.lambda(score);
      return ctx.templates.words.score(params, body);
    });
  }
  return undefined;
}

function winnersReading(r: Reader, ctx: PageCtx, w: Expr | Ranking): string {
  const words = ctx.templates.words;
  if (typeof w !== 'object') return words.winners(r.expr(w));
  return words.ranking(
    r.expr(w.among),
    w.by.map((k) => ({ key: r.lambda(k.key).body, desc: k.order === 'desc' })),
  );
}
