/**
 * Calls of a spec function that an expression makes twice with the same arguments, the second
 * time after the first has surely run: `if otherMax(s, c) == 0 then 1 else otherMax(s, c) + 1`.
 * The compiler keeps the first call's value in a slot and reads it at the second (both the
 * closures and the generated code, which get the same IR), so a formula written the way a
 * rulebook states it costs what a hand-written `let` would.
 *
 * Sound because an expression changes nothing while it runs (it reads the state; the only slots
 * it writes are its own lambda and call parameters), a spec function cannot call itself, and only
 * arguments that cannot change between the two calls are compared: names (a lambda parameter, a
 * local, a function's own parameter, a declared var or zone), literals, and members of those.
 * "Surely run" is decided conservatively, by evaluation order:
 *   - an `if`'s condition runs before either branch; `and`/`or`'s left side before its right;
 *   - a lambda's body sees what ran before the call that takes the lambda, and nothing of the body
 *     counts afterwards (it may run for no item, and its names mean other values each time);
 *   - the arguments of one node do not share with each other (their order is the node's business),
 *     and what ran in a branch or a right side does not count after it.
 * Only the values of locals that nothing reads afterwards differ from running every call.
 */
import type { Ast, CallNode } from './ast.ts';

/** whether calls made again share a value, here and in memo.ts: not when RULES_SHARED_CALLS=off (to compare) */
export function sharedCallsEnabled(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.['RULES_SHARED_CALLS'] !== 'off';
}

export interface SharedCalls {
  /** a later call → the earlier call whose value it reuses */
  reuse: Map<CallNode, CallNode>;
}

interface Seen {
  call: CallNode;
  /** the names its arguments read (a lambda parameter of the same name hides the call inside its body) */
  names: string[];
}

/** `isSpecFunction(name)`: whether `name(…)` calls one of the spec's own functions */
export function sharedCalls(root: Ast, isSpecFunction: (name: string) => boolean): SharedCalls {
  const reuse = new Map<CallNode, CallNode>();

  /** a stable argument's text and the names it reads, or undefined */
  const stable = (n: Ast, names: string[]): string | undefined => {
    switch (n.kind) {
      case 'Number': return `#${n.value}`;
      case 'String': return JSON.stringify(n.value);
      case 'Bool': return n.value ? 'true' : 'false';
      case 'None': return 'none';
      case 'Name':
        names.push(n.name);
        return n.name;
      case 'Member': {
        const o = stable(n.object, names);
        return o === undefined ? undefined : `${o}.${n.name}`;
      }
      default:
        return undefined;
    }
  };

  /** walk `n` with the calls `ran` known to have run; returns the calls `n` surely runs */
  const walk = (n: Ast, ran: ReadonlyMap<string, Seen>): Map<string, Seen> => {
    const out = new Map<string, Seen>();
    const all = (xs: readonly Ast[]): void => {
      for (const x of xs) for (const [k, v] of walk(x, ran)) out.set(k, v);
    };
    switch (n.kind) {
      case 'If': {
        const c = walk(n.cond, ran);
        const after = new Map([...ran, ...c]);
        walk(n.then, after);
        walk(n.else, after);
        return c;
      }
      case 'Binary':
        if (n.op === 'and' || n.op === 'or') {
          const a = walk(n.left, ran);
          walk(n.right, new Map([...ran, ...a]));
          return a;
        }
        all([n.left, n.right]);
        return out;
      case 'Lambda': {
        const hidden = new Set(n.params.map((p) => p.name));
        const inside = new Map([...ran].filter(([, s]) => !s.names.some((x) => hidden.has(x))));
        walk(n.body, inside);
        return out;
      }
      case 'Call': {
        all(n.args);
        if (!isSpecFunction(n.name)) return out;
        const names: string[] = [];
        const args = n.args.map((a) => stable(a, names));
        if (args.some((a) => a === undefined)) return out;
        const key = `${n.name}(${args.join(',')})`;
        const earlier = ran.get(key);
        if (earlier) reuse.set(n, earlier.call);
        else out.set(key, { call: n, names });
        return out;
      }
      case 'Member': all([n.object]); return out;
      case 'Unary': all([n.operand]); return out;
      case 'Index': all([n.object, n.index]); return out;
      case 'List': all(n.items); return out;
      default:
        return out;
    }
  };
  walk(root, new Map());
  return { reuse };
}
