/**
 * `rules new <game>`: write a minimal game that validates and plays, as a starting point:
 *
 *   <rules>/<game>/game.yaml          the game section and its state
 *   <rules>/<game>/flow.yaml          one rule, an end, the outcome
 *   <rules>/../test/conformance/<game>/first-game.yaml   one conformance scenario
 *
 * Every file starts with the schema line for its place. The game has one rule with a `source`
 * and the others carry an `assumption`. A new game has no source text of its own yet, so its one
 * citation is a line of an existing seed (003:103, "the richest wins"): a placeholder to replace
 * once the game's rulebook is added to seeds/ (see seeds/index.yaml). Nothing is written into
 * seeds/. An existing folder or scenario file is never overwritten.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { writeFailure } from '../file-io.ts';
import { scenarioSchemaLine } from '../conformance/load.ts';
import { defaultScenariosDir } from '../conformance/index.ts';
import { schemaLine } from '../loader/load-folder.ts';
import { rulesDirOf } from './common.ts';
import { UsageError, type CliContext } from './context.ts';

/** the seed the template cites, and its line */
export const TEMPLATE_SEED = { id: '003', ref: '003:103', quote: '最後生存且獲得鈔票金額最多的搶匪玩家即為遊戲贏家' } as const;

const GAME_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const titleOf = (id: string): string => id.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

function gameYaml(id: string): string {
  return `# ${id}: the game, its players and its state (written by \`rules new\`; edit freely).
game:
  id: ${id}
  name: {en: ${titleOf(id)}, zh: 新遊戲 ${id}}
  # the source texts this game cites (ids from seeds/index.yaml): add your rulebook there
  seeds: ["${TEMPLATE_SEED.id}"]
  players: {min: 2, max: 4}
  roundVar: round
  text: {en: A starting point for a new game., zh: 一個新遊戲的起點。}
  assumption:
    why: {en: Written by rules new as a template., zh: 由 rules new 產生的範本。}

vars:
  - id: round
    type: number
    initial: 0
    visibility: public
    text: {en: The current round., zh: 目前的回合。}
    assumption:
      why: {en: The rounds are counted so that players see which round it is., zh: 計算回合數，讓玩家知道現在是第幾回合。}

seatVars:
  - id: coins
    type: number
    initial: 0
    visibility: public
    text: {en: The coins a player has taken., zh: 玩家拿到的錢幣。}
    assumption:
      why: {en: The template keeps each player's score in one number., zh: 範本以一個數字記錄每位玩家的分數。}
`;
}

function flowYaml(): string {
  return `# The turn, the end and the winner (written by \`rules new\`; replace with your game's rules).
flow:
  - id: take-coins
    text: {en: "In each of three rounds, every player in turn takes one, two or three coins.", zh: 三個回合中，每位玩家輪流拿一至三枚錢幣。}
    assumption:
      why: {en: "A template rule: replace it with your game's turn.", zh: 範本規則：請換成你的遊戲的回合。}
    do:
      - repeat: 3
        as: r
        do:
          - set: round
            to: r
          - forEach: alive
            as: s
            do:
              - choose: take
                seats: s
                options: "[1, 2, 3]"
                as: n
                prompt: {en: How many coins do you take?, zh: 你要拿幾枚錢幣？}
              - add: s.coins
                value: n

ends:
  - id: after-3-rounds
    text: {en: The game ends after three rounds., zh: 三回合後遊戲結束。}
    assumption:
      why: {en: "A template end: replace it with your game's end.", zh: 範本結束條件：請換成你的遊戲的結束條件。}

outcome:
  score: "s => s.coins"
  results:
    - id: most-coins
      text: {en: The player with the most coins wins., zh: 錢幣最多的玩家獲勝。}
      # a placeholder citation from another game's rulebook: cite your own seed's line here
      source:
        - ref: "${TEMPLATE_SEED.ref}"
          quote: ${TEMPLATE_SEED.quote}
      winners:
        among: alive
        by:
          - {key: "s => score(s)", order: desc}
`;
}

function scenarioYaml(id: string): string {
  return `id: first-game
text:
  en: Two players; the first takes three coins every round, the second one coin. The first wins with 9 coins to 3.
  zh: 兩位玩家；第一位每回合拿三枚錢幣，第二位每回合拿一枚。第一位以9比3枚獲勝。
source:
  - ref: "${TEMPLATE_SEED.ref}"
    quote: ${TEMPLATE_SEED.quote}
game: ${id}
players: 2
do:
  - {seat: 0, choice: take, value: 3}
  - {seat: 1, choice: take, value: 1}
  - {seat: 0, choice: take, value: 3}
  - {seat: 1, choice: take, value: 1}
  - {seat: 0, choice: take, value: 3}
  - {seat: 1, choice: take, value: 1}
expect:
  - seat(0).coins == 9
expectResult: {end: after-3-rounds, result: most-coins, winners: [0], scores: [9, 3]}
`;
}

export interface NewCliOptions {
  rulesDir?: string;
}

/** the files `rules new` writes, path → content (no I/O) */
export function newGameFiles(rulesDir: string, id: string): Map<string, string> {
  const dir = join(rulesDir, id);
  const scenario = join(defaultScenariosDir(rulesDir), id, 'first-game.yaml');
  const files = new Map<string, string>();
  const withSchema = (path: string, body: string) => files.set(path, `${schemaLine(path)}\n${body}`);
  withSchema(join(dir, 'game.yaml'), gameYaml(id));
  withSchema(join(dir, 'flow.yaml'), flowYaml());
  files.set(scenario, `${scenarioSchemaLine(scenario)}\n${scenarioYaml(id)}`);
  return files;
}

export async function newCommand(ctx: CliContext, id: string, o: NewCliOptions): Promise<number> {
  if (!GAME_ID.test(id)) {
    throw new UsageError(`a game id is lower-case words joined by '-', e.g. my-game; got '${id}'`);
  }
  const rulesDir = rulesDirOf(ctx, o.rulesDir);
  const files = newGameFiles(rulesDir, id);
  const shown = (p: string) => relative(process.cwd(), p) || p;
  for (const path of files.keys()) {
    if (existsSync(path)) throw new UsageError(`${shown(path)} already exists: choose another game id (nothing was written)`);
  }
  if (existsSync(join(rulesDir, id))) throw new UsageError(`${shown(join(rulesDir, id))} already exists (nothing was written)`);
  // all the files or none: a folder that cannot be made or written (the rules folder is a file,
  // the scenarios' folder is read-only) takes back what was written before it
  const made: string[] = [];
  const written: string[] = [];
  try {
    for (const [path, text] of files) {
      const first = mkdirSync(join(path, '..'), { recursive: true });
      if (first !== undefined) made.push(first);
      writeFileSync(path, text, { flag: 'wx' });
      written.push(path);
    }
  } catch (e) {
    for (const path of written) rmSync(path, { force: true });
    for (const dir of made.reverse()) rmSync(dir, { recursive: true, force: true });
    const path = (e as NodeJS.ErrnoException).path;
    throw new UsageError(`cannot write the new game${path ? ` (${shown(path)})` : ''}: ${writeFailure(e, dirname(path ?? rulesDir))}; nothing was written`);
  }
  for (const path of written) ctx.io.out(`wrote ${shown(path)}\n`);
  const dir = shown(join(rulesDir, id));
  const where = o.rulesDir === undefined ? '' : ` --rules-dir ${shown(rulesDir)}`;
  ctx.io.out(
    `\nNext: rules validate ${dir}   (check it)\n` +
      `      rules play ${id} --seats human,random${where}   (play it)\n` +
      `      rules test ${id}${where}   (run its scenario)\n` +
      `Its one citation (${TEMPLATE_SEED.ref}) is a placeholder from another game's rulebook: add yours to seeds/ and cite it.\n`,
  );
  return 0;
}
