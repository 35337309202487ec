/** `move: <zone>, to: <zone>` (with `count`, `cards` or `where`, `at: bottom`): move cards between zones. */
import type { ExecBody, MoveHelpers, Program, Run, ZoneCode, ZoneRef } from '../interpreter/program.ts';
import { zoneOf } from '../interpreter/runtime.ts';
import { T } from '../interpreter/compile/types.ts';
import { logMove, prepend, removeCards, removeWhere, takeTop } from './card-moves.ts';
import { effectKind, noBlocks } from './kind.ts';

/** the cards of a move by count, on their way (see below) */
const buffer: number[] = [];
/** the same helpers and buffer for the move's generated code (src/codegen/blocks.ts) */
const helpers: MoveHelpers = { takeTop, prepend, removeCards, buffer };

/** a named zone as generated code reads it (a zone parameter has none: its closure runs) */
function zoneCode(p: Program, ref: ZoneRef): ZoneCode | undefined {
  if (ref.dyn) return undefined;
  return { slot: p.zones[ref.zone]!.slot, ...(ref.seat ? { seat: ref.seat } : {}), ...(ref.key ? { key: ref.key } : {}) };
}

export default effectKind({
  key: 'move',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const from = cx.cc.zoneRef(e, 'move', env);
    const to = cx.cc.zoneRef(e, 'to', env);
    if (!from || !to) return;
    const count = e['count'] !== undefined ? (cx.cc.expr(e, 'count', env, T.number)?.fn as Run<number> | undefined) : undefined;
    const cards = e['cards'] !== undefined ? (cx.cc.expr(e, 'cards', env, T.list(T.card))?.fn as Run<number[]> | undefined) : undefined;
    const where = e['where'] !== undefined ? cx.cc.lambda(e, 'where', env, [T.card], T.bool) : undefined;
    const atBottom = e['at'] === 'bottom';
    const selectors = ['count', 'cards', 'where'].filter((k) => e[k] !== undefined);
    if (selectors.length > 1) cx.cc.error(e, selectors[1], `use only one of count, cards, where (got ${selectors.join(', ')})`);
    const p = cx.cc.program;
    const fromCode = zoneCode(p, from);
    const toCode = zoneCode(p, to);
    // generated code moves cards by count, by list or all of them (a `where` lambda stays a closure)
    const body: ExecBody | undefined = fromCode && toCode && !where
      ? { k: 'move', from: fromCode, to: toCode, ...(count ? { count } : {}), ...(cards ? { cards } : {}), atBottom, rule, helpers }
      : undefined;
    cx.cc.emit({
      op: 'exec',
      ...(body ? { body } : {}),
      fn: (c) => {
        const src = zoneOf(c, from);
        let taken: number[];
        if (cards) taken = removeCards(src, cards(c), rule);
        else if (where) taken = removeWhere(src, (card) => where(c, card) === true);
        else {
          // as splice(0, n) counts: whole cards, none for NaN
          const n = count ? Math.trunc(Math.max(0, Math.min(count(c), src.length))) : src.length;
          if (!(n > 0)) return;
          if (!c.s.logging) {
            // no log to show the cards: through one buffer, without a new array per move (nothing
            // can move cards while the destination's expressions run, so one buffer serves every move)
            takeTop(src, n, buffer);
            const dst = zoneOf(c, to);
            if (atBottom) for (let i = 0; i < n; i++) dst.push(buffer[i]!);
            else prepend(dst, buffer, n);
            return;
          }
          taken = src.splice(0, n);
        }
        if (taken.length === 0) return;
        const dst = zoneOf(c, to);
        if (atBottom) dst.push(...taken);
        else prepend(dst, taken);
        if (c.s.logging) logMove(c, rule, p, from, to, taken);
      },
    }, rule);
  },
  writes: (e, w) => new Set([...w.names(e.move), ...w.names(e.to)]),
  read: {
    en: (e, r) => {
      let what: string;
      if (e.cards !== undefined) what = `the cards ${r.expr(e.cards)} from ${r.zone(e.move)}`;
      else if (e.where !== undefined) {
        const { params, body } = r.lambda(e.where);
        what = `the cards ${params.join(', ')} of ${r.zone(e.move)} for which ${body}`;
      } else what = 'all the cards of ' + r.zone(e.move);
      if (e.count !== undefined) {
        const n = r.expr(e.count);
        what = e.cards === undefined && e.where === undefined ? `${n} card(s) from the top of ${r.zone(e.move)}` : `${n} of ${what}`;
      }
      return `move ${what} to ${e.at === 'bottom' ? 'the bottom of ' : ''}${r.zone(e.to)}`;
    },
    zh: (e, r) => {
      let what: string;
      if (e.cards !== undefined) what = `${r.zone(e.move)} 中的 ${r.expr(e.cards)}`;
      else if (e.where !== undefined) {
        const { params, body } = r.lambda(e.where);
        what = `${r.zone(e.move)} 中滿足「${body}」的牌 ${params.join('、')}`;
      } else what = `${r.zone(e.move)} 的所有牌`;
      if (e.count !== undefined) {
        const n = r.expr(e.count);
        what = e.cards === undefined && e.where === undefined ? `${r.zone(e.move)} 頂部的 ${n} 張牌` : `${what}其中 ${n} 張`;
      }
      return `將 ${what} 移到 ${r.zone(e.to)}${e.at === 'bottom' ? ' 的底部' : ''}`;
    },
  },
  chart: 'in-box',
});
