/**
 * The player's screen made from a real spec (Cash'n Guns): which vars and zones matter under
 * the options, card effect texts, the sentences of "since your last decision", and the end:
 * the tie-break that decided and who was eliminated in which round — checked against the game
 * as it was played, step by step.
 */
import { describe, expect, it } from 'vitest';
import { openGame } from '../../src/games.ts';
import { randomSeatAgents } from '../../src/agents/random-agent.ts';
import type { Engine, Json } from '../../src/interpreter/api.ts';
import { renderGameOver, renderView } from '../../src/cli/render.ts';
import { screenModel } from '../../src/cli/screen-model.ts';
import type { Spec } from '../../src/loader/types.generated.ts';
import { limit } from '../limits.ts';

const opened = openGame('rules', 'cash-n-guns');
const engine = opened.engine!;
const spec = opened.spec as Spec;
const OFF = { powers: false, undercover: false };

describe('screenModel: what matters under the options', () => {
  it('leaves out the vars and zones read only by variants that are off', () => {
    const m = screenModel(spec, OFF, (c) => engine.answerType(c));
    expect([...m.seatVars.keys()]).toEqual(expect.arrayContaining(['wounds', 'shame', 'aim', 'decision', 'inRound']));
    // (`tough` stays: the sharing rule reads it whatever the options; `role` too, through isCop)
    for (const v of ['phone', 'toughUsed', 'bbbReused', 'woundsThisRound', 'lootBefore']) expect(m.seatVars.has(v)).toBe(false);
    for (const v of ['reports', 'copDone', 'reportDeadline', 'shameSide', 'godfather']) expect(m.vars.has(v)).toBe(false);
    for (const z of ['powerDeck', 'power', 'switchboard', 'switchboardUp', 'roleDeck']) expect(m.zones.has(z)).toBe(false);
    expect([...m.zones.keys()]).toEqual(expect.arrayContaining(['billDeck', 'table', 'loot', 'hand', 'played', 'discard']));
  });

  it('takes them in when their variant is on', () => {
    const powers = screenModel(spec, { powers: true, undercover: false }, (c) => engine.answerType(c));
    expect(powers.zones.has('power')).toBe(true);
    expect(powers.seatVars.has('bbbReused')).toBe(true);
    expect(powers.seatVars.has('phone')).toBe(false);
    const cop = screenModel(spec, { powers: false, undercover: true }, (c) => engine.answerType(c));
    expect(cop.vars.has('reports')).toBe(true);
    expect(cop.seatVars.has('phone')).toBe(true);
    expect(cop.zones.has('switchboardUp')).toBe(true);
  });

  it('names from the texts, short; effect texts only for cards that do something', () => {
    const m = screenModel(spec, OFF, (c) => engine.answerType(c));
    expect(m.seatVars.get('shame')!.label).toEqual({ en: 'Shame tokens taken', zh: '領取的恥辱標誌數' });
    expect(m.seatVars.get('aim')!.label.zh).toBe('本回合用槍指向的目標玩家');
    expect(m.cards.get('power-six-feet-under')!.effect?.en).toMatch(/dead player/);
    expect(m.cards.get('bullet-bang')!.effect).toBeUndefined();
    expect(m.cards.get('bill-5000')!.effect).toBeUndefined();
    expect(m.seatVars.get('decision')!.labels!['leave']!.en).toMatch(/Leave the gunfight/);
  });
});

/** play random games until `want` holds for the end; the round of the decision after which each seat was out */
function findGame(players: number, options: Record<string, Json>, want: (r: NonNullable<ReturnType<Engine['result']>>) => boolean) {
  const play = (seed: number, watch: boolean) => {
    const agents = randomSeatAgents(seed, players);
    const s = engine.create({ players, seed, options, log: watch });
    const outIn = new Map<number, number>();
    for (let p = engine.pending(s); p !== null; p = engine.pending(s)) {
      const seat = p.kind === 'choice' ? p.waitingFor[0]! : -1;
      const round = watch ? engine.view(s, 0).vars['round'] : undefined;
      engine.applyInPlace(s, seat, agents.seats[seat]!.act(engine, s, seat));
      if (watch) engine.view(s, 0).seats.forEach((x, i) => void (x.out && !outIn.has(i) && outIn.set(i, round as number)));
    }
    return { state: s, result: engine.result(s)!, outIn };
  };
  for (let seed = 1; seed < 400; seed++) if (want(play(seed, false).result)) return play(seed, true);
  throw new Error('no such game in 400 seeds');
}

describe('the end of the game', () => {
  it('says who was eliminated in which round, and which tie-break decided', () => {
    const tied = (r: NonNullable<ReturnType<Engine['result']>>) => {
      const best = Math.max(...r.scores.filter((_, i) => !r.out.includes(i)));
      return r.out.length > 0 && r.winners.length === 1 && r.scores.filter((x, i) => x === best && !r.out.includes(i)).length > 1;
    };
    const g = findGame(4, OFF, tied);
    const view = engine.view(g.state, 0);
    const m = screenModel(spec, OFF, (c) => engine.answerType(c));
    const text = renderGameOver(view, "Cash'n Guns", 'en', m, { logFrom: 0 });
    for (const [seat, round] of g.outIn) expect(text).toContain(`Seat ${seat} was eliminated in round ${round}`);
    expect(text).toMatch(/tied on [\d,]+; the tie-break decided/);
    expect(text).toMatch(/decided by (Shame tokens taken \(fewer wins\)|Wound tokens taken \(more wins\)): /);
    expect(text.indexOf('The last round:')).toBeLessThan(text.indexOf('Game over'));
    expect(text).toMatch(/^Why: The game ends/m);
    const zh = renderGameOver(view, '明搶你錢', 'zh', m, { logFrom: 0, seed: 9 });
    for (const [seat, round] of g.outIn) expect(zh).toContain(`座位 ${seat} 在第 ${round} 回合出局`);
    expect(zh).toMatch(/由「領取的(恥辱|受傷)標誌數」決定/);
    expect(zh).toContain('種子 9');
  });

  it("a power card's effect is on its holder's screen", () => {
    const options = { powers: true, undercover: false };
    const s = engine.create({ players: 4, seed: 3, options });
    const view = engine.view(s, 0);
    const card = (view.seats[0]!.zones['power']![0] as { kind: string }).kind;
    const c = spec.cards!.find((x) => x.id === card)!;
    const text = renderView(view, 'en', 0, screenModel(spec, options, (c) => engine.answerType(c)));
    expect(text).toContain(`· ${c.name!.en}: ${c.text.en}`.slice(0, 60));
    expect(text).toContain(`power: ${c.name!.en}`);
  });

  it('the view alone makes the screen: the same view gives the same text', () => {
    const m = screenModel(spec, OFF, (c) => engine.answerType(c));
    const s = engine.create({ players: 4, seed: 8, options: OFF });
    const a = renderView(engine.view(s, 1), 'zh', 0, m);
    const b = renderView(JSON.parse(JSON.stringify(engine.view(s, 1))), 'zh', 0, m);
    expect(a).toBe(b);
    expect(a).not.toMatch(/var=|\{card:/);
  });
});

describe('a choice with one option', () => {
  it('is not asked: the screen says what happens and goes on', async () => {
    const { run } = await import('../../src/cli/main.ts');
    const { bufferIO } = await import('../../src/cli/context.ts');
    const games = await import('../../src/games.ts');
    const asked: string[] = [];
    const io = bufferIO();
    // seed 3, secret seed 1, always the first option: seat 0 is a robber, who can only pass the phone card on
    const code = await run(['play', 'cash-n-guns', '--players', '4', '--option', 'undercover=true', '--seed', '3'], {
      games,
      io,
      defaultRulesDir: 'rules',
      secretSeed: () => 1,
      prompter: {
        select: async (message, choices) => (asked.push(message), choices[0]!.value),
        pause: async () => {},
      },
    });
    expect(code).toBe(0);
    const flat = io.stdout().replace(/\n {2,}/g, ' ');
    expect(io.stdout()).toMatch(/^ {2}role: Robber$/m);
    const said = flat.match(/^» Seat 0: The phone card passes under the table — Pass the phone card on unused \(the only option\)$/gm) ?? [];
    expect(said.length).toBeGreaterThan(0);
    expect(asked.filter((m) => m.includes('phone card'))).toEqual([]);
    expect(asked.length).toBeGreaterThan(0);
  });
});

describe('every game on the screen', () => {
  it('plays with a human seat in English and Chinese: no ids, no raw values, 80 columns', async () => {
    const { run } = await import('../../src/cli/main.ts');
    const { bufferIO } = await import('../../src/cli/context.ts');
    const { columns } = await import('../../src/cli/render.ts');
    const { PromptInterrupted } = await import('../../src/cli/prompter.ts');
    const games = await import('../../src/games.ts');
    for (const id of games.listGames('rules')) {
      for (const lang of ['en', 'zh']) {
        const io = bufferIO();
        let asked = 0;
        // 40 decisions of each game (then Ctrl-C), to keep the test short
        const code = await run(['play', id, '--seed', '4', '--lang', lang, '--players', String(games.openGame('rules', id).engine!.minPlayers)], {
          games,
          io,
          defaultRulesDir: 'rules',
          secretSeed: () => 1,
          prompter: {
            select: async (_m, choices) => {
              if (++asked > 40) throw new PromptInterrupted();
              return choices[choices.length - 1]!.value;
            },
            pause: async () => {},
          },
        });
        const out = io.stdout();
        expect([0, 130], `${id} ${lang}: ${io.stderr()}`).toContain(code);
        expect(out, `${id} ${lang}`).not.toMatch(/var=|\{card:|undefined|\[object|NaN/);
        expect(out.split('\n').filter((l) => columns(l) > 80), `${id} ${lang}`).toEqual([]);
        expect(out, `${id} ${lang}`).toMatch(lang === 'en' ? /Since your last decision:/ : /自你上次決定以來:/);
      }
    }
  }, limit(60_000));
});

describe('what the screen says others chose', () => {
  // A choice of a card or a place is told by its name (or "a card" when the viewer cannot see it),
  // never by the card's id or the place's index, whatever the spec's options expression looks like.
  it.each(['cash-n-guns', 'downtown', 'the-boss', 'speakeasy'])('%s: answers that are cards or places are named', async (game) => {
    const { narrate, Namer } = await import('../../src/cli/narrate.ts');
    const g = openGame('rules', game);
    const e = g.engine!;
    const players = Math.min(Math.max(e.minPlayers, 3), e.maxPlayers);
    const options = Object.fromEntries(e.options.map((o) => [o.id, o.default]));
    const m = screenModel(g.spec as Spec, options, (choice) => e.answerType(choice));
    const agents = randomSeatAgents(5, players);
    const s = e.create({ players, seed: 5, options, log: true });
    for (let p = e.pending(s), n = 0; p !== null && n < 400; p = e.pending(s), n++) {
      const seat = p.kind === 'choice' ? p.waitingFor[0]! : -1;
      e.applyInPlace(s, seat, agents.seats[seat]!.act(e, s, seat));
    }
    const view = e.view(s, 0);
    const named = view.log.filter((x) => x.event === 'choose' && typeof x.data['value'] === 'number' && e.answerType(String(x.data['choice'])) !== undefined);
    expect(named.length).toBeGreaterThan(0);
    const namer = new Namer('en', 0, m, view);
    for (const entry of named) {
      const [line] = narrate([entry], namer);
      expect(line!.text, JSON.stringify(entry)).not.toMatch(new RegExp(`: ${String(entry.data['value'])}$`));
    }
  });
});

describe('short names of vars and zones', () => {
  it("a var's or zone's `name` labels it on the screen, in both languages; without one, the start of its text", () => {
    const g = openGame('rules', 'speakeasy');
    const e = g.engine!;
    const m = screenModel(g.spec as Spec, Object.fromEntries(e.options.map((o) => [o.id, o.default])), (c) => e.answerType(c));
    expect(m.seatVars.get('lvl')!.label).toEqual({ en: 'Business level', zh: '经营等级' });
    expect(m.zones.get('helperDisplay')!.label).toEqual({ en: 'Helper cards on display', zh: '展示的帮手卡' });
    expect(m.seatVars.get('power')!.label.en).toBe('Your power'); // no name: the text's start
  });
});
