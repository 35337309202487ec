/** `deal: <zone>, to: <seat zone>, count: <n>, seats: <list>?`: deal cards one at a time to each seat in turn. */
import type { Run, RunCtx } from '../interpreter/program.ts';
import { zoneOf } from '../interpreter/runtime.ts';
import { T } from '../interpreter/compile/types.ts';
import { logMove } from './card-moves.ts';
import { effectKind, noBlocks } from './kind.ts';

export default effectKind({
  key: 'deal',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const from = cx.cc.zoneRef(e, 'deal', env);
    const z = cx.seatZone(e, 'to');
    const count = cx.cc.expr(e, 'count', env, T.number);
    const seats = e['seats'] !== undefined ? cx.cc.expr(e, 'seats', env, T.list(T.seat)) : undefined;
    if (!from || z < 0 || !count) return;
    const p = cx.cc.program;
    const n = count.fn as Run<number>;
    const who = (seats?.fn as Run<number[]> | undefined) ?? ((c: RunCtx) => c.s.seats.flatMap((s, i) => (s.out ? [] : [i])));
    cx.cc.emit({
      op: 'exec',
      fn: (c) => {
        const src = zoneOf(c, from);
        const targets = who(c);
        const k = n(c);
        for (let round = 0; round < k; round++) {
          for (const seat of targets) {
            const card = src.shift();
            if (card === undefined) return;
            c.s.seats[seat]!.z[p.zones[z]!.slot]!.push(card);
            if (c.s.logging) logMove(c, rule, p, from, { zone: z, seat: () => seat }, [card]);
          }
        }
      },
    }, rule);
  },
  writes: (e, w) => new Set([...w.names(e.deal), String(e.to)]),
  read: {
    en: (e, r) =>
      `deal ${r.expr(e.count)} card(s) from ${r.zone(e.deal)} to the ${e.to} of ${
        e.seats !== undefined ? `each of ${r.expr(e.seats)}` : 'every seat still in the game'
      }, one at a time in turn`,
    zh: (e, r) =>
      `從 ${r.zone(e.deal)} 依序發牌給${e.seats !== undefined ? ` ${r.expr(e.seats)} 中的` : '仍在遊戲中的'}每個座位各 ${r.expr(e.count)} 張，放入其 ${e.to}`,
  },
  chart: 'in-box',
});
