/**
 * What a `when` guard depends on: which options (variants, editions) and whether the player
 * count; and, for a game with an `edition` option, which editions a rule exists in.
 */
import { children, walkAst as walk, type Ast } from '../expr/index.ts';
export { children };
import type { Expr, Option } from '../spec/types.generated.ts';
import { parse } from './readings/reader.ts';

const isOption = (n: Ast, id?: string): boolean =>
  n.kind === 'Member' && n.object.kind === 'Name' && n.object.name === 'options' && (id === undefined || n.name === id);

export interface GuardInfo {
  /** option ids the guard reads, in order of appearance */
  options: string[];
  players: boolean;
}

export function guardInfo(when: Expr | undefined): GuardInfo {
  const info: GuardInfo = { options: [], players: false };
  if (when === undefined) return info;
  walk(parse(when), (n) => {
    if (n.kind === 'Member' && isOption(n) && !info.options.includes(n.name)) info.options.push(n.name);
    if (n.kind === 'Name' && n.name === 'players') info.players = true;
  });
  return info;
}

/** the values of an option, as strings */
export function optionValues(o: Option): string[] {
  if (o.values && o.values.length > 0) return o.values.map(String);
  if (o.type === 'bool') return ['true', 'false'];
  return [String(o.default)];
}

/**
 * The editions a guard lets a rule exist in, or undefined when it does not read the edition.
 * `edition == "a"`, `!=`, `in [...]`, `not`, `and` and `or` are understood; any other use of the
 * edition counts as every edition.
 */
export function editionsOf(when: Expr | undefined, edition: Option): string[] | undefined {
  if (when === undefined) return undefined;
  const all = optionValues(edition);
  const sets = (n: Ast): Set<string> | undefined => {
    let mentions = false;
    walk(n, (m) => {
      if (isOption(m, edition.id)) mentions = true;
    });
    if (!mentions) return undefined;
    const lit = (m: Ast): string | undefined => (m.kind === 'String' || m.kind === 'Number' ? String(m.value) : undefined);
    if (n.kind === 'Binary') {
      if (n.op === '==' || n.op === '!=') {
        const v = isOption(n.left, edition.id) ? lit(n.right) : isOption(n.right, edition.id) ? lit(n.left) : undefined;
        if (v !== undefined) return new Set(n.op === '==' ? [v] : all.filter((x) => x !== v));
      }
      if (n.op === 'in' && isOption(n.left, edition.id) && n.right.kind === 'List') {
        const vs = n.right.items.map(lit);
        if (vs.every((v) => v !== undefined)) return new Set(vs as string[]);
      }
      if (n.op === 'and' || n.op === 'or') {
        const a = sets(n.left);
        const b = sets(n.right);
        if (n.op === 'and') return a && b ? new Set([...a].filter((x) => b.has(x))) : (a ?? b);
        return a && b ? new Set([...a, ...b]) : new Set(all);
      }
    }
    if (n.kind === 'Unary' && n.op === 'not') {
      const a = sets(n.operand);
      return a ? new Set(all.filter((x) => !a.has(x))) : undefined;
    }
    return new Set(all);
  };
  const s = sets(parse(when));
  return s ? all.filter((v) => s.has(v)) : undefined;
}
