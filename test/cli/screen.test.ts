/**
 * The player's screen made from a real spec (Cash'n Guns): which vars and zones matter under
 * the options, card effect texts, the sentences of "since your last decision", and the end:
 * the tie-break that decided and who was eliminated in which round — checked against the game
 * as it was played, step by step.
 */
import { describe, expect, it } from 'vitest';
import { listGames, openGame } from '../../src/games.ts';
import { randomSeatAgents } from '../../src/agents/random-agent.ts';
import type { Engine, Json } from '../../src/interpreter/api.ts';
import { renderGameOver, renderView } from '../../src/cli/render.ts';
import { declarations as screenModel } from '../../src/present/declarations.ts';
import { seatScreen } from '../../src/present/screen.ts';
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
    const text = renderGameOver(seatScreen({ view, decl: m, lang: 'en', since: 0 }), "Cash'n Guns");
    for (const [seat, round] of g.outIn) expect(text).toContain(`Seat ${seat + 1} was eliminated in round ${round}`);
    expect(text).toMatch(/tied on [\d,]+; the tie-break decided/);
    expect(text).toMatch(/decided by (Shame tokens taken \(fewer wins\)|Wound tokens taken \(more wins\)): /);
    expect(text.indexOf('The last round:')).toBeLessThan(text.indexOf('Game over'));
    expect(text).toMatch(/^Why: The game ends/m);
    const zh = renderGameOver(seatScreen({ view, decl: m, lang: 'zh', since: 0 }), '明搶你錢', { seed: 9 });
    for (const [seat, round] of g.outIn) expect(zh).toContain(`座位 ${seat + 1} 在第 ${round} 回合出局`);
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
    // seed 3, secret seed 1, always the first option: seat 0 (shown as Seat 1) is a robber, who can only pass the phone card on
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
    const said = flat.match(/^» Seat 1: The phone card passes under the table — Pass the phone card on unused \(the only option\)$/gm) ?? [];
    expect(said.length).toBeGreaterThan(0);
    expect(asked.filter((m) => m.includes('phone card'))).toEqual([]);
    expect(asked.length).toBeGreaterThan(0);
  });
});

describe('every game on the screen', () => {
  it('plays with a human seat in English and Chinese: no ids, no raw values, the terminal\'s width; only what changed, the whole table and why on demand', async () => {
    const { run } = await import('../../src/cli/main.ts');
    const { bufferIO } = await import('../../src/cli/context.ts');
    const { columns } = await import('../../src/cli/render.ts');
    const { PromptInterrupted } = await import('../../src/cli/prompter.ts');
    const games = await import('../../src/games.ts');
    for (const id of games.listGames('rules')) {
      for (const lang of ['en', 'zh'] as const) {
        // English on an 80-column terminal, Chinese on a 130-column one
        const width = lang === 'en' ? 80 : 130;
        const io = { ...bufferIO(), outIsTTY: false, columns: () => width };
        const buffered = io as ReturnType<typeof bufferIO>;
        let asked = 0;
        const seen = { table: 0, why: 0, options: 0 };
        // 40 decisions of each game (then Ctrl-C), to keep the test short; every 7th prompt first
        // asks for the whole table and for why
        const code = await run(['play', id, '--seed', '4', '--lang', lang, '--players', String(games.openGame('rules', id).engine!.minPlayers)], {
          games,
          io,
          defaultRulesDir: 'rules',
          secretSeed: () => 1,
          prompter: {
            select: async (_m, choices) => {
              if (++asked > 60) throw new PromptInterrupted();
              const real = choices.filter((c) => c.value >= 0);
              const extra = choices.filter((c) => c.value < 0);
              expect(extra.map((c) => c.name)).toEqual(lang === 'en' ? ['… Show the whole table', '… Why? The rules behind what changed'] : ['… 顯示整個桌面', '… 為什麼?變化背後的規則']);
              seen.options += real.length;
              if (asked % 7 === 1 && seen.table <= seen.why) return (seen.table++, extra[0]!.value);
              if (asked % 7 === 1) return (seen.why++, extra[1]!.value);
              return real[real.length - 1]!.value;
            },
            pause: async () => {},
          },
        });
        const out = buffered.stdout();
        expect([0, 130], `${id} ${lang}: ${buffered.stderr()}`).toContain(code);
        expect(out, `${id} ${lang}`).not.toMatch(/var=|\{card:|undefined|\[object|NaN/);
        expect(out.split('\n').filter((l) => columns(l) > width), `${id} ${lang}`).toEqual([]);
        if (width > 80) expect(out.split('\n').some((l) => columns(l) > 80), `${id} ${lang}: the width is used`).toBe(true);
        expect(out, `${id} ${lang}`).toMatch(lang === 'en' ? /Since your last decision:/ : /自你上次決定以來:/);
        // after a seat's first screen, only what changed (and how much did not)
        expect(out, `${id} ${lang}`).toMatch(lang === 'en' ? /^Changed on the table:$/m : /^桌面上的變化:$/m);
        expect(out, `${id} ${lang}`).toMatch(lang === 'en' ? /more things? on the table (is|are) as (it was|they were)/ : /桌面上另有 \d+ 項沒有變化/);
        // the whole table when asked, and the rules with their source lines
        expect(seen.table).toBeGreaterThan(0);
        expect(seen.why).toBeGreaterThan(0);
        expect(out, `${id} ${lang}`).toMatch(lang === 'en' ? /^Why: the rules behind what changed:$/m : /^為什麼:變化背後的規則:$/m);
        expect(out, `${id} ${lang}`).toMatch(lang === 'en' ? /Source \d+, lines? \d+/ : /原文 \d+ 第 \d+/);
        expect(seen.options).toBeGreaterThan(0);
      }
    }
  }, limit(120_000));
});

describe('what the screen says others chose', () => {
  // A choice of a card or a place is told by its name (or "a card" when the viewer cannot see it),
  // never by the card's id or the place's index, whatever the spec's options expression looks like.
  it.each(['cash-n-guns', 'downtown', 'the-boss', 'speakeasy'])('%s: answers that are cards or places are named', async (game) => {
    const { narrate, Namer } = await import('../../src/present/narrate.ts');
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

/** every id the spec declares (rules, choices, cards, places, vars, zones, …) */
function specIds(spec: unknown): Set<string> {
  const ids = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'id' || k === 'choose') && typeof x === 'string') ids.add(x);
        walk(x);
      }
    }
  };
  walk(spec);
  return ids;
}

/** random games of every game at every player count (options: defaults, then each bool flipped in
 *  turn), with `visit` called at every decision before it is answered */
function everyDecision(visit: (g: { id: string; engine: Engine; spec: Spec; options: Record<string, Json>; players: number; state: unknown; seat: number; step: number }) => void, maxSteps = 1500): void {
  for (const id of listGames('rules')) {
    const g = openGame('rules', id);
    const e = g.engine!;
    for (let players = e.minPlayers; players <= e.maxPlayers; players++) {
      const bools = e.options.filter((o) => o.type === 'bool');
      const options = Object.fromEntries(e.options.map((o) => [o.id, o.default]));
      // one option set per player count, each bool on in turn (all off at the smallest count)
      const flip = bools[(players - e.minPlayers - 1 + bools.length) % Math.max(1, bools.length)];
      if (flip && players > e.minPlayers) options[flip.id] = !flip.default;
      const agents = randomSeatAgents(players * 7 + 1, players);
      const s = e.create({ players, seed: players * 7 + 1, options });
      for (let p = e.pending(s), step = 0; p !== null && step < maxSteps; p = e.pending(s), step++) {
        const seat = p.kind === 'choice' ? p.waitingFor[0]! : -1;
        if (seat >= 0) visit({ id, engine: e, spec: g.spec as Spec, options, players, state: s, seat, step });
        e.applyInPlace(s, seat, agents.seats[seat]!.act(e, s, seat));
      }
    }
  }
}

describe("a seat's options are words, never ids", () => {
  it('every choice of every game and player count, in English and Chinese', async () => {
    const { optionLabels } = await import('../../src/present/options.ts');
    const decls = new Map<string, ReturnType<typeof screenModel>>();
    const idsOf = new Map<string, Set<string>>();
    const choices = new Map<string, Set<string>>();
    const bad: string[] = [];
    everyDecision(({ id, engine: e, spec: sp, options, state, seat }) => {
      const key = `${id}|${JSON.stringify(options)}`;
      if (!decls.has(key)) decls.set(key, screenModel(sp, options, (c) => e.answerType(c)));
      if (!idsOf.has(id)) idsOf.set(id, specIds(sp));
      const legal = e.legalActions(state, seat);
      for (const lang of ['en', 'zh'] as const) {
        const labels = optionLabels(e, state, seat, legal, decls.get(key), lang);
        labels.forEach((l, i) => {
          const choice = legal[i]!.choice;
          (choices.get(id) ?? choices.set(id, new Set()).get(id)!).add(choice);
          if (l.trim() === '' || idsOf.get(id)!.has(l) || /^[a-z0-9]+(-[a-z0-9]+)+$/.test(l) || /^[[{]|undefined|NaN|\[object/.test(l)) bad.push(`${id} ${choice} ${lang}: ${JSON.stringify(l)}`);
        });
      }
    });
    expect([...new Set(bad)].slice(0, 20)).toEqual([]);
    // the random games met many choices of every game
    for (const [id, set] of choices) expect(set.size, id).toBeGreaterThan(3);
  }, limit(120_000));
});

describe("a seat's own values are always on its screen", () => {
  it('every seat var that matters, 0 and the start value included; a seat value naming the seat says "you"', () => {
    const decls = new Map<string, ReturnType<typeof screenModel>>();
    const problems: string[] = [];
    let checked = 0;
    everyDecision(({ id, engine: e, spec: sp, options, state, seat, step }) => {
      if (step % 5 !== 0) return;
      const key = `${id}|${JSON.stringify(options)}`;
      if (!decls.has(key)) decls.set(key, screenModel(sp, options, (c) => e.answerType(c)));
      const decl = decls.get(key)!;
      const view = e.view(state, seat);
      const screen = seatScreen({ view, decl, lang: 'en', since: 0 });
      const mine = screen.seats[seat]!;
      for (const [v, info] of decl.seatVars) {
        const value = view.seats[seat]!.vars[v];
        if (value === null || value === undefined) continue;
        const item = mine.items.find((i) => i.key === `seat:${seat}:var:${v}`);
        // a card var whose card the seat no longer sees says nothing
        if (info.type === 'card' && !item) continue;
        checked++;
        if (!item) problems.push(`${id}: seat ${seat}'s own ${v} = ${JSON.stringify(value)} is not shown`);
        else if (typeof value === 'number' && info.type === 'number' && item.value !== value.toLocaleString('en')) problems.push(`${id}: ${v} = ${value} shown as ${item.value}`);
      }
      // another seat's value naming this seat (an aim at it) is shown, as "you"
      view.seats.forEach((other, o) => {
        if (o === seat) return;
        for (const [v, info] of decl.seatVars) {
          if (info.type !== 'seat' || other.vars[v] !== seat) continue;
          const item = screen.seats[o]!.items.find((i) => i.key === `seat:${o}:var:${v}`);
          checked++;
          if (item?.value !== 'you') problems.push(`${id}: seat ${o}'s ${v} names seat ${seat} but shows ${JSON.stringify(item?.value)}`);
        }
      });
      // a value kept per place that names this seat (whose building) says "You" there
      for (const [v, info] of decl.vars) {
        const x = view.vars[v];
        if (info.type !== 'seat' || x === null || typeof x !== 'object' || Array.isArray(x) || !Object.values(x).includes(seat)) continue;
        checked++;
        const item = screen.table.items.find((i) => i.key === `var:${v}`);
        if (!item?.value.includes('You')) problems.push(`${id}: ${v} names seat ${seat} at some place but shows ${JSON.stringify(item?.value)}`);
      }
    }, 400);
    expect([...new Set(problems)].slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  }, limit(120_000));

  it("Speakeasy: the seat's starting money and, in Cash'n Guns, an aim at it", () => {
    const g = openGame('rules', 'speakeasy');
    const e = g.engine!;
    const options = Object.fromEntries(e.options.map((o) => [o.id, o.default]));
    const s = e.create({ players: 3, seed: 2, options });
    const screen = seatScreen({ view: e.view(s, 0), decl: screenModel(g.spec as Spec, options, (c) => e.answerType(c)), lang: 'en', since: 0 });
    const pocket = screen.seats[0]!.items.find((i) => i.key === 'seat:0:var:pocket');
    expect(pocket?.value).toBe('15');
  });
});
