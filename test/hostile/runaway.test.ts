/**
 * A spec whose expression runs away (loops inside loops, inside every size limit: issue 30 §3) is
 * stopped by the work budget wherever the engine runs it — `simulate` (on one thread and on
 * workers), `play`, and the conformance runner (`rules test`) — with the error at the expression's
 * file:line:col and no stack trace. (`validate` is the corpus's: test/corpus/loops/; the language
 * server's is test/lsp/hostile-input.test.ts.)
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferIO, defaultContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';
import { scenarioSchemaLine } from '../../src/conformance/index.ts';

const root = mkdtempSync(join(tmpdir(), 'runaway-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const rules = join(root, 'rules');
cpSync(fileURLToPath(new URL('../corpus/loops/nested-lambdas', import.meta.url)), join(rules, 'runaway'), { recursive: true });
const scenarios = join(root, 'test', 'conformance', 'runaway');
mkdirSync(scenarios, { recursive: true });
const scenario = join(scenarios, 'first-pick.yaml');
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

/** the place every command must name: the guard `f() > 0` of the corpus case, line 43 column 18
 *  (where the error is, or for a scenario, after its step's place) */
const PLACE = `${relative(process.cwd(), join(rules, 'runaway', 'game.yaml')).split('\\').join('/')}:43:18`;

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const io = bufferIO();
  const code = await run(args, { ...defaultContext(), io });
  return { code, out: io.stdout() + io.stderr() };
}

describe('a runaway expression is stopped at its place by every command that runs the game', () => {
  for (const [what, args] of [
    ['simulate', ['simulate', 'runaway', '--rules-dir', rules, '--games', '3']],
    ['simulate on workers', ['simulate', 'runaway', '--rules-dir', rules, '--games', '3', '--workers', '2']],
    ['play', ['play', 'runaway', '--rules-dir', rules, '--seats', 'random,random', '--seed', '1']],
    ['test', ['test', '--rules-dir', rules, join(scenarios, 'first-pick.yaml')]],
  ] as const) {
    it(what, async () => {
      const { code, out } = await cli([...args]);
      expect(code, out).not.toBe(0);
      expect(out).toContain(PLACE);
      expect(out).toMatch(/did more than 2,000,000 steps of work without anyone deciding/);
      expect(out).not.toMatch(/^\s+at .*[:(]/m);
    }, 60_000);
  }
});
