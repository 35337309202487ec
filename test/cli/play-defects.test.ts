/**
 * Issue 10's `rules play` defects, each with the test that failed before its fix: the seed shown
 * to human seats before the game is over, the random seats' choices following from that seed, a
 * --save path found unwritable only after the whole game, and Ctrl-C losing the game played.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PromptInterrupted, scriptedPrompter, type Prompter } from '../../src/cli/prompter.ts';
import { verifyReplay, parseReplayLog } from '../../src/cli/replay-log.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';
import { fakeSource, makePickEngine } from './fake-engine.ts';
import { runCli } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'rules-play-defects-'));

/** the part of the screen printed before the result */
const beforeResult = (stdout: string): string => stdout.slice(0, Math.max(0, stdout.indexOf('Game over')));

describe('rules play: secrets of the seed', () => {
  it('shows no seed before the game is over, and the seed after it', async () => {
    const r = await runCli(['play', 'pick', '--players', '2', '--seed', '5'], { prompter: scriptedPrompter([0, 1, 2]) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Game over/);
    expect(beforeResult(r.stdout)).not.toMatch(/seed/i);
    expect(beforeResult(r.stdout)).not.toMatch(/\b5\b.*players|players.*\b5\b/);
    expect(r.stdout.slice(r.stdout.indexOf('Game over'))).toMatch(/[Ss]eed 5\b/);
  });

  it('a random seed is not shown before the end either (zh too)', async () => {
    const r = await runCli(['play', 'pick', '--players', '2', '--lang', 'zh'], { prompter: scriptedPrompter([0, 1, 2]) });
    expect(r.code).toBe(0);
    const cut = r.stdout.indexOf('遊戲結束');
    expect(cut).toBeGreaterThan(0);
    expect(r.stdout.slice(0, cut)).not.toMatch(/種子|seed/i);
    expect(r.stdout.slice(cut)).toMatch(/種子 \d+/);
  });

  it("the random seats' choices do not follow from the game seed when a human plays", async () => {
    // same game seed, same human answers; only the hidden randomness differs
    const runs = await Promise.all(
      [11, 12, 13, 14].map(async (hidden) => {
        const file = join(tmp, `hidden-${hidden}.json`);
        const r = await runCli(['play', 'pick', '--players', '2', '--seed', '5', '--save', file], {
          prompter: scriptedPrompter([0, 0, 0, 0, 0, 0]),
          secretSeed: () => hidden,
        });
        expect(r.code).toBe(0);
        const log = JSON.parse(readFileSync(file, 'utf8'));
        return JSON.stringify(log.actions.filter((a: { seat: number }) => a.seat === 1).map((a: { action: { value: number } }) => a.action.value));
      }),
    );
    expect(new Set(runs).size).toBeGreaterThan(1);
  });

  it('with random seats only, the game is still the seeded one (the same as simulate)', async () => {
    const a = await runCli(['play', 'pick', '--seats', 'random,random', '--seed', '9'], { secretSeed: () => 1 });
    const b = await runCli(['play', 'pick', '--seats', 'random,random', '--seed', '9'], { secretSeed: () => 2 });
    expect(a.stdout).toBe(b.stdout);
  });
});

describe('rules play --save', () => {
  it('an unwritable --save path fails before the game is played (exit 2)', async () => {
    const prompter = scriptedPrompter([]);
    const r = await runCli(['play', 'pick', '--players', '2', '--save', '/nonexistent/x.json'], { prompter });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--save.*\/nonexistent\/x\.json/);
    expect(prompter.asked).toEqual([]);
    expect(r.stdout).toBe('');
  });

  it('a --save path that is a folder fails before the game too', async () => {
    const r = await runCli(['play', 'pick', '--players', '2', '--save', tmp], { prompter: scriptedPrompter([]) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--save/);
  });

  it('Ctrl-C during play --save saves what was played, says so, and the partial log replays', async () => {
    const file = join(tmp, 'interrupted.json');
    const inner = scriptedPrompter([0, 1]);
    const prompter: Prompter = {
      select: (m, c) => (inner.asked.length < 2 ? inner.select(m, c) : Promise.reject(new PromptInterrupted())),
      pause: (m) => inner.pause(m),
    };
    const r = await runCli(['play', 'pick', '--players', '2', '--seed', '4', '--save', file], { prompter });
    expect(r.code).toBe(130);
    expect(existsSync(file)).toBe(true);
    const log = parseReplayLog(readFileSync(file, 'utf8'));
    expect(log.result).toBeNull();
    expect(log.actions.filter((a) => a.seat === 0)).toHaveLength(2);
    expect(r.stdout + r.stderr).toContain(`Interrupted: the game so far (${log.actions.length} actions) is saved to ${file}`);
    expect(verifyReplay(makePickEngine(), log).ok).toBe(true);
  });

  it('Ctrl-C between two prompts (while the screen is made) stops at the next prompt and saves', async () => {
    const file = join(tmp, 'between.json');
    let onCtrlC: (() => void) | undefined;
    const inner = scriptedPrompter([0, 1, 2]);
    const prompter: Prompter = {
      // the first answer is given, then Ctrl-C comes before the next prompt
      select: async (m, c) => {
        const v = await inner.select(m, c);
        onCtrlC?.();
        return v;
      },
      pause: async () => {},
    };
    const io = bufferIO();
    io.onInterrupt = (h) => ((onCtrlC = h), () => void (onCtrlC = undefined));
    const ctx: CliContext = { games: fakeSource([makePickEngine()]), io, defaultRulesDir: '/nonexistent-rules', prompter };
    const code = await run(['play', 'pick', '--players', '2', '--save', file], ctx);
    expect(code).toBe(130);
    expect(inner.asked).toHaveLength(1);
    expect(io.stdout()).toMatch(/Interrupted: the game so far \(\d+ actions\) is saved to /);
    expect(parseReplayLog(readFileSync(file, 'utf8')).actions.filter((a) => a.seat === 0)).toHaveLength(1);
    expect(onCtrlC).toBeUndefined(); // the handler is removed after the game
  });

  it('Ctrl-C without --save says that nothing was saved, in Chinese with --lang zh', async () => {
    const prompter: Prompter = { select: () => Promise.reject(new PromptInterrupted()), pause: async () => {} };
    const r = await runCli(['play', 'pick', '--players', '2', '--lang', 'zh'], { prompter });
    expect(r.code).toBe(130);
    expect(r.stdout + r.stderr).toMatch(/已中斷/);
    expect(r.stdout + r.stderr).not.toMatch(/Interrupted/);
  });
});
