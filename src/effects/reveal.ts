/** `reveal: <cards>`: turn cards face up for everyone until they move. */
import type { Run } from '../interpreter/program.ts';
import { log } from '../interpreter/runtime.ts';
import { T } from '../interpreter/compile/types.ts';
import { effectKind, noBlocks, writesNothing } from './kind.ts';

export default effectKind({
  key: 'reveal',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const cards = cx.cc.expr(e, 'reveal', env, T.list(T.card));
    if (!cards) return;
    const fn = cards.fn as Run<number[]>;
    const p = cx.cc.program;
    cx.cc.emit({
      op: 'exec',
      fn: (c) => {
        const shown = fn(c).filter((card) => !c.s.revealed.includes(card));
        if (shown.length === 0) return;
        c.s.revealed = [...c.s.revealed, ...shown].sort((a, b) => a - b);
        log(c, rule, 'reveal', { cards: shown, kinds: shown.map((card) => p.cards[c.t.kindOf[card]!]!.id) });
      },
    }, rule);
  },
  // it changes what seats see, not what a list holds
  writes: writesNothing,
  read: {
    en: (e, r) => `turn ${r.expr(e.reveal)} face up for everyone (their backs are known until they move)`,
    zh: (e, r) => `將 ${r.expr(e.reveal)} 翻開給所有人看（在移動之前，其背面為眾人所知）`,
  },
  chart: 'in-box',
});
