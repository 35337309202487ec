import { describe, expect, it } from 'vitest';
import { gameSeed, simulate } from '../../src/simulate/run.ts';
import { agentSeedFor } from '../../src/agents/random-agent.ts';
import { playout } from '../../src/agents/playout.ts';
import { makePickEngine } from './fake-engine.ts';
import { runCli } from './helpers.ts';

describe('rules simulate --json (the contract)', () => {
  it('prints one JSON object with the documented shape', async () => {
    const r = await runCli(['simulate', 'pick', '--players', '3', '--games', '20', '--seed', '7', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(['game', 'players', 'seed', 'options', 'games', 'summary']);
    expect(j.game).toBe('pick');
    expect(j.players).toBe(3);
    expect(j.seed).toBe(7);
    expect(j.options).toEqual({ rounds: 3, double: false, mode: 'high' });
    expect(j.games).toHaveLength(20);
    j.games.forEach((g: any, i: number) => {
      expect(Object.keys(g).sort()).toEqual(['end', 'out', 'result', 'rounds', 'scores', 'seed', 'winners']);
      expect(g.seed).toBe(gameSeed(7, i));
      expect(g.scores).toHaveLength(3);
      for (const w of g.winners) expect([0, 1, 2]).toContain(w);
      expect(g.end).toBe('after-rounds');
      expect(g.result).toBe('most-points');
      expect(g.rounds).toBe(3);
      expect(g.out).toEqual([]);
    });
    const s = j.summary;
    expect(s.games).toBe(20);
    expect(s.winRate).toHaveLength(3);
    expect(s.meanScore).toHaveLength(3);
    expect(s.ends).toEqual({ 'after-rounds': 20 });
    expect(s.results).toEqual({ 'most-points': 20 });
    expect(s.meanRounds).toBe(3);
    expect(s.meanActions).toBe(9);
    const wins = [0, 1, 2].map((seat) => j.games.filter((g: any) => g.winners.includes(seat)).length);
    expect(s.wins).toEqual(wins);
  });

  it('is byte-identical when run twice, and changes with the seed', async () => {
    const args = ['simulate', 'pick', '--games', '30', '--seed', '99', '--json'];
    const a = await runCli(args);
    const b = await runCli(args);
    expect(b.stdout).toBe(a.stdout);
    const c = await runCli(['simulate', 'pick', '--games', '30', '--seed', '100', '--json']);
    expect(c.stdout).not.toBe(a.stdout);
  });

  it('defaults: max players, seed 1, 100 games', async () => {
    const j = JSON.parse((await runCli(['simulate', 'pick', '--json'])).stdout);
    expect(j.players).toBe(3);
    expect(j.seed).toBe(1);
    expect(j.games).toHaveLength(100);
  });

  it('game i is the playout with seed gameSeed(S, i) and agents agentSeedFor(that seed)', () => {
    const engine = makePickEngine();
    const rep = simulate(engine, { players: 2, games: 5, seed: 3 });
    rep.games.forEach((g, i) => {
      const r = playout(engine, { players: 2, seed: gameSeed(3, i), options: rep.options }, agentSeedFor(gameSeed(3, i)));
      expect(g.scores).toEqual(r.result.scores);
    });
  });

  it('passes typed options to the engine', async () => {
    const j = JSON.parse((await runCli(['simulate', 'pick', '--games', '3', '--json', '--option', 'rounds=5', '-o', 'double=true'])).stdout);
    expect(j.options).toEqual({ rounds: 5, double: true, mode: 'high' });
    expect(j.games[0].rounds).toBe(5);
  });

  it('prints a readable summary without --json', async () => {
    const r = await runCli(['simulate', 'pick', '--games', '10', '--players', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/pick: 10 games, 2 players, seed 1/);
    expect(r.stdout).toMatch(/win rate/);
    expect(r.stdout).toMatch(/after-rounds\s+10\s+100\.0%/);
    expect(r.stdout).toMatch(/rounds per game: mean 3/);
    expect(r.stdout).toMatch(/games\/s/);
    const quiet = await runCli(['simulate', 'pick', '--games', '10', '--players', '2', '--no-timing']);
    expect(quiet.stdout).not.toMatch(/games\/s/);
    expect(r.stderr).toBe('');
  });

  it('reports a game that never ends with its index and seed, exit 1, one line', async () => {
    const r = await runCli(['simulate', 'pick', '--games', '1', '--option', 'rounds=100000']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: game 0 \(seed \d+\): pick: no end after 100000 steps/);
    expect(r.stderr).toMatch(/run with DEBUG=1 for the stack/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('rules simulate: statistics, readable report and --csv', () => {
  it('adds intervals, shared wins and spreads to the summary, consistent with the games', () => {
    const rep = simulate(makePickEngine(), { players: 3, games: 40, seed: 5 });
    const s = rep.summary;
    s.winRate.forEach((rate, seat) => {
      expect(s.winInterval[seat]!.lo).toBeLessThanOrEqual(rate);
      expect(s.winInterval[seat]!.hi).toBeGreaterThanOrEqual(rate);
      expect(s.scoreSpread[seat]!.mean).toBeCloseTo(s.meanScore[seat]!, 5);
      const scores = rep.games.map((g) => g.scores[seat]!);
      expect(s.scoreSpread[seat]!.min).toBe(Math.min(...scores));
      expect(s.scoreSpread[seat]!.max).toBe(Math.max(...scores));
    });
    expect(s.sharedWins).toBe(rep.games.filter((g) => g.winners.length > 1).length);
    expect(s.roundsSpread).toMatchObject({ n: 40, mean: 3, sd: 0, median: 3 });
    expect(s.actionsSpread.mean).toBe(s.meanActions);
  });

  it('prints intervals, spreads, end rules and how shared wins count', async () => {
    const r = await runCli(['simulate', 'pick', '--games', '50', '--players', '3', '--no-timing']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/95% interval/);
    // one row per seat: seat, wins, rate, interval lo – hi; seats counted from 1, as people count them
    const seats = (r.stdout.match(/^\d\s+\d+\s+\d+\.\d%\s+\d+\.\d% – \d+\.\d%/gm) ?? []).map((row) => Number(row[0]));
    expect(seats).toEqual([1, 2, 3]);
    expect(r.stdout).toMatch(/Seats count from 1 in the order of play \(--json and --csv number them from 0\)/);
    expect(r.stdout).toMatch(/A shared win counts as a win for every seat that shares it/);
    expect(r.stdout).toMatch(/rounds per game: mean 3, sd 0; min 3, quartiles 3 \/ 3 \/ 3, max 3/);
    expect(r.stdout).toMatch(/after-rounds\s+50\s+100\.0%/);
  });

  it('--csv is one parseable row per game with a header, matching --json', async () => {
    const { parse } = await import('csv-parse/sync');
    const args = ['simulate', 'pick', '--games', '25', '--players', '3', '--seed', '4'];
    const csv = await runCli([...args, '--csv']);
    expect(csv.code).toBe(0);
    const json = JSON.parse((await runCli([...args, '--json'])).stdout);
    // strict: every row has the header's columns, quotes must be well formed
    const rows = parse(csv.stdout, { columns: true, relax_column_count: false, relax_quotes: false, skip_empty_lines: false }) as Record<string, string>[];
    expect(rows).toHaveLength(25);
    rows.forEach((row, i) => {
      const g = json.games[i];
      expect(row['seed']).toBe(String(g.seed));
      expect(row['option_mode']).toBe('high');
      expect(row['winners']).toBe(g.winners.join(' '));
      for (let s = 0; s < 3; s++) {
        expect(Number(row[`score_${s}`])).toBe(g.scores[s]);
        expect(row[`win_${s}`]).toBe(g.winners.includes(s) ? '1' : '0');
      }
    });
  });

  it('refuses --json with --csv (exit 2)', async () => {
    const r = await runCli(['simulate', 'pick', '--json', '--csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--json and --csv/);
  });
});
