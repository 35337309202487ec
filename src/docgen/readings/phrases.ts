/** Small phrase helpers shared by the reading templates (readings/en.ts, zh.ts) and the effect kinds' readings. */
import type { Expr } from '../../loader/types.generated.ts';
import type { Read } from './templates.ts';

export const en = {
  q: (s: string) => `“${s}”`,
  listOf: (items: string[]) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`,
  withArgs: (w: Record<string, Expr> | undefined, r: Read) =>
    w && Object.keys(w).length > 0 ? ` with ${Object.entries(w).map(([k, v]) => `${r.local(k)} = ${r.expr(v)}`).join(', ')}` : '',
};

export const zh = {
  q: (s: string) => `「${s}」`,
  withArgs: (w: Record<string, Expr> | undefined, r: Read) =>
    w && Object.keys(w).length > 0 ? `（${Object.entries(w).map(([k, v]) => `${r.local(k)} = ${r.expr(v)}`).join('，')}）` : '',
};
