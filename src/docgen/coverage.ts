/**
 * The source texts as the site shows them: every line with the rules that cite it, the lines
 * marked as carrying no rule, and the coverage figure
 *   coverage = cited rule-bearing lines / (all lines − non-rule lines − blank lines)
 * where a rule-bearing line is one that is neither blank nor listed in some game's `nonRules`.
 */
import { parseRef, seedInfo, seedLines, type SeedInfo } from '../loader/seeds.ts';
import type { Text } from '../loader/types.generated.ts';
import { DocgenError } from './errors.ts';
import type { DocNode, GameDoc } from './model.ts';

export interface Citer {
  game: GameDoc;
  node: DocNode;
}

export interface LineInfo {
  n: number;
  text: string;
  blank: boolean;
  citedBy: Citer[];
  nonRule: { game: GameDoc; why: string | Text }[];
  /** the worked examples (conformance scenarios) that cite this line */
  checkedBy: { game: GameDoc; example: string }[];
}

export interface SeedModel {
  info: SeedInfo;
  lines: LineInfo[];
  /** the games that list or cite this seed */
  games: GameDoc[];
  total: number;
  blank: number;
  /** non-rule lines that are not blank */
  nonRule: number;
  /** total − blank − nonRule */
  ruleBearing: number;
  /** rule-bearing lines cited by some rule */
  cited: number;
  /** lines cited by some worked example */
  checked: number;
}

/** every seed that some game lists in game.seeds or cites, with its lines and coverage */
export function buildSeedModels(games: GameDoc[]): SeedModel[] {
  const ids = new Set<string>();
  for (const g of games) {
    for (const s of g.spec.game?.seeds ?? []) ids.add(s);
    for (const n of g.nodes) for (const c of n.node.source ?? []) ids.add(c.ref.slice(0, 3));
  }
  return [...ids].sort().map((id) => buildSeedModel(id, games));
}

function buildSeedModel(id: string, games: GameDoc[]): SeedModel {
  const info = seedInfo(id);
  const text = seedLines(id);
  if (!info || !text) throw new DocgenError(`the source text "${id}" is not in seeds/index.yaml`);
  const lines: LineInfo[] = text.map((t, i) => ({ n: i + 1, text: t, blank: t.trim() === '', citedBy: [], nonRule: [], checkedBy: [] }));
  const users = new Set<GameDoc>();
  for (const game of games) {
    if (game.spec.game?.seeds?.includes(id)) users.add(game);
    for (const node of game.nodes) {
      for (const c of node.node.source ?? []) {
        const r = parseRef(c.ref);
        if (!r || r.seed !== id) continue;
        users.add(game);
        for (let n = r.from; n <= r.to; n++) {
          const l = lines[n - 1];
          if (l && !l.citedBy.some((x) => x.node === node)) l.citedBy.push({ game, node });
        }
      }
    }
    for (const ex of game.examples ?? []) {
      for (const c of ex.scenario.source) {
        const r = parseRef(c.ref);
        if (!r || r.seed !== id) continue;
        for (let n = r.from; n <= r.to; n++) {
          const l = lines[n - 1];
          if (l && !l.checkedBy.some((x) => x.game === game && x.example === ex.scenario.id)) l.checkedBy.push({ game, example: ex.scenario.id });
        }
      }
    }
    for (const nr of game.spec.nonRules ?? []) {
      const r = parseRef(nr.ref);
      if (!r || r.seed !== id) continue;
      users.add(game);
      for (let n = r.from; n <= r.to; n++) lines[n - 1]?.nonRule.push({ game, why: nr.why });
    }
  }
  const blank = lines.filter((l) => l.blank).length;
  const nonRule = lines.filter((l) => !l.blank && l.nonRule.length > 0).length;
  const ruleBearing = lines.length - blank - nonRule;
  const cited = lines.filter((l) => isRuleBearing(l) && l.citedBy.length > 0).length;
  const checked = lines.filter((l) => l.checkedBy.length > 0).length;
  return { info, lines, games: games.filter((g) => users.has(g)), total: lines.length, blank, nonRule, ruleBearing, cited, checked };
}

export function isRuleBearing(l: LineInfo): boolean {
  return !l.blank && l.nonRule.length === 0;
}

/** "70.0%" (one decimal), or "—" when the text has no rule-bearing line */
export function percent(s: SeedModel): string {
  return s.ruleBearing === 0 ? '—' : `${((100 * s.cited) / s.ruleBearing).toFixed(1)}%`;
}

/**
 * The line a quote starts on, within its cited lines (lines joined by "\n" or by nothing, as
 * the checker allows); the first cited line when it cannot be placed.
 */
export function quoteStart(ref: string, quote: string): number {
  const r = parseRef(ref);
  if (!r) throw new DocgenError(`"${ref}" is not a line reference`);
  const lines = (seedLines(r.seed) ?? []).slice(r.from - 1, r.to);
  for (const sep of ['\n', '']) {
    const at = lines.join(sep).indexOf(quote);
    if (at < 0) continue;
    let end = 0;
    for (let i = 0; i < lines.length; i++) {
      end += lines[i]!.length + sep.length;
      if (at < end) return r.from + i;
    }
  }
  return r.from;
}
