/** `forEach: <list>, as: <name>, do: [...]`: run the effects once for each item. */
import { typeToString } from '../expr/index.ts';
import type { Json } from '../interpreter/api.ts';
import { effectKind } from './kind.ts';
import { fixedWords } from '../docgen/decisions.ts';

export default effectKind({
  key: 'forEach',
  blocks: (e) => [{ effects: e.do ?? [], bound: [e.as] }],
  compile: (cx, e, env, rule) => {
    const items = cx.cc.expr(e, 'forEach', env);
    if (!items) return;
    if (items.type.k !== 'list') {
      cx.cc.error(e, 'forEach', `forEach needs a list, got ${typeToString(items.type)}`);
      return;
    }
    const name = typeof e['as'] === 'string' ? e['as'] : undefined;
    if (!name) {
      cx.cc.error(e, 'forEach', "forEach needs 'as: <name>' for the current item");
      return;
    }
    const listSlot = cx.cc.newSlot();
    const idxSlot = cx.cc.newSlot();
    const asSlot = cx.cc.newSlot();
    const inner = env.child();
    inner.bind(name, { slot: asSlot, type: items.type.of });
    const src = items.fn;
    // the list is copied once: the body may move the very cards it iterates over
    cx.cc.emit({ op: 'forInit', list: (c) => (src(c) as Json[]).slice(), listSlot, idxSlot, copyOf: src }, rule);
    const head = cx.cc.emit({ op: 'forNext', listSlot, idxSlot, asSlot, end: -1 }, rule);
    // a later pass runs after the whole body: what it writes no longer holds at its start
    cx.prover.kill([e]);
    cx.block(Array.isArray(e['do']) ? e['do'] : [], inner, rule);
    cx.cc.emit({ op: 'jump', to: head }, rule);
    cx.patch(head);
  },
  writes: (e) => new Set([e.as]),
  read: {
    en: (e, r) => `for each ${e.as} in ${r.expr(e.forEach)}:`,
    zh: (e, r) => `對 ${r.expr(e.forEach)} 中的每個 ${e.as}：`,
  },
  // a loop over a few fixed words is drawn as its steps once per word
  chartsThrough: true,
  chart: (e, d, from) => d.loop(e, e.do, from, fixedWords(e.forEach) ? { as: e.as, over: e.forEach } : undefined),
});
