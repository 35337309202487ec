/**
 * A game whose guard runs away (the corpus case test/corpus/loops/nested-lambdas: 2000 × 2000
 * lambda calls in a function a guard calls) and a scenario of it, written into a folder laid out as
 * a project (`rules/runaway/`, `test/conformance/runaway/`), for the commands and the language
 * server to meet it (issue 30 §3).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioSchemaLine } from '../../src/conformance/index.ts';
import { schemaLine } from '../../src/loader/load-folder.ts';

/** the guard `f() > 0` in the game file, where the work budget's error is placed */
export const RUNAWAY_PLACE = { line: 43, col: 18 };

/** the game and its scenario under `root`; their paths */
export function writeRunawayGame(root: string): { rules: string; game: string; scenario: string } {
  const rules = join(root, 'rules');
  const game = join(rules, 'runaway', 'game.yaml');
  mkdirSync(join(rules, 'runaway'), { recursive: true });
  cpSync(fileURLToPath(new URL('../corpus/loops/nested-lambdas/game.yaml', import.meta.url)), game);
  writeFileSync(game, readFileSync(game, 'utf8').replace(/^# yaml-language-server:.*$/m, schemaLine(game)));
  const scenario = join(root, 'test', 'conformance', 'runaway', 'first-pick.yaml');
  mkdirSync(join(root, 'test', 'conformance', 'runaway'), { recursive: true });
  writeFileSync(
    scenario,
    `${scenarioSchemaLine(scenario)}
id: first-pick
text: {en: The first pick., zh: 第一次選擇。}
source:
  - ref: "003:98"
    quote: 每位玩家所分到的金額必須相同
game: runaway
players: 2
seed: 1
do:
  - {seat: 0, choice: pick, value: 1}
  - expect: [n == 0]
`,
  );
  return { rules, game, scenario };
}
