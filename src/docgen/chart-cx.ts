/**
 * What an effect kind may ask of a flow chart when it draws itself (effects/<kind>.ts `chart`):
 * the drawing primitives, implemented by the Drawer in mermaid.ts.
 */
import type { Effect, Expr, Text } from '../loader/types.generated.ts';
import type { Lang } from './i18n.ts';

export type Exit = { id: string; label?: string };

export interface ChartCx {
  lang: Lang;
  /** a box for a rule drawn elsewhere, linking to its section ('call': a procedure's double box) */
  ruleBox(shape: 'box' | 'call', id: string, when: Expr | undefined, from: Exit[]): Exit[];
  /** the `when` of a procedure, to print under its box */
  procedureWhen(id: string): Expr | undefined;
  /** a player's decision (its prompt in the chart's language); labels name the answers for later conditions */
  choice(prompt: Text | undefined, as: string | undefined, labels: Record<string, Text> | undefined, from: Exit[]): Exit[];
  /** an end node: the game ends here */
  end(endId: string, from: Exit[]): Exit[];
  /** an event's flag, then the box of each trigger listening to it */
  event(name: string, from: Exit[]): Exit[];
  /** a condition: a diamond with the branches (or only the branch a fixed condition takes) */
  branch(cond: Expr, then: readonly Effect[], otherwise: readonly Effect[] | undefined, from: Exit[]): Exit[];
  /** a loop (a hexagon labelled by the effect's reading) around its body, or, over fixed words, the body once per word */
  loop(e: Effect, body: readonly Effect[], from: Exit[], unroll?: { as: string; over: Expr }): Exit[];
  /** does this list hold anything a chart draws? */
  drawn(effects: readonly Effect[] | undefined): boolean;
}
