/** `rule: {id, text, source, do}`: a rule nested in an effect list, with its own provenance. */
import { isNode } from '../interpreter/compile/compiler.ts';
import { effectKind } from './kind.ts';

export default effectKind({
  key: 'rule',
  blocks: (e) => [{ effects: e.rule.do ?? [], bound: [], rule: true }],
  compile: (cx, e, env) =>
    isNode(e['rule']) ? cx.ruleNode(e['rule'], env) : cx.cc.error(e, 'rule', 'a nested rule must be a rule node with id, text, source and do'),
  // what it writes is what its body writes (its block)
  writes: () => new Set(),
  read: {
    en: (e, r) => `apply the rule ${r.ref(e.rule.id)}${e.rule.when !== undefined ? ` (only when ${r.expr(e.rule.when)})` : ''}`,
    zh: (e, r) => `套用規則 ${r.ref(e.rule.id)}${e.rule.when !== undefined ? `（僅當 ${r.expr(e.rule.when)}）` : ''}`,
  },
  chart: (e, d, from) => d.ruleBox('box', e.rule.id, e.rule.when, from),
});
