/**
 * Instruction bodies as generated code: each run of two or more straight-line instructions (exec,
 * jump, jumpIfNot, forInit, forNext) between the machine's own (choices, calls, shuffles, ends)
 * becomes one function `g<n>(c, M)`, entered at any of its pcs (`M.pc`) and returning where the machine
 * takes over (`M.pc` again). Inside, every instruction is a `case` of one switch the code falls
 * through; a jump inside the block re-enters the switch, one outside it returns.
 *
 * The machine's rules hold exactly: each instruction takes one step of `M.budget` before it runs
 * (out of steps, the block stops there with none left, and the machine raises the stuck-loop error
 * at that pc); `M.pc` is the instruction running when anything throws, so the error names its rule
 * and place as the machine's would. An expression of the program's own is called as its generated
 * function (its faults placed as its entry places them); anything else — an effect's closure, a
 * constant — is called as `K[n](c)`, its own closure, so kinds can be generated one by one.
 */
import type { ExecBody, Instr, TargetCode, ZoneCode } from '../interpreter/program.ts';
import { MAX_NUMBER } from '../expr/numbers.ts';

/** what the block emitter needs of the program's emitter: constants, fresh names, expression calls */
export interface BlockHost {
  /** `K[i]` for a value */
  k(v: unknown): string;
  /** a fresh `v<n>` */
  fresh(): string;
  /** statements computing `fn(c)` into a fresh name, and that name */
  call(fn: (c: never) => unknown): { code: string; value: string };
}

/** the opcodes a block may hold */
const INLINE: ReadonlySet<Instr['op']> = new Set(['exec', 'jump', 'jumpIfNot', 'forInit', 'forNext']);

/** past this many instructions a run is cut into several blocks (V8 stops optimising very large functions) */
export const MAX_BLOCK = 48;

/** a single instruction between the machine's own stays the machine's: a block's call would only replace its dispatch */
export const MIN_BLOCK = 2;

/** [first, last] pc of each block, in order */
export function blockRanges(code: readonly Instr[]): [number, number][] {
  const out: [number, number][] = [];
  let pc = 0;
  while (pc < code.length) {
    if (!INLINE.has(code[pc]!.op)) {
      pc++;
      continue;
    }
    const lo = pc;
    while (pc < code.length && INLINE.has(code[pc]!.op) && pc - lo < MAX_BLOCK) pc++;
    if (pc - lo >= MIN_BLOCK) out.push([lo, pc - 1]);
  }
  return out;
}

/** the source of one block's function over code[lo..hi] */
export function emitBlock(code: readonly Instr[], lo: number, hi: number, h: BlockHost): string {
  const n = (x: number) => int(x);
  // a jump: inside the block the switch takes it, outside the machine does
  const go = (to: number) => (to >= lo && to <= hi ? `P=${n(to)};continue;` : `P=${n(to)};return;`);
  const out: string[] = [];
  for (let pc = lo; pc <= hi; pc++) {
    const ins = code[pc]!;
    out.push(`case ${n(pc)}:P=${n(pc)};N=N-1;if(N<0){N=0;return;}{`);
    switch (ins.op) {
      case 'exec':
        out.push(ins.body ? execBody(ins.body, ins.fn, h) : `${h.k(ins.fn)}(c);`);
        break;
      case 'jump':
        out.push(go(ins.to));
        break;
      case 'jumpIfNot': {
        if (ins.less) {
          out.push(`if((L[${n(ins.less[0])}] < L[${n(ins.less[1])}])!==true){${go(ins.to)}}`);
          break;
        }
        const { code: s, value } = h.call(ins.cond);
        out.push(s, `if(${value}!==true){${go(ins.to)}}`);
        break;
      }
      case 'forInit': {
        const { code: s, value } = h.call(ins.copyOf ?? ins.list);
        out.push(s, `L[${n(ins.listSlot)}]=${ins.copyOf ? `${value}.slice()` : value};L[${n(ins.idxSlot)}]=0;`);
        break;
      }
      case 'forNext': {
        const a = h.fresh();
        const i = h.fresh();
        out.push(`const ${a}=L[${n(ins.listSlot)}];const ${i}=L[${n(ins.idxSlot)}];if(${i}>=${a}.length){${go(ins.end)}}L[${n(ins.asSlot)}]=${a}[${i}];L[${n(ins.idxSlot)}]=${i} + 1;`);
        break;
      }
      default:
        throw new Error(`a '${ins.op}' instruction inside a block`);
    }
    out.push('}');
  }
  return `function(c,M){const L=c.locals;let P=M.pc;let N=M.budget;\ntry{for(;;){switch(P){\n${out.join('\n')}\nP=${n(hi + 1)};return;\ndefault:return;}}}finally{M.pc=P;M.budget=N;}}`;
}

/**
 * An effect the block runs itself: the same reads, writes and calls in the same order as its
 * closure's (set.ts, let.ts) — each expression run as often as there — with logging left to the
 * closure: while the state logs, the closure runs instead.
 */
function execBody(b: ExecBody, fn: unknown, h: BlockHost): string {
  if (b.k === 'inc') return `L[${int(b.slot)}]=L[${int(b.slot)}] + 1;`;
  if (b.k === 'move') return `if(c.s.logging){${h.k(fn)}(c);}else{${moveBody(b, h)}}`;
  if (b.k === 'count') {
    const n = h.call(b.n);
    return `L[${int(b.counter)}]=0;${n.code}L[${int(b.limit)}]=${n.value};`;
  }
  const value = h.call(b.value);
  if (b.k === 'let') return `${value.code}L[${int(b.slot)}]=R.isArray(${value.value})?${value.value}.slice():${value.value};`;
  const t = b.target;
  let body: string;
  if (b.k === 'set') {
    const x = h.fresh();
    const stored = b.list ? `R.isArray(${value.value})?${value.value}.slice():${value.value}` : value.value;
    body = `${value.code}const ${x}=${stored};${write(t, x, h)}`;
  } else {
    // add: the value, then the target read, then written (its seat and key worked out for each)
    const r = read(t, h);
    const x = h.fresh();
    // a sum outside the numbers a rule may hold fails as the closure's (src/expr/numbers.ts)
    body = `${value.code}${r.code}const ${x}=${r.value} + ${value.value};if(!(${x}<=${MAX}&&${x}>=-${MAX}))R.addOut(${r.value},${value.value});${write(t, x, h)}`;
  }
  return `if(c.s.logging){${h.k(fn)}(c);}else{${body}}`;
}

/**
 * A move without a log, as its closure makes it (move.ts): the zone it leaves, then the cards (the
 * count, worked out as there, or the list given), and only if some go, the zone they go to, on
 * top (the helpers' prepend) or at the bottom. The cards go through the move's own helpers and
 * buffer, so a card that is not where the rules say fails with the closure's message.
 */
function moveBody(b: Extract<ExecBody, { k: 'move' }>, h: BlockHost): string {
  const from = zone(b.from, h);
  const take = h.k(b.helpers.takeTop);
  const prepend = h.k(b.helpers.prepend);
  const n = h.fresh();
  let code = from.code;
  let cards: string;
  if (b.cards !== undefined) {
    const list = h.call(b.cards);
    cards = h.fresh();
    code += `${list.code}const ${cards}=${h.k(b.helpers.removeCards)}(${from.value},${list.value},${h.k(b.rule)});const ${n}=${cards}.length;`;
  } else {
    cards = h.k(b.helpers.buffer);
    if (b.count !== undefined) {
      const count = h.call(b.count);
      code += `${count.code}const ${n}=R.trunc(R.max(0,R.min(${count.value},${from.value}.length)));`;
    } else code += `const ${n}=${from.value}.length;`;
  }
  const to = zone(b.to, h);
  const taken = b.cards !== undefined ? '' : `${take}(${from.value},${n},${cards});`;
  let put = `${prepend}(${to.value},${cards},${n});`;
  if (b.atBottom) {
    const i = h.fresh();
    put = `for(let ${i}=0;${i}<${n};${i}=${i}+1){${to.value}.push(${cards}[${i}]);}`;
  }
  return `${code}if(${n}>0){${taken}${to.code}${put}}`;
}

/** the statements reading a named zone's cards into a fresh name: its key, then its seat (zoneOf's order) */
function zone(z: ZoneCode, h: BlockHost): { code: string; value: string } {
  let code = '';
  let index = int(z.slot);
  if (z.key !== undefined) {
    const k = h.call(z.key);
    code += k.code;
    index = `${index} + ${k.value}`;
  }
  let array = 'c.s.z';
  if (z.seat !== undefined) {
    const s = h.call(z.seat);
    code += s.code;
    array = `c.s.seats[${s.value}].z`;
  }
  const v = h.fresh();
  return { code: `${code}const ${v}=${array}[${index}];`, value: v };
}

/** the statements before a target's array and its index: `<array>[<index>]` is the target */
function place(t: TargetCode, h: BlockHost): { code: string; array: string; index: string } {
  const b = t.base;
  let code = '';
  let array: string;
  let index: string;
  if ('local' in b) {
    array = 'L';
    index = int(b.local);
  } else if ('game' in b) {
    array = 'c.s.g';
    index = int(b.game);
  } else {
    const w = h.call(b.who);
    code += w.code;
    array = `c.s.seats[${w.value}].v`;
    index = int(b.seat);
  }
  if (t.key === undefined) return { code, array, index };
  // a keyed var: one item of the array it holds, the key worked out after the seat
  const a = h.fresh();
  code += `const ${a}=${array}[${index}];`;
  const k = h.call(t.key);
  return { code: code + k.code, array: a, index: k.value };
}

function read(t: TargetCode, h: BlockHost): { code: string; value: string } {
  const p = place(t, h);
  const v = h.fresh();
  return { code: `${p.code}const ${v}=${p.array}[${p.index}];`, value: v };
}

function write(t: TargetCode, x: string, h: BlockHost): string {
  const p = place(t, h);
  return `${p.code}${p.array}[${p.index}]=${x};`;
}

const MAX = int(MAX_NUMBER);

function int(x: number): string {
  if (!Number.isSafeInteger(x) || x < 0) throw new Error(`not an index: ${x}`);
  return String(x);
}
