/**
 * The real `rules` command, run as child processes (node bin/rules.js …, cwd = the project):
 * validate (good specs, and copies of Cash'n Guns with one deliberate mistake each), simulate's
 * JSON contract and its determinism, play → --save → replay, a tampered replay, bad command lines.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMA = join(ROOT, 'schema', 'spec.schema.json');
const SCENARIO_SCHEMA = join(ROOT, 'schema', 'scenario.schema.json');
const CNG = join(ROOT, 'rules', 'cash-n-guns');

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function rules(...args: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'rules.js'), ...args], { cwd: ROOT, env: { ...process.env, DEBUG: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** no stack trace lines anywhere */
function expectNoStack(r: Ran): void {
  expect(r.stdout + r.stderr).not.toMatch(/^\s+at /m);
}

let tmp: string;

/** a copy of a game folder (or of its scenarios) whose schema lines point at the real schema from there */
function copyGame(src: string, dir: string, schema = SCHEMA): string {
  cpSync(src, dir, { recursive: true });
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    if (!f.endsWith('.yaml')) continue;
    const file = join(dir, f);
    const text = readFileSync(file, 'utf8');
    const rel = relative(dirname(file), schema).split('\\').join('/');
    writeFileSync(file, text.replace(/^# yaml-language-server: \$schema=\S+/, `# yaml-language-server: $schema=${rel}`));
  }
  return dir;
}

const copyCashNGuns = (name: string): string => copyGame(CNG, join(tmp, name, 'cash-n-guns'));

/** change one line of a file (1-based line number of the first line matching `find`); returns that line number */
function editLine(file: string, find: RegExp, edit: (line: string) => string | null): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => find.test(l));
  if (i < 0) throw new Error(`no line matches ${find} in ${file}`);
  const changed = edit(lines[i]!);
  if (changed === null) lines.splice(i, 1);
  else lines[i] = changed;
  writeFileSync(file, lines.join('\n'));
  return i + 1;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'rules-e2e-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe.concurrent('rules validate', () => {
  it('rules/ is valid: exit 0', async () => {
    const r = await rules('validate', 'rules/');
    expect(r.code).toBe(0);
    // and every worked example (the scenarios beside rules/) holds
    expect(r.stdout).toMatch(/^0 errors, 0 warnings in \d+ games?; \d+ worked examples hold$/m);
    expect(r.stdout).not.toMatch(/error:/);
    expectNoStack(r);
  });

  it('--verbose: the proofs, then the option settings and how many random games were played', async () => {
    const r = await rules('validate', 'test/fixtures/interpreter/hidden-hands', '--verbose');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^0 errors, 0 warnings in 1 game\nhidden-hands: 4 choices; never empty by their form: bid, feel; .*; tried in random games under every player count and option: pick, stash\nhidden-hands: random games under 1 option setting \([1-9]\d* games?, [\d,]+ decisions?\): no options\n$/,
    );
  });

  // `rules validate [paths...]`: "folders of games, game folders or YAML files". A folder of games
  // must be checked game by game, whatever the number of games in it.
  it('a folder holding two valid games: each is validated on its own (exit 0)', async () => {
    const rulesDir = join(tmp, 'two-games');
    copyGame(CNG, join(rulesDir, 'cash-n-guns'));
    copyGame(join(ROOT, 'test', 'fixtures', 'interpreter', 'hidden-hands'), join(rulesDir, 'hidden-hands'));
    const r = await rules('validate', rulesDir);
    expect(r.stdout).toBe('0 errors, 0 warnings in 2 games\n');
    expect(r.code).toBe(0);
  });

  it('(a) a broken expression: exit 1, file:line:col at the changed line, no stack', async () => {
    const dir = copyCashNGuns('bad-expr');
    const file = join(dir, 'round.yaml');
    const line = editLine(file, /^\s+- if: count\(alive\) <= 1$/, (l) => l.replace('count(alive) <= 1', 'count(alive) <='));
    const r = await rules('validate', dir);
    expect(r.code).toBe(1);
    const m = /^(\S+round\.yaml):(\d+):(\d+): error: (.+)$/m.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    expect(m![1]).toMatch(/bad-expr\/cash-n-guns\/round\.yaml$/);
    expect(Number(m![2])).toBe(line);
    expect(m![4]).toMatch(/expression/);
    expect(r.stdout).toMatch(/^1 error, 0 warnings in 1 game$/m);
    expectNoStack(r);
  });

  it('(b) a rule with its source removed (no source, no assumption): exit 1 at that rule', async () => {
    const dir = copyCashNGuns('no-source');
    const file = join(dir, 'components.yaml');
    // drop the `source:` block of the card bill-5000 (it has no assumption either)
    const lines = readFileSync(file, 'utf8').split('\n');
    const id = lines.indexOf('  - id: bill-5000');
    const end = lines.findIndex((l, i) => i > id && l.startsWith('  - id: '));
    const node = lines.slice(id, end);
    expect(node.some((l) => /^\s+assumption:/.test(l))).toBe(false);
    const from = id + node.findIndex((l) => /^    source:\s*$/.test(l));
    expect(from).toBeGreaterThan(id);
    let to = from + 1;
    while (/^      /.test(lines[to]!)) to++;
    expect(to - from).toBeGreaterThanOrEqual(3); // source: / - ref: / quote:
    lines.splice(from, to - from);
    writeFileSync(file, lines.join('\n'));
    const idLine = id + 1;
    const r = await rules('validate', dir);
    expect(r.code).toBe(1);
    const m = /^(\S+components\.yaml):(\d+):(\d+): error: (.+)$/m.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    expect(m![1]).toMatch(/no-source\/cash-n-guns\/components\.yaml$/);
    expect(Number(m![2])).toBe(idLine);
    expect(m![4]).toMatch(/source/);
    expect(m![4]).toMatch(/assumption/);
    expect(r.stdout).toMatch(/^1 error, 0 warnings in 1 game$/m);
    expectNoStack(r);
  });

  it('(c) a misquoted source: exit 1 at the quote', async () => {
    const dir = copyCashNGuns('misquote');
    const file = join(dir, 'components.yaml');
    const line = editLine(file, /^\s+quote: 15張\$5,000$/, (l) => l.replace('15張$5,000', '16張$5,000'));
    const r = await rules('validate', dir);
    expect(r.code).toBe(1);
    const m = /^(\S+components\.yaml):(\d+):(\d+): error: (.+)$/m.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    expect(m![1]).toMatch(/misquote\/cash-n-guns\/components\.yaml$/);
    expect(Number(m![2])).toBe(line);
    expect(m![4]).toMatch(/quote/);
    expect(m![4]).toMatch(/003/);
    expect(r.stdout).toMatch(/^1 error, 0 warnings in 1 game$/m);
    expectNoStack(r);
  });
  it('(d) a misspelt call: target: exit 1 at the target, and the hint names the procedure meant', async () => {
    const dir = copyCashNGuns('misspelt-call');
    const file = join(dir, 'round.yaml');
    const line = editLine(file, /^\s+- call: phase-2-bullets$/, (l) => l.replace('phase-2-bullets', 'phase-2-bulets'));
    const r = await rules('validate', dir);
    expect(r.code).toBe(1);
    const m = /^(\S+round\.yaml):(\d+):(\d+): error: (.+)\n\s+hint: (.+)$/m.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    expect(Number(m![2])).toBe(line);
    expect(m![4]).toBe("unknown procedure 'phase-2-bulets'");
    expect(m![5]).toBe("did you mean 'phase-2-bullets'?");
    // and the procedure meant is now called nowhere: said too
    expect(r.stdout).toMatch(/round\.yaml:\d+:\d+: warning: procedure 'phase-2-bullets' is never called$/m);
    expect(r.stdout).toMatch(/^1 error, 1 warning in 1 game$/m);
    expectNoStack(r);
  });
  it('(e) a rules change that breaks a worked example: exit 1 at the scenario line, counted on the summary line', async () => {
    const root = join(tmp, 'breaks-example');
    const dir = copyGame(CNG, join(root, 'rules', 'cash-n-guns'));
    // the game's scenarios where validate looks for them: test/conformance beside the rules folder
    const scenarios = copyGame(join(ROOT, 'test', 'conformance', 'cash-n-guns'), join(root, 'test', 'conformance', 'cash-n-guns'), SCENARIO_SCHEMA);
    const all = readdirSync(scenarios).filter((f) => f.endsWith('.yaml')).length;
    editLine(join(dir, 'state.yaml'), /then 4 else 3'$/, (l) => l.replace("then 4 else 3'", "then 4 else 5'"));
    const r = await rules('validate', join(root, 'rules'));
    expect(r.code).toBe(1);
    const scenario = join(scenarios, 'death-at-three-wounds.yaml');
    const text = readFileSync(scenario, 'utf8').split('\n');
    const line = text.findIndex((l) => l.trim() === '- seat(1).out') + 1;
    expect(line).toBeGreaterThan(0);
    expect(r.stdout).toContain(`${relative(ROOT, scenario)}:${line}:5: error: expected seat(1).out to be true; it is false\n`);
    // the specs themselves are sound: no error of theirs, and every error printed is a failing example's
    const m = /^0 errors, 0 warnings in 1 game; (\d+) worked examples: (\d+) fails?$/m.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    expect(Number(m![1])).toBe(all);
    expect(Number(m![2])).toBeGreaterThanOrEqual(1);
    expect(r.stdout.split('\n').filter((l) => / error: /.test(l)).every((l) => l.startsWith(relative(ROOT, scenarios)))).toBe(true);
    expectNoStack(r);
    // --no-examples: the spec's own checks only (sound), neither run nor counted, nor taken from the cache
    const only = await rules('validate', '--no-examples', join(root, 'rules'));
    expect(only.code).toBe(0);
    expect(only.stdout).toBe('0 errors, 0 warnings in 1 game\n');
  });
});

describe.concurrent('rules simulate --json', () => {
  it('follows the contract, is byte-identical on a second run, and its game 0 is `rules play --seed`', async () => {
    const args = ['simulate', 'cash-n-guns', '--players', '6', '--games', '200', '--seed', '7', '--json'];
    const [a, b] = await Promise.all([rules(...args), rules(...args)]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(b.stdout).toBe(a.stdout);
    const rep = JSON.parse(a.stdout) as Record<string, unknown>;
    expect(rep['game']).toBe('cash-n-guns');
    expect(rep['players']).toBe(6);
    expect(rep['seed']).toBe(7);
    expect(rep['options']).toEqual({ powers: false, undercover: false, tokenSupply: 'limited', copDeadline: 'game' });
    const games = rep['games'] as Record<string, unknown>[];
    expect(games.length).toBe(200);
    const seeds = new Set<number>();
    for (const g of games) {
      expect(Number.isInteger(g['seed'])).toBe(true);
      seeds.add(g['seed'] as number);
      const winners = g['winners'] as number[];
      const out = g['out'] as number[];
      expect(Array.isArray(winners)).toBe(true);
      for (const w of winners) expect(Number.isInteger(w) && w >= 0 && w < 6).toBe(true);
      expect(Array.isArray(out)).toBe(true);
      for (const w of winners) expect(out).not.toContain(w);
      const scores = g['scores'] as number[];
      expect(scores.length).toBe(6);
      for (const x of scores) expect(typeof x).toBe('number');
      expect(Number.isInteger(g['rounds'])).toBe(true);
      expect(g['rounds']).toBeGreaterThanOrEqual(1);
      expect(g['rounds']).toBeLessThanOrEqual(8);
      expect(['after-8-rounds', 'one-left']).toContain(g['end']);
      if (g['end'] === 'after-8-rounds') expect(g['rounds']).toBe(8);
    }
    expect(seeds.size).toBe(200);

    // documented in src/cli/simulate.ts: game i of a simulation is `rules play --seed <games[i].seed>`
    // with random seats, the same players and options
    const g = games[0]! as { seed: number; scores: number[]; winners: number[] };
    const seats = new Array(6).fill('random').join(',');
    const play = await rules('play', 'cash-n-guns', '--players', '6', '--seats', seats, '--seed', String(g.seed));
    expect(play.code).toBe(0);
    // the screen writes money with thousands separators and a minus sign
    const money = (x: number): string => x.toLocaleString('en-US').replace(/^-/, '−');
    expect(play.stdout).toContain(`Scores: ${g.scores.map((x, i) => `Seat ${i + 1}: ${money(x)}`).join(', ')}`);
    expect(play.stdout).toContain(`Winners: ${g.winners.length ? g.winners.map((w) => `Seat ${w + 1}`).join(', ') : 'none'}`);
  });
});

describe('rules play → --save → rules replay', () => {
  let saved: string;

  it('a game of four random seats ends with a result, and is saved', async () => {
    saved = join(tmp, 'game.json');
    const r = await rules('play', 'cash-n-guns', '--players', '4', '--seats', 'random,random,random,random', '--seed', '3', '--save', saved);
    expect(r.code).toBe(0);
    expectNoStack(r);
    expect(r.stdout).toMatch(/Game over: Cash'n Guns/);
    expect(r.stdout).toMatch(/^Winners: (Seat \d(, Seat \d)*|none)$/m);
    expect(r.stdout).toMatch(/^Scores: Seat 1: −?[\d,]+, Seat 2: −?[\d,]+, Seat 3: −?[\d,]+, Seat 4: −?[\d,]+$/m);
    expect(r.stdout).toMatch(/^Why: The game ends (after the 8th round|early when only one player)/m);
    expect(r.stdout).toMatch(/^Rounds: \d$/m);
    const log = JSON.parse(readFileSync(saved, 'utf8')) as Record<string, unknown>;
    expect(log).toMatchObject({ format: 1, game: 'cash-n-guns', players: 4, seed: 3 });
    expect((log['actions'] as unknown[]).length).toBeGreaterThan(0);
    expect(log['result']).not.toBeNull();
  });

  it('the replay reproduces it (exit 0)', async () => {
    const r = await rules('replay', saved);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^replay ok: cash-n-guns, 4 players, seed 3, \d+ actions; winners \[[\d, ]*\], end \S+, \d rounds; state [0-9a-f]{12}$/m);
  });

  it('a tampered replay log fails (exit 1): a changed action, a changed result', async () => {
    const log = JSON.parse(readFileSync(saved, 'utf8')) as { actions: { seat: number; action: { choice: string; value: unknown } }[]; result: { scores: number[] } };
    const badAction = structuredClone(log);
    badAction.actions[0]!.action.value = 9999;
    const badResult = structuredClone(log);
    badResult.result.scores[0] = badResult.result.scores[0]! + 5000;
    const f1 = join(tmp, 'bad-action.json');
    const f2 = join(tmp, 'bad-result.json');
    writeFileSync(f1, JSON.stringify(badAction));
    writeFileSync(f2, JSON.stringify(badResult));
    const [r1, r2] = await Promise.all([rules('replay', f1), rules('replay', f2)]);
    expect(r1.code).toBe(1);
    expect(r1.stdout).toMatch(/^replay FAILED: action #0 .*illegal/m);
    expect(r2.code).toBe(1);
    expect(r2.stdout).toMatch(/^replay FAILED: result differs/m);
    expectNoStack(r1);
    expectNoStack(r2);
  });
});

describe.concurrent('bad command lines exit 2 with a message', () => {
  it('unknown game', async () => {
    const r = await rules('simulate', 'no-such-game');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown game 'no-such-game'.*cash-n-guns/);
    expectNoStack(r);
  });

  it('--players 9', async () => {
    const r = await rules('simulate', 'cash-n-guns', '--players', '9');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--players: cash-n-guns is played by 4 to 6 players, got '9'/);
    expect(r.stdout).toBe('');
    expectNoStack(r);
  });
});
