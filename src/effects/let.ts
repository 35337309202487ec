/** `let: <name>, be: <value>`: name a value for the effects after it in the same list. */
import type { Json } from '../interpreter/api.ts';
import type { Run } from '../interpreter/program.ts';
import { T } from '../interpreter/compile/types.ts';
import { effectKind, noBlocks } from './kind.ts';

export default effectKind({
  key: 'let',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const name = e['let'];
    if (typeof name !== 'string' || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) {
      cx.cc.error(e, 'let', 'let needs a name (letters, digits, _)');
      return;
    }
    const value = cx.cc.expr(e, 'be', env);
    const slot = cx.cc.newSlot();
    // bound even when its expression is wrong (as `any`), so one mistake is reported once
    env.bind(name, { slot, type: value?.type ?? T.any, computed: true });
    if (!value) return;
    const fn = value.fn as Run<Json>;
    cx.cc.emit({ op: 'exec', body: { k: 'let', value: fn, slot }, fn: (c) => { const x = fn(c); c.locals[slot] = Array.isArray(x) ? x.slice() : x; } }, rule);
  },
  writes: (e) => new Set([String(e.let)]),
  read: {
    en: (e, r) => {
      const s = `let ${e.let} be ${r.expr(e.be)}`;
      r.bind(e.let);
      return s;
    },
    zh: (e, r) => {
      const s = `令 ${e.let} 為 ${r.expr(e.be)}`;
      r.bind(e.let);
      return s;
    },
  },
  chart: 'in-box',
});
