/** `set: <var path>, to: <value>`: give a variable a new value. */
import { typeToString } from '../expr/index.ts';
import { addFault, isRuleNumber } from '../expr/numbers.ts';
import type { Json } from '../interpreter/api.ts';
import type { Run, RunCtx } from '../interpreter/program.ts';
import { log } from '../interpreter/runtime.ts';
import type { EffectCompiler } from '../interpreter/compile/effects.ts';
import type { Env, Node } from '../interpreter/compile/compiler.ts';
import { effectKind, noBlocks } from './kind.ts';

/** set and add: a write to a var path, logged as the var's visibility allows */
export function compileAssign(cx: EffectCompiler, e: Node, env: Env, rule: string, key: 'set' | 'add'): void {
  const target = cx.cc.path(e, key, env);
  if (!target) return;
  const valueKey = key === 'set' ? 'to' : 'value';
  if (key === 'add' && target.type.k !== 'number') {
    cx.cc.error(e, key, `'add' needs a number target; '${target.name}' is ${typeToString(target.type)}`);
    return;
  }
  const value = target.values ? cx.cc.word(e, valueKey, env, target.values) : cx.cc.expr(e, valueKey, env, target.type);
  if (!value) return;
  const { read, write, name, seat, visibility } = target;
  const keyOf = target.key;
  const v = value.fn as Run<Json>;
  const isList = target.type.k === 'list';
  const logSet = (c: RunCtx, newValue: Json) => {
    if (!c.s.logging || (!keyOf && env.lookup(name))) return; // locals are bookkeeping, not game events
    const who = seat ? seat(c) : undefined;
    const data: { [k: string]: Json } = who === undefined ? { var: name } : { var: name, seat: who };
    if (keyOf) data['key'] = keyOf(c);
    data['value'] = newValue;
    if (visibility === 'public') log(c, rule, 'set', data);
    // the others see no entry at all: whether a secret var is written may itself depend on a
    // secret (a write under `if isCop(s)`), so even a bare "seat 2's phone was set" could tell
    else log(c, rule, 'set', data, visibility === 'owner' && who !== undefined ? [who] : []);
  };
  // A public write is logged when it changes something: re-setting a value to what it was is
  // bookkeeping, not an event. A secret write is logged every time, for those who may see the
  // var only: what the others see of it (nothing) cannot depend on its value or on a change.
  const always = isList || visibility !== 'public';
  if (key === 'set') {
    cx.cc.emit({ op: 'exec', body: { k: 'set', value: v, target: target.code, list: isList }, fn: (c) => { const nv = v(c); const stored = isList && Array.isArray(nv) ? nv.slice() : nv; const before = c.s.logging && !always ? read(c) : undefined; write(c, stored); if (always || before !== stored) logSet(c, stored); } }, rule);
  } else {
    cx.cc.emit({ op: 'exec', body: { k: 'add', value: v, target: target.code, list: false }, fn: (c) => { const add = v(c) as number; const before = read(c) as number; const nv = before + add; if (!isRuleNumber(nv)) addFault(before, add); write(c, nv); if (always || add !== 0) logSet(c, nv); } }, rule);
  }
}

export default effectKind({
  key: 'set',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => compileAssign(cx, e, env, rule, 'set'),
  writes: (e, w) => w.names(e.set),
  read: {
    en: (e, r) => `set ${r.path(e.set)} to ${r.expr(e.to)}`,
    zh: (e, r) => `將 ${r.path(e.set)} 設為 ${r.expr(e.to)}`,
  },
  chart: 'in-box',
});
