/**
 * What a `when` guard depends on: which options (variants, editions) and whether the player
 * count; and, for a game with an `edition` option, which editions a rule exists in.
 */
import { children, walkAst as walk, type Ast } from '../expr/index.ts';
export { children };
import type { Expr, Option } from '../loader/types.generated.ts';
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

/**
 * Whether a guard holds under an option set, as far as the options alone decide it: true or
 * false, or undefined when it depends on the game (a var, the players, a seat). `options.x`,
 * literals, `not`, `and`, `or`, `==` and `!=` are understood. For a player's screen: the vars
 * and zones read only by rules that are off (a variant not played) are not shown.
 */
export function holdsUnder(
  when: Expr | Ast | undefined,
  options: Readonly<Record<string, unknown>>,
  /** the spec's functions whose value the options alone decide (`hasPower(…)` under `powers: false`) */
  functions: ReadonlyMap<string, boolean> = new Map(),
): boolean | undefined {
  if (when === undefined) return true;
  type V = { v: unknown } | undefined;
  const value = (n: Ast): V => {
    if (n.kind === 'Bool' || n.kind === 'Number' || n.kind === 'String') return { v: n.value };
    if (n.kind === 'Call' && functions.has(n.name)) return { v: functions.get(n.name) };
    if (isOption(n) && n.kind === 'Member' && Object.hasOwn(options, n.name)) return { v: options[n.name] };
    if (n.kind === 'Unary' && n.op === 'not') {
      const x = value(n.operand);
      return x === undefined ? undefined : { v: !x.v };
    }
    if (n.kind === 'Binary') {
      const a = value(n.left);
      const b = value(n.right);
      if (n.op === 'and') return a?.v === false || b?.v === false ? { v: false } : a && b ? { v: Boolean(a.v) && Boolean(b.v) } : undefined;
      if (n.op === 'or') return a?.v === true || b?.v === true ? { v: true } : a && b ? { v: Boolean(a.v) || Boolean(b.v) } : undefined;
      if ((n.op === '==' || n.op === '!=') && a && b) return { v: (a.v === b.v) === (n.op === '==') };
    }
    return undefined;
  };
  const r = value(typeof when === 'object' ? when : parse(when));
  return r === undefined ? undefined : r.v === true;
}

/**
 * The names (`Name`, called functions) and member names (`x.name`) an expression reads under an
 * option set: the parts the options switch off (`options.x and …` with x false, the branch of an
 * `if` not taken) are not read.
 */
export function namesRead(
  e: Expr,
  options: Readonly<Record<string, unknown>>,
  functions: ReadonlyMap<string, boolean> = new Map(),
): { names: Set<string>; members: Set<string> } {
  const names = new Set<string>();
  const members = new Set<string>();
  const visit = (n: Ast): void => {
    if (n.kind === 'Name') names.add(n.name);
    if (n.kind === 'Member') members.add(n.name);
    if (n.kind === 'Call') names.add(n.name);
    if (n.kind === 'Binary' && (n.op === 'and' || n.op === 'or')) {
      visit(n.left);
      const left = holdsUnder(n.left, options, functions);
      if (left !== (n.op === 'or')) visit(n.right);
      return;
    }
    if (n.kind === 'If') {
      visit(n.cond);
      const c = holdsUnder(n.cond, options, functions);
      if (c !== false) visit(n.then);
      if (c !== true) visit(n.else);
      return;
    }
    for (const c of children(n)) visit(c);
  };
  visit(parse(e));
  return { names, members };
}
