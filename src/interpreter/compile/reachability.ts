/**
 * Static checks over the compiled instructions: every instruction reachable from the start
 * (a plain graph search over jumps, as in GGP/RG validators), and every procedure and trigger used.
 */
import type { Compiler, Node } from './compiler.ts';
import { list, triggerEvent } from './declarations.ts';

export function checkReachable(cc: Compiler, spec: Node): void {
  const code = cc.code;
  const seen = new Array<boolean>(code.length).fill(false);
  // effect lists are compiled whether or not a resolve reaches them: each is a root of its own
  const todo = [0, ...cc.listEntries];
  while (todo.length > 0) {
    const i = todo.pop()!;
    if (i < 0 || i >= code.length || seen[i]) continue;
    seen[i] = true;
    const ins = code[i]!;
    switch (ins.op) {
      case 'jump':
        todo.push(ins.to);
        break;
      case 'jumpIfNot':
        todo.push(ins.to, i + 1);
        break;
      case 'forNext':
        todo.push(ins.end, i + 1);
        break;
      case 'call':
        todo.push(ins.body.entry, i + 1);
        break;
      case 'dispatch':
        for (const b of [...ins.bodies, ins.fallback]) if (b) todo.push(b.entry);
        todo.push(i + 1);
        break;
      case 'end':
      case 'finish':
      case 'ret':
        break;
      default:
        todo.push(i + 1);
    }
  }
  const reported = new Set<string>();
  seen.forEach((ok, i) => {
    const rule = cc.ruleAt[i]!;
    if (ok || reported.has(rule)) return;
    reported.add(rule);
    const node = cc.ruleNodes.get(rule);
    if (node) cc.error(node, 'id', `part of rule '${rule}' can never run (it comes after an endGame in the same list, or the flow never gets there)`);
  });

  const { called, emitted } = cc.model;
  for (const proc of list(spec, 'procedures')) if (!called.has(String(proc['id']))) cc.warn(proc, 'id', `procedure '${String(proc['id'])}' is never called`);
  for (const t of list(spec, 'triggers')) {
    const ev = triggerEvent(t);
    if (ev === undefined) cc.error(t, undefined, `trigger '${String(t['id'])}' needs 'event: <name>', the event it listens to`);
    else if (!emitted.has(ev)) cc.warn(t, 'event', `trigger '${String(t['id'])}' listens to '${ev}', which nothing emits`);
  }
}
