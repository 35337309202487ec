/** `if: <condition>, then: [...], else: [...]`: run one of two effect lists. */
import { T } from '../interpreter/compile/types.ts';
import { effectKind, writesNothing, type Block } from './kind.ts';

export default effectKind({
  key: 'if',
  blocks: (e) => {
    const out: Block[] = [{ effects: e.then ?? [], bound: [] }];
    if (e.else && e.else.length > 0) out.push({ effects: e.else, bound: [], otherwise: true });
    return out;
  },
  compile: (cx, e, env, rule) => {
    const cond = cx.cc.expr(e, 'if', env, T.bool);
    const jf = cx.cc.emit({ op: 'jumpIfNot', cond: cond?.fn ?? (() => false), to: -1 }, rule);
    const facts = cx.prover.mark();
    const before = cx.prover.snapshot();
    cx.prover.assume(e['if'], true);
    cx.block(Array.isArray(e['then']) ? e['then'] : [], env.child(), rule);
    cx.prover.restore(facts);
    const killedThen = cx.prover.takeKilled(before);
    let killedElse = new Set<number>();
    if (Array.isArray(e['else'])) {
      const jEnd = cx.cc.emit({ op: 'jump', to: -1 }, rule);
      cx.patch(jf);
      cx.prover.assume(e['if'], false);
      cx.block(e['else'], env.child(), rule);
      cx.prover.restore(facts);
      killedElse = cx.prover.takeKilled(before);
      cx.patch(jEnd);
    } else {
      cx.patch(jf);
    }
    cx.prover.mergeBranches(e['if'], killedThen, killedElse, e['then'], e['else']);
    if (!Array.isArray(e['then'])) cx.cc.error(e, 'if', "an 'if' needs a 'then:' list");
  },
  writes: writesNothing,
  read: {
    en: (e, r) => `if ${r.expr(e.if)}:`,
    zh: (e, r) => `若 ${r.expr(e.if)}：`,
  },
  chartsThrough: true,
  chart: (e, d, from) => d.branch(e.if, e.then, e.else, from),
});
