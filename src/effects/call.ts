/** `call: <procedure id>, with: {param: value}`: run a procedure (compiled once; may recurse). */
import { list } from '../interpreter/compile/declarations.ts';
import type { Node } from '../interpreter/compile/compiler.ts';
import { idHint } from '../expr/index.ts';
import { en, zh } from '../docgen/readings/phrases.ts';
import { effectKind, noBlocks } from './kind.ts';

export default effectKind({
  key: 'call',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const id = String(e['call']);
    const proc = cx.cc.model.procedure(id) as Node | undefined;
    if (!proc) {
      cx.cc.error(e, 'call', `unknown procedure '${id}'`, idHint(id, list(cx.spec, 'procedures').map((x) => String(x['id'])), 'procedures'));
      return;
    }
    cx.callBody(proc, e, 'call', env, rule, `procedure '${id}'`);
  },
  writes: (e, w) => {
    const proc = list(w.spec, 'procedures').find((x) => x['id'] === e.call);
    return proc ? w.body(proc['do'], e.call, proc['params']) : 'all';
  },
  read: {
    en: (e, r) => `carry out ${r.ref(e.call)}${en.withArgs(e.with, r)}`,
    zh: (e, r) => `執行 ${r.ref(e.call)}${zh.withArgs(e.with, r)}`,
  },
  chart: (e, d, from) => d.ruleBox('call', e.call, d.procedureWhen(e.call), from),
});
