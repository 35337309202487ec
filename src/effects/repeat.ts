/** `repeat: <count>, as: <name>?, do: [...]`: run the effects a number of times. */
import type { Run } from '../interpreter/program.ts';
import { T } from '../interpreter/compile/types.ts';
import { effectKind } from './kind.ts';

export default effectKind({
  key: 'repeat',
  blocks: (e) => [{ effects: e.do ?? [], bound: e.as ? [e.as] : [] }],
  compile: (cx, e, env, rule) => {
    const times = cx.cc.expr(e, 'repeat', env, T.number);
    if (!times) return;
    const counter = cx.cc.newSlot();
    const limit = cx.cc.newSlot();
    const inner = env.child();
    if (typeof e['as'] === 'string') inner.bind(e['as'], { slot: counter, type: T.number });
    const n = times.fn as Run<number>;
    cx.cc.emit({ op: 'exec', body: { k: 'count', counter, limit, n }, fn: (c) => { c.locals[counter] = 0; c.locals[limit] = n(c); } }, rule);
    const head = cx.cc.emit({ op: 'jumpIfNot', cond: (c) => (c.locals[counter] as number) < (c.locals[limit] as number), to: -1, less: [counter, limit] }, rule);
    cx.cc.emit({ op: 'exec', body: { k: 'inc', slot: counter }, fn: (c) => { c.locals[counter] = (c.locals[counter] as number) + 1; } }, rule);
    cx.prover.kill([e]);
    cx.block(Array.isArray(e['do']) ? e['do'] : [], inner, rule);
    cx.cc.emit({ op: 'jump', to: head }, rule);
    cx.patch(head);
  },
  writes: (e) => new Set(e.as ? [e.as] : []),
  read: {
    en: (e, r) => `repeat ${r.expr(e.repeat)} times${e.as ? ` (${e.as} = 1, 2, …)` : ''}:`,
    zh: (e, r) => `重複 ${r.expr(e.repeat)} 次${e.as ? `（${e.as} = 1、2、…）` : ''}：`,
  },
  chartsThrough: true,
  chart: (e, d, from) => d.loop(e, e.do, from),
});
