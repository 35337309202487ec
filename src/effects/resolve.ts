/** `resolve: <card or place>, list: <effect list id>, with: {…}`: run the effect list its kind (or place) carries. */
import { typeToString } from '../expr/index.ts';
import type { Json } from '../interpreter/api.ts';
import type { Run } from '../interpreter/program.ts';
import { isNode, type Node } from '../interpreter/compile/compiler.ts';
import { list } from '../interpreter/compile/declarations.ts';
import { en, zh } from '../docgen/readings/phrases.ts';
import { effectKind, noBlocks, type Writes } from './kind.ts';

/** every carrier of effect lists: the card kinds, then each space set's places */
export function carriers(spec: Node): Node[] {
  return list(spec, 'cards').concat(list(spec, 'spaces').flatMap((set) => list(set, 'items')));
}

export default effectKind({
  key: 'resolve',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const id = String(e['list']);
    const table = cx.listTable(id, e);
    const subject = cx.cc.expr(e, 'resolve', env);
    if (!table || !subject) return;
    if (subject.type.k !== 'none' && subject.type.k !== 'any' && typeToString(subject.type) !== typeToString(table.subject)) {
      cx.cc.error(e, 'resolve', `effect list '${id}' is carried by ${table.byKind ? 'card kinds' : `the places of '${String(table.decl['for'])}'`}: resolve ${table.byKind ? 'a card' : `a ${String(table.decl['for'])}`}, not ${typeToString(subject.type)}`);
      return;
    }
    const args = cx.args(table.params, e, 'list', env, `effect list '${id}'`);
    if (!args) return;
    cx.cc.emit({ op: 'dispatch', subject: subject.fn as Run<Json>, byKind: table.byKind, bodies: table.bodies, fallback: table.fallback, args, rule }, rule);
  },
  // whatever any carrier's list of that id (or the list's default) may write
  writes: (e, w) => {
    let out: Writes = new Set();
    const add = (b: Writes): boolean => {
      if (b === 'all') return false;
      out = new Set([...(out as Set<string>), ...b]);
      return true;
    };
    const decl = list(w.spec, 'effectLists').find((x) => x['id'] === e.list);
    for (const k of carriers(w.spec)) {
      const own = isNode(k['effects']) ? k['effects'][e.list] : undefined;
      if (Array.isArray(own) && !add(w.body(own, `${String(k['id'])}.${e.list}`, decl?.['params']))) return 'all';
    }
    if (decl && Array.isArray(decl['do']) && !add(w.body(decl['do'], e.list, decl['params']))) return 'all';
    return out;
  },
  read: {
    en: (e, r) => `carry out what ${r.expr(e.resolve)} says under ${r.ref(e.list)}${en.withArgs(e.with, r)}`,
    zh: (e, r) => `執行 ${r.expr(e.resolve)} 在 ${r.ref(e.list)} 下寫明的效果${zh.withArgs(e.with, r)}`,
  },
  // what runs depends on the card or place: the readings say it
  chart: 'in-box',
});
