/**
 * `rules play --lang zh-Hans` and `--lang zh-Hant`: every game's screen in the one script asked for,
 * whatever script its texts are written in (Speakeasy's Simplified, the others' Traditional), the
 * prompts and their answers included.
 */
import { describe, expect, it } from 'vitest';
import { outOfScript } from '../../src/chinese-script.ts';
import { run } from '../../src/cli/main.ts';
import { bufferIO } from '../../src/cli/context.ts';
import { PromptInterrupted } from '../../src/cli/prompter.ts';
import * as games from '../../src/games.ts';

/** 20 decisions of a game (then Ctrl-C): the screen, the prompts and the answers offered */
async function play(id: string, lang: string): Promise<{ code: number; shown: string; stderr: string }> {
  const io = bufferIO();
  let asked = 0;
  const prompts: string[] = [];
  const code = await run(['play', id, '--seed', '4', '--lang', lang, '--players', String(games.openGame('rules', id).engine!.minPlayers)], {
    games,
    io,
    defaultRulesDir: 'rules',
    secretSeed: () => 1,
    prompter: {
      select: async (message, choices) => {
        prompts.push(message, ...choices.map((c) => c.name));
        if (++asked > 20) throw new PromptInterrupted();
        return choices[choices.length - 1]!.value;
      },
      pause: async (message) => void prompts.push(message),
    },
  });
  return { code, shown: io.stdout() + prompts.join('\n'), stderr: io.stderr() };
}

describe('rules play in one Chinese script', () => {
  for (const id of games.listGames('rules')) {
    for (const script of ['zh-Hans', 'zh-Hant'] as const) {
      it(`${id} --lang ${script}`, async () => {
        const r = await play(id, script);
        expect([0, 130], r.stderr).toContain(r.code);
        expect((r.shown.match(/[\u4e00-\u9fff]/g) ?? []).length).toBeGreaterThan(100);
        expect([...new Set(outOfScript(r.shown, script))]).toEqual([]);
      });
    }
  }

  it('--lang zh writes each text in the script it is written in, and an unknown language is refused', async () => {
    const mixed = await play('speakeasy', 'zh');
    // the terminal's own words are Traditional, Speakeasy's texts Simplified
    expect(outOfScript(mixed.shown, 'zh-Hant').length).toBeGreaterThan(0);
    const bad = await play('speakeasy', 'zh-TW').catch((e: Error) => ({ code: -1, shown: '', stderr: e.message }));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--lang/);
  });
});
