/**
 * Conformance scenarios: every YAML file under test/conformance/<game>/ is one test, named
 * <game>/<id>, that fails with the scenario's problems as file:line:col messages.
 * The second part checks the runner's own messages on broken scenarios.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { findScenarioFiles, formatReport, loadScenario, peekScenario, runScenarioFile } from '../../src/conformance/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const files = findScenarioFiles(here);

describe('conformance scenarios', () => {
  test('there are scenarios, each with a unique name', () => {
    expect(files.length).toBeGreaterThan(0);
    const names = files.map((f) => {
      const { game, id } = peekScenario(f);
      return `${game}/${id}`;
    });
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  // The schema still takes a plain (English) string for compatibility; the scenarios of this
  // repository give their reasons in both languages, as the specs do, for the Chinese site.
  test('every assumption reason is given in English and Chinese', () => {
    const englishOnly: string[] = [];
    for (const file of files) {
      const { file: yaml, scenario } = loadScenario(file);
      const assumption = scenario?.assumption;
      if (!assumption) continue;
      const why = assumption.why;
      const at = yaml.where(assumption, 'why');
      const where = `${relative(process.cwd(), file)}:${at.line}:${at.col}`;
      if (typeof why === 'string') englishOnly.push(`${where}: 'why' is in English only; write it as why: {en: …, zh: …}`);
      else if (!/[\u4e00-\u9fff]/.test(why.zh)) englishOnly.push(`${where}: 'why.zh' has no Chinese in it`);
    }
    expect(englishOnly).toEqual([]);
  });

  for (const file of files) {
    const { game, id } = peekScenario(file);
    const name = game && id ? `${game}/${id}` : relative(here, file);
    test(name, () => {
      const outcome = runScenarioFile(file);
      // warnings fail too: the suite stays clean
      if (outcome.diagnostics.length > 0) throw new Error(formatReport(outcome));
    });
  }
});

// ---- the runner's messages

const tmp = mkdtempSync(join(tmpdir(), 'scenarios-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let counter = 0;

/** write a scenario for the 4-player test game folder and run it; returns the report */
function run(body: string, folder = 'cash-n-guns'): { report: string; ok: boolean; name: string } {
  const dir = join(tmp, folder);
  mkdirSync(dir, { recursive: true });
  const name = `s${++counter}.yaml`;
  const head = `# yaml-language-server: $schema=${relative(dir, join(here, '../../schema/scenario.schema.json')).split('\\').join('/')}\n`;
  writeFileSync(join(dir, name), head + body);
  const o = runScenarioFile(join(dir, name));
  return { report: formatReport(o), ok: o.ok, name };
}

const header = `id: probe
text: {en: A probe., zh: 測試。}
source:
  - ref: "003:96"
    quote: 若某個玩家累積得到三個受傷標記
game: cash-n-guns
players: 4
`;

describe('scenario runner messages', () => {
  test('a passing scenario passes', () => {
    const r = run(`${header}expect:\n  - round == 1\n`);
    expect(r.report).toMatch(/passed$/);
  });

  test('a false comparison shows the value of its non-literal side, at the expression', () => {
    const r = run(`${header}given:
  seats:
    "1": {vars: {wounds: 2}}
expect:
  - round == 1
  - seat(1).wounds == 3
`);
    expect(r.ok).toBe(false);
    expect(r.report).toContain(`${r.name}:14:5: error: expected seat(1).wounds == 3 to be true; seat(1).wounds is 2`);
  });

  test('a false conjunct is pointed at, both sides shown', () => {
    const r = run(`${header}expect:\n  - round == 1 and count(table) > round * 10\n`);
    expect(r.report).toContain(`${r.name}:10:20: error: expected round == 1 and count(table) > round * 10 to be true; count(table) is 5, round * 10 is 10`);
  });

  test('an illegal answer lists the legal ones as card kinds', () => {
    const r = run(`${header}do:\n  - {answers: {"*": bullet-bbbb}, choice: bullet}\n  - expect: [round == 1]\n`);
    expect(r.report).toMatch(/:10:21: error: "bullet-bbbb" is not a legal answer of seat 0 to 'bullet' now/);
    expect(r.report).toContain('legal answers: bullet-bbb (BANG! BANG! BANG!), bullet-bang (BANG!), bullet-clic (CLiC CLiC CLiC)');
  });

  test('answering a choice that is not pending says which one is', () => {
    const r = run(`${header}do:\n  - {seat: 0, choice: aim, value: 1}\n  - expect: [round == 1]\n`);
    expect(r.report).toMatch(/:10:5: error: expected choice 'aim' to be pending, but choice 'bullet' of rule 'phase-2-bullets' waiting for seat\(s\) 0, 1, 2, 3 is now/);
  });

  test('a seat missing from answers is named', () => {
    const r = run(`${header}do:\n  - {answers: {0: bullet-clic, 1: bullet-clic}, choice: bullet}\n  - expect: [round == 1]\n`);
    expect(r.report).toMatch(/:10:6: error: seat\(s\) 2, 3 must answer 'bullet' too/);
  });

  test('legal: false fails when the answer is legal', () => {
    const r = run(`${header}do:\n  - {seat: 0, choice: bullet, value: bullet-clic, legal: false}\n  - expect: [round == 1]\n`);
    expect(r.report).toMatch(/:10:38: error: expected seat 0 not to be allowed to answer "bullet-clic" to 'bullet' now, but it is a legal answer/);
  });

  test('an expression with an unknown member is reported at the member, with a suggestion', () => {
    const r = run(`${header}expect:\n  - seat(0).wondus == 0\n`);
    expect(r.report).toMatch(/:10:13: error: seat has no member 'wondus'; did you mean 'wounds'\?/);
  });

  test('a run-time expression error is reported at its place', () => {
    const r = run(`${header}expect:\n  - seat(0).bullet.kind == "bullet-bang"\n`);
    expect(r.report).toMatch(/:10:5: error: cannot read '.kind' of none/);
  });

  test('a comma inside a flow list gets a hint', () => {
    const r = run(`${header}expect: [all(seats, s => s.wounds == 0)]\n`);
    expect(r.report).toContain('a comma separates items');
  });

  test('schema: an unknown step key with a suggestion; a misspelt top-level key', () => {
    const r = run(`${header}do:\n  - {seat: 0, choise: bullet, value: bullet-clic}\nexpct: [round == 1]\n`);
    expect(r.report).toMatch(/:10:15: error: unknown key 'choise' in a choice step \{seat, choice, value\}, and 'choice' is missing\n {2}hint: rename 'choise' to 'choice'\?/);
    expect(r.report).toMatch(/:11:1: error: unknown key 'expct' in the scenario/);
  });

  test('schema: a step of no known shape', () => {
    const r = run(`${header}do:\n  - {expct: [round == 1]}\n`);
    expect(r.report).toMatch(/:10:6: error: 'expct' does not start a step/);
    expect(r.report).toContain("did you mean 'expect'?");
  });

  test('schema: an assumption reason needs both languages (or is plain English text)', () => {
    const r = run(`${header}assumption:\n  why: {en: x}\nexpect: [round == 1]\n`);
    expect(r.ok).toBe(false);
    expect(r.report).toContain(`${r.name}:10:8: error: a text needs 'zh'\n  hint: zh: Chinese (Traditional)`);
    const block = run(`${header}assumption:\n  why:\n    en: >-\n      x\nexpect: [round == 1]\n`);
    expect(block.report).toContain(`${block.name}:11:5: error: a text needs 'zh'`);
    expect(run(`${header}assumption:\n  why: {en: x, zh: ""}\nexpect: [round == 1]\n`).report).toMatch(/:10:20: error: 'zh' must not be empty/);
    expect(run(`${header}assumption:\n  why: {en: x, zh: y, fr: z}\nexpect: [round == 1]\n`).report).toMatch(/:10:23: error: unknown key 'fr' in a text; allowed: en, zh/);
    expect(run(`${header}assumption:\n  why: 3\nexpect: [round == 1]\n`).report).toMatch(/:10:8: error: 'why' must be a map \{en, zh\} \(or English text\), not the number 3/);
    expect(run(`${header}assumption:\n  why: ""\nexpect: [round == 1]\n`).report).toMatch(/:10:8: error: 'why' must not be empty/);
    // accepted: both languages, and (for compatibility) English text
    expect(run(`${header}assumption:\n  why: {en: x, zh: 甲}\nexpect: [round == 1]\n`).report).toMatch(/passed$/);
    expect(run(`${header}assumption:\n  why: x\nexpect: [round == 1]\n`).report).toMatch(/passed$/);
  });

  test('a quote that is not on its line', () => {
    const r = run(header.replace('quote: 若某個玩家累積得到三個受傷標記', 'quote: 若某個玩家累積得到四個受傷標記') + 'expect: [round == 1]\n');
    expect(r.report).toMatch(/:6:21: error: the quote does not stand on line 96 of source text 003/);
  });

  test('given: an unknown seat variable, with a suggestion', () => {
    const r = run(`${header}given:\n  seats:\n    "1": {vars: {wound: 2}}\nexpect: [round == 1]\n`);
    expect(r.report).toMatch(/:11:18: error: cash-n-guns has no seat variable 'wound'/);
    expect(r.report).toContain("did you mean 'wounds'?");
  });

  test('given: an unknown card kind', () => {
    const r = run(`${header}given:\n  zones:\n    table: [bill-50000]\nexpect: [round == 1]\n`);
    expect(r.report).toMatch(/:11:13: error: there is no card of kind 'bill-50000'/);
  });

  test('an unknown option and a player count out of range', () => {
    expect(run(`${header}options: {power: true}\nexpect: [round == 1]\n`).report).toMatch(/:9:11: error: cash-n-guns has no option 'power'.*\n.*did you mean 'powers'\?/);
    expect(run(header.replace('players: 4', 'players: 7') + 'expect: [round == 1]\n').report).toMatch(/:8:10: error: cash-n-guns is for 4 to 6 players, not 7/);
  });

  test('expectResult on a game that is not over', () => {
    const r = run(`${header}expectResult: {winners: [0]}\n`);
    expect(r.report).toMatch(/:9:1: error: expected the game to be over, but it is not \(pending: choice 'bullet'/);
  });

  test('expectResult: wrong winners are shown with the actual result', () => {
    const r = run(`${header}given:
  seats:
    "1": {vars: {wounds: 2}}
    "2": {vars: {wounds: 2}}
    "3": {vars: {wounds: 2}}
do:
  - {answers: {0: bullet-bbb, 2: bullet-bang, 3: bullet-bang, 1: bullet-clic}, choice: bullet}
  - {answers: {0: 1, 1: 0, 2: 3, 3: 2}, choice: aim}
  - {answers: {"*": stay}, choice: leave}
expectResult: {end: one-left, winners: [1]}
`);
    expect(r.report).toMatch(/:18:31: error: expected winners \[1\], but the winners are \[0\]\n {2}hint: the game ended with end 'one-left', result 'richest-robber', winners \[0\]/);
  });

  test('play until: the game ending first is an error', () => {
    const r = run(`${header}do:\n  - {play: random, until: round == 99}\n  - expect: [round == 1]\n`);
    expect(r.report).toMatch(/:10:20: error: the game ended \(end '[a-z0-9-]+', winners \[[0-9, ]*\]\) before round == 99 held/);
  });

  test('an unknown game', () => {
    const r = run(header.replace('game: cash-n-guns', 'game: chess') + 'expect: [round == 1]\n', 'chess');
    expect(r.report).toMatch(/:7:7: error: no game 'chess' in .*\n {2}hint: known games: .*cash-n-guns/);
  });

  test('a scenario in the wrong folder, and one that checks nothing', () => {
    const r = run(`${header}do:\n  - {play: random}\n`, 'elsewhere');
    expect(r.report).toMatch(/:7:7: error: this scenario is for game 'cash-n-guns' but sits in folder 'elsewhere'/);
    expect(r.report).toMatch(/:2:1: error: this scenario checks nothing/);
  });
});

describe('answering Done (none) in a scenario', () => {
  test('value: none answers Done to a menu, as the legal-answers hint writes it', async () => {
    const { tinyGame } = await import('../dsl/helpers.ts');
    const { cpSync } = await import('node:fs');
    const rules = join(tmp, 'rules-none');
    cpSync(
      tinyGame({
        body: `      - choose: actions
        seats: seat(0)
        menu: '["card", "tiles", "books"]'
        as: a
        prompt: {en: Actions, zh: 行動}
        do:
          - add: seat(0).points
            value: 1`,
      }),
      join(rules, 'tiny'),
      { recursive: true },
    );
    mkdirSync(join(tmp, 'tiny'), { recursive: true });
    const file = join(tmp, 'tiny', 'none.yaml');
    const head = `# yaml-language-server: $schema=${relative(join(tmp, 'tiny'), join(here, '../../schema/scenario.schema.json')).split('\\').join('/')}\n`;
    writeFileSync(file, head + `id: done
text: {en: Done ends the menu., zh: 完成即結束。}
source:
  - ref: "003:96"
    quote: 若某個玩家累積得到三個受傷標記
game: tiny
players: 2
do:
  - {seat: 0, choice: actions, value: card}
  - {seat: 0, choice: actions, value: none}
  - expect: [seat(0).points == 1]
`);
    const o = runScenarioFile(file, { rulesDir: rules });
    expect(formatReport(o)).toMatch(/passed$/);
  });
});
