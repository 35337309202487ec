/**
 * What one effect kind is, in one place: how it is checked and compiled, what it holds (its
 * nested effect lists), what it may write (for the choice prover), how it reads in English and
 * Chinese, and how a flow chart draws it. Every kind is one module of this folder, listed in
 * registry.ts; test/effects/registry.test.ts fails when a kind lacks a part or the schema lacks
 * its branch. The passes (compiler, prover, reader, charts, walkers) ask the registry and never
 * switch on effect keys themselves.
 */
import type {
  AddEffect, CallEffect, ChooseEffect, DealEffect, EliminateEffect, EmitEffect, EndGameEffect, ForEachEffect, IfEffect,
  LetEffect, LogEffect, MoveEffect, PeekEffect, RepeatEffect, ResolveEffect, RevealEffect, RuleEffect, SetEffect,
  ShuffleEffect, SplitEffect, WhileEffect, Effect,
} from '../loader/types.generated.ts';
import type { Read } from '../docgen/readings/templates.ts';
import type { ChartCx, Exit } from '../docgen/chart-cx.ts';
import type { EffectCompiler } from '../interpreter/compile/effects.ts';
import type { Env, Node } from '../interpreter/compile/compiler.ts';

export interface EffectMap {
  set: SetEffect;
  add: AddEffect;
  let: LetEffect;
  if: IfEffect;
  forEach: ForEachEffect;
  repeat: RepeatEffect;
  while: WhileEffect;
  move: MoveEffect;
  shuffle: ShuffleEffect;
  deal: DealEffect;
  choose: ChooseEffect;
  call: CallEffect;
  emit: EmitEffect;
  eliminate: EliminateEffect;
  split: SplitEffect;
  endGame: EndGameEffect;
  log: LogEffect;
  rule: RuleEffect;
  reveal: RevealEffect;
  peek: PeekEffect;
  resolve: ResolveEffect;
}
export type EffectKey = keyof EffectMap;

/** an effect list held by an effect (a branch, a loop's body, a menu's step, a nested rule) */
export interface Block {
  effects: readonly Effect[];
  /** the names bound for these effects (a loop's `as`) */
  bound: readonly string[];
  /** an if's else branch: a reading puts it under "otherwise" */
  otherwise?: true;
  /** a nested rule's body: a rule of its own, which readings and charts link to, not inline */
  rule?: true;
}

/** the names a piece of the spec may write; 'all' when it cannot be known */
export type Writes = Set<string> | 'all';

/** what a kind's `writes` may ask */
export interface WritesCx {
  /** the names in an expression (what a zone ref or a var path writes through) */
  names(src: unknown): Set<string>;
  /**
   * What the procedure, trigger or effect list body named `id` may write (a chain counted once);
   * `params` are its declared params: a write through a `zone` parameter may be any zone, so it
   * counts as everything.
   */
  body(effects: unknown, id: string, params?: unknown): Writes;
  /** the spec, as plain data */
  spec: Node;
}

/** a chart's drawing of one effect: the exits after it (none: the flow stops there) */
export type Draw<E> = (e: E, d: ChartCx, from: Exit[]) => Exit[];

export interface EffectKind<K extends EffectKey = EffectKey> {
  key: K;
  /** the effect lists it holds, in the order they run or are read */
  blocks(e: EffectMap[K]): Block[];
  /** check and compile (errors go to the compiler's diagnostics with file:line:col) */
  compile(cx: EffectCompiler, e: Node, env: Env, rule: string): void;
  /** what it writes itself, besides what its blocks write (the prover kills facts that read these) */
  writes(e: EffectMap[K], w: WritesCx): Writes;
  /** one line of its reading, per language (its blocks are read under it by the reader) */
  read: { en(e: EffectMap[K], r: Read): string; zh(e: EffectMap[K], r: Read): string };
  /**
   * How a flow chart draws it: a node and its edges, or 'in-box' for steps that charts leave to
   * the readings (assignments, card moves): they stay inside their rule's box.
   */
  chart: Draw<EffectMap[K]> | 'in-box';
  /** drawn only when what it holds is drawn (a condition, a loop): it has no node of its own otherwise */
  chartsThrough?: true;
  /**
   * Its compile tells the prover itself what it changes (a choice also records what its answer
   * is known to be); for the others, the effect compiler kills the facts their writes touch
   * (a kind with blocks through its blocks' effects).
   */
  provesItself?: true;
}

/** declare a kind (the identity, typed: the kind's functions see its own effect type) */
export function effectKind<K extends EffectKey>(kind: EffectKind<K>): EffectKind<K> {
  return kind;
}

export const noBlocks = (): Block[] => [];
export const writesNothing = (): Writes => new Set();
