/** `eliminate: <seat>`: the seat is out of the game. */
import type { Run } from '../interpreter/program.ts';
import { log } from '../interpreter/runtime.ts';
import { T } from '../interpreter/compile/types.ts';
import { effectKind, noBlocks } from './kind.ts';

export default effectKind({
  key: 'eliminate',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const seat = cx.cc.expr(e, 'eliminate', env, T.seat);
    if (!seat) return;
    const fn = seat.fn as Run<number>;
    cx.cc.emit({ op: 'exec', fn: (c) => { const s = fn(c); if (s === null || c.s.seats[s]!.out) return; c.s.seats[s]!.out = true; log(c, rule, 'eliminate', { seat: s }); } }, rule);
  },
  writes: () => new Set(['alive', 'out']),
  read: {
    en: (e, r) => `${r.expr(e.eliminate)} is out of the game`,
    zh: (e, r) => `${r.expr(e.eliminate)} 出局`,
  },
  chart: 'in-box',
});
