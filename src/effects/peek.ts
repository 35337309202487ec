/** `peek: <cards>, by: <seat>`: one seat looks at cards, front and back, without showing the others. */
import type { Run } from '../interpreter/program.ts';
import { log } from '../interpreter/runtime.ts';
import { T } from '../interpreter/compile/types.ts';
import { effectKind, noBlocks, writesNothing } from './kind.ts';

export default effectKind({
  key: 'peek',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const cards = cx.cc.expr(e, 'peek', env, T.list(T.card));
    const by = cx.cc.expr(e, 'by', env, T.seat);
    if (!cards || !by) return;
    const fn = cards.fn as Run<number[]>;
    const who = by.fn as Run<number>;
    const p = cx.cc.program;
    cx.cc.emit({
      op: 'exec',
      fn: (c) => {
        const seat = who(c);
        const seen = fn(c);
        for (const card of seen) if (!c.s.peeked.some(([x, s]) => x === card && s === seat)) c.s.peeked.push([card, seat]);
        // only the peeking seat learns what the cards are; the others see that it looked, and at how many
        log(c, rule, 'peek', { seat, cards: seen, kinds: seen.map((card) => p.cards[c.t.kindOf[card]!]!.id) }, [seat], { seat, count: seen.length });
      },
    }, rule);
  },
  writes: writesNothing,
  read: {
    en: (e, r) => `${r.expr(e.by)} looks at ${r.expr(e.peek)}, front and back, without showing the others (until they move)`,
    zh: (e, r) => `${r.expr(e.by)} 查看 ${r.expr(e.peek)} 的正反面，不讓其他人看到（在移動之前）`,
  },
  chart: 'in-box',
});
