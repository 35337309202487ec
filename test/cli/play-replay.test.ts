import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedPrompter, type Prompter } from '../../src/cli/prompter.ts';
import { parseReplayLog, stateHash } from '../../src/cli/replay-log.ts';
import { gameSeed } from '../../src/cli/simulate.ts';
import { makePickEngine } from './fake-engine.ts';
import { runCli } from './helpers.ts';
import { limit } from '../limits.ts';

const tmp = mkdtempSync(join(tmpdir(), 'rules-cli-'));

describe('rules play (non-interactive)', () => {
  it('random seats play to the end and print the result', async () => {
    const r = await runCli(['play', 'pick', '--seats', 'random,random', '--seed', '5']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/Pick a number — 2 players; 0:random 1:random/);
    expect(r.stdout).toMatch(/Game over/);
    expect(r.stdout).toMatch(/Winners: Seat \d/);
    expect(r.stdout).toMatch(/End rule: after-rounds \(most-points\); Rounds: 3/);
    expect(r.stdout).toMatch(/seed 5 \(replay it with --seed 5\)\n$/);
    // spectator mode shows the moves, seats numbered from 1 as people count them
    expect(r.stdout).toMatch(/^Seat 1: pick [123]$/m);
    expect(r.stdout).toMatch(/^Seat 2: pick [123]$/m);
    expect(r.stdout).not.toMatch(/Seat 0/);
  });

  it('is the same game as simulate with that seed', async () => {
    const sim = JSON.parse((await runCli(['simulate', 'pick', '--players', '2', '--games', '3', '--json'])).stdout);
    for (const g of sim.games) {
      const file = join(tmp, `same-${g.seed}.json`);
      await runCli(['play', 'pick', '--seats', 'random,random', '--seed', String(g.seed), '--save', file]);
      const log = JSON.parse(readFileSync(file, 'utf8'));
      expect(log.result.scores).toEqual(g.scores);
      expect(log.result.winners).toEqual(g.winners);
    }
    expect(sim.games[0].seed).toBe(gameSeed(1, 0));
  });

  it('speaks Chinese with --lang zh', async () => {
    const r = await runCli(['play', 'pick', '--seats', 'random,random', '--seed', '5', '--lang', 'zh']);
    expect(r.stdout).toMatch(/選個數字/);
    expect(r.stdout).toMatch(/遊戲結束/);
  });

  it('a human seat sees only its view and picks from the legal actions', async () => {
    const prompter = scriptedPrompter([2, 2, 2]);
    const r = await runCli(['play', 'pick', '--players', '2', '--seed', '5'], { prompter });
    expect(r.code).toBe(0);
    expect(prompter.asked).toEqual([
      'Seat 1: Round 1: pick a number',
      'Seat 1: Round 2: pick a number',
      'Seat 1: Round 3: pick a number',
    ]);
    expect(prompter.pauses).toEqual([]); // one human: no keyboard passing
    expect(r.stdout).toMatch(/Seat 1 \(you\)/);
    expect(r.stdout).toMatch(/hand: 1, 2, 3/);
    expect(r.stdout).toMatch(/Seat 2: score: \d+ · hand: 3 face down/);
    expect(r.stdout).toMatch(/Since your last decision:/);
    // the random seat's secret pick is never printed before the reveal
    expect(r.stdout).not.toMatch(/Seat 2: pick/);
  });

  it('two humans pass the keyboard and the screen is cleared between them', async () => {
    const prompter = scriptedPrompter([0, 1, 0, 1, 0, 1]);
    const file = join(tmp, 'humans.json');
    const r = await runCli(['play', 'pick', '--seats', 'human,human', '--seed', '8', '--save', file], { prompter });
    expect(r.code).toBe(0);
    expect(prompter.pauses).toEqual([
      'Pass the keyboard to seat 1, then press Enter',
      'Pass the keyboard to seat 2, then press Enter',
      'Pass the keyboard to seat 1, then press Enter',
      'Pass the keyboard to seat 2, then press Enter',
      'Pass the keyboard to seat 1, then press Enter',
      'Pass the keyboard to seat 2, then press Enter',
    ]);
    // the second seat's screen of round 1 (shown as Seat 2) says the first (Seat 1) answered, but not what
    const screens = r.stdout.split('─'.repeat(40));
    const seat1 = screens.find((s) => s.includes('Seat 2 (you)') && s.includes('Round 1'))!;
    expect(seat1).toMatch(/Seat 1 answered in secret/);
    expect(seat1).not.toMatch(/Seat 1 — .*: \d/);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    expect(log.actions.map((a: any) => a.action.value)).toEqual([1, 2, 1, 2, 1, 2]);
  });
});

describe('replay', () => {
  const save = async (name: string, extra: string[] = []): Promise<string> => {
    const file = join(tmp, name);
    const r = await runCli(['play', 'pick', '--seats', 'random,random,random', '--seed', '21', '--save', file, ...extra]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Replay saved to ${file}`);
    return file;
  };

  it('writes the documented log format', async () => {
    const file = await save('format.json', ['--option', 'mode=low']);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(log)).toEqual(['format', 'game', 'players', 'seed', 'options', 'actions', 'result', 'stateHash']);
    expect(log).toMatchObject({ format: 1, game: 'pick', players: 3, seed: 21, options: { rounds: 3, double: false, mode: 'low' } });
    expect(log.actions).toHaveLength(9);
    expect(log.actions[0]).toEqual({ seat: 0, action: { choice: 'pick', value: expect.any(Number) } });
    expect(log.stateHash).toMatch(/^[0-9a-f]{64}$/);
    expect(parseReplayLog(readFileSync(file, 'utf8')).game).toBe('pick');
  });

  it('replay ok (exit 0)', async () => {
    const file = await save('ok.json');
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^replay ok: pick, 3 players, seed 21, 9 actions; winners \[.*\], end after-rounds, 3 rounds/);
  });

  it('an illegal action is named (exit 1)', async () => {
    const file = await save('illegal.json');
    const log = JSON.parse(readFileSync(file, 'utf8'));
    log.actions[4].action.value = 7;
    writeFileSync(file, JSON.stringify(log));
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/replay FAILED: action #4 \(seat 1, \{"choice":"pick","value":7\} \("pick 7"\)\): illegal; legal now: .*"value":1/);
  });

  it('a seat answering out of turn is named (exit 1)', async () => {
    const file = await save('order.json');
    const log = JSON.parse(readFileSync(file, 'utf8'));
    log.actions[1].seat = 0;
    writeFileSync(file, JSON.stringify(log));
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/action #1 \(seat 0, .*\): seat 0 is not asked now/);
  });

  it('a different but legal action diverges: result/state mismatch (exit 1)', async () => {
    const file = await save('diverge.json');
    const log = JSON.parse(readFileSync(file, 'utf8'));
    const a = log.actions[0].action;
    a.value = a.value === 3 ? 1 : a.value + 1;
    writeFileSync(file, JSON.stringify(log));
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/replay FAILED: (result differs|final state hash differs)/);
  });

  it('a changed state hash is caught (exit 1)', async () => {
    const file = await save('hash.json');
    const log = JSON.parse(readFileSync(file, 'utf8'));
    log.stateHash = stateHash({ not: 'it' });
    writeFileSync(file, JSON.stringify(log));
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/final state hash differs/);
  });

  it('a truncated log says the game goes on (exit 1)', async () => {
    const file = await save('short.json');
    const log = JSON.parse(readFileSync(file, 'utf8'));
    log.actions.pop();
    writeFileSync(file, JSON.stringify(log));
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/the log ends after 8 actions but the game goes on/);
  });

  it('bad files exit 2', async () => {
    expect((await runCli(['replay', join(tmp, 'missing.json')])).code).toBe(2);
    const junk = join(tmp, 'junk.json');
    writeFileSync(junk, '{"format": 2}');
    const r = await runCli(['replay', junk]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unsupported replay log format 2/);
  });
});

describe('validate and start', () => {
  const rules = join(tmp, 'rules');
  mkdirSync(join(rules, 'pick'), { recursive: true });
  writeFileSync(join(rules, 'pick', 'game.yaml'), 'id: pick\n');
  const warning = { file: 'rules/pick/game.yaml', line: 1, col: 1, severity: 'warning' as const, message: 'looks odd' };
  const error = { file: 'rules/pick/game.yaml', line: 2, col: 3, severity: 'error' as const, message: 'broken', hint: 'fix it' };

  it('prints diagnostics and the summary; exit 0 with warnings only', async () => {
    const r = await runCli(['validate', rules], { diagnostics: [warning] });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('rules/pick/game.yaml:1:1: warning: looks odd\n0 errors, 1 warning in 1 game\n');
  });

  it('exit 1 on errors; default path is the rules folder; a YAML file counts its game', async () => {
    const r = await runCli(['validate'], { diagnostics: [error, warning], rulesDir: rules });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('rules/pick/game.yaml:2:3: error: broken\n  hint: fix it\n');
    expect(r.stdout).toMatch(/1 error, 1 warning in 1 game\n$/);
    const f = await runCli(['validate', join(rules, 'pick', 'game.yaml')]);
    expect(f.stdout).toBe('0 errors, 0 warnings in 1 game\n');
  });

  it('a missing path exits 2', async () => {
    expect((await runCli(['validate', join(tmp, 'nope')])).code).toBe(2);
  });

  it('start validates, then shows one seeded game per game', async () => {
    const r = await runCli(['start'], { rulesDir: rules });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^0 errors, 0 warnings in 1 game\n/);
    expect(r.stdout).toMatch(/== Pick a number \/ 選個數字 \(pick\): 3 players, seed 1/);
    expect(r.stdout).toMatch(/winners: seat \d/);
    expect(r.stdout).toMatch(/end: {5}after-rounds \(result most-points\) after 3 rounds, 9 actions/);
    expect(r.stdout).toMatch(/last log lines:\n {2}\[/);
    const again = await runCli(['start'], { rulesDir: rules });
    expect(again.stdout).toBe(r.stdout);
  });

  it('start stops on validation errors (exit 1)', async () => {
    const r = await runCli(['start'], { rulesDir: rules, diagnostics: [error] });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/==/);
  });
});

describe('replay: what a log says is shown, never obeyed by the terminal', () => {
  it("a log's option key with an escape sequence is written out in the message", async () => {
    const file = join(tmp, 'escape.json');
    const r0 = await runCli(['play', 'pick', '--seats', 'random,random,random', '--seed', '21', '--save', file]);
    expect(r0.code).toBe(0);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    log.options = { ...log.options, '\u001b[2J\u001b]0;pwned\u0007': 1 };
    writeFileSync(file, JSON.stringify(log));
    const r = await runCli(['replay', file]);
    expect(r.code).not.toBe(0);
    const said = r.stdout + r.stderr;
    expect(said).toContain("unknown option '\\u{1b}[2J\\u{1b}]0;pwned\\u{7}'");
    expect(said).not.toMatch(/[\u0000-\u0008\u000B-\u001F]/);
  });

  it('an error message quoting a file name with an escape sequence writes it out', async () => {
    const r = await runCli(['replay', join(tmp, 'no\u001b[31mred.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no\\u{1b}[31mred.json');
    expect(r.stderr).not.toContain('\u001b');
  });
});

describe('play --save: nothing hangs, nothing half-written', () => {
  it.runIf(process.platform !== 'win32')('a named pipe as --save is refused before the game (opening it for writing waited for a reader)', async () => {
    const fifo = join(tmp, 'save.fifo');
    execFileSync('mkfifo', [fifo]);
    const r = await runCli(['play', 'pick', '--seats', 'random,random,random', '--seed', '21', '--save', fifo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot write the replay log --save .*save\.fifo: it is not a regular file but a named pipe/);
    expect(r.stdout).toBe('');
  }, limit(20_000));

  it('a log that cannot be written at the end says so, and leaves no part of a file', async () => {
    const dir = join(tmp, 'gone');
    mkdirSync(dir);
    const file = join(dir, 'log.json');
    // the folder goes away while the game is played (checked before it, written after it)
    const prompter: Prompter = {
      select: async (_m, choices) => {
        rmSync(dir, { recursive: true, force: true });
        return choices[0]!.value;
      },
      pause: async () => {},
    };
    const r = await runCli(['play', 'pick', '--seats', 'human,random,random', '--seed', '21', '--save', file], { prompter });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: cannot write the replay log to .*log\.json: the folder .* does not exist\n$/m);
    expect(r.stderr).not.toMatch(/DEBUG=1|ENOENT/);
    expect(existsSync(file)).toBe(false);
  });
});
