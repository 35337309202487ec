/** `while: <condition>, do: [...]`: run the effects as long as the condition holds. */
import { T } from '../interpreter/compile/types.ts';
import { effectKind, writesNothing } from './kind.ts';

export default effectKind({
  key: 'while',
  blocks: (e) => [{ effects: e.do ?? [], bound: [] }],
  compile: (cx, e, env, rule) => {
    const cond = cx.cc.expr(e, 'while', env, T.bool);
    if (!cond) return;
    const head = cx.cc.emit({ op: 'jumpIfNot', cond: cond.fn, to: -1 }, rule);
    cx.prover.kill([e]);
    const facts = cx.prover.mark();
    cx.prover.assume(e['while'], true); // holds at the start of every pass
    cx.block(Array.isArray(e['do']) ? e['do'] : [], env.child(), rule);
    cx.prover.restore(facts);
    cx.cc.emit({ op: 'jump', to: head }, rule);
    cx.patch(head);
  },
  writes: writesNothing,
  read: {
    en: (e, r) => `as long as ${r.expr(e.while)}, repeat:`,
    zh: (e, r) => `當 ${r.expr(e.while)} 時，重複：`,
  },
  chartsThrough: true,
  chart: (e, d, from) => d.loop(e, e.do, from),
});
