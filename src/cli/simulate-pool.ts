/**
 * `rules simulate --workers N`: the games of a run cut into chunks that a tinypool of N worker
 * threads plays, handed back in game order — so the output is the bytes of one worker. At most a
 * few chunks per worker are out at once, so memory stays flat however many games run.
 */
import { Tinypool } from 'tinypool';
import type { SimulatedGame } from '../stats/summary.ts';
import type { RunSettings } from './simulate.ts';
import type { ChunkResult, ChunkTask } from './simulate-worker.ts';

/** chunks out at once per worker: enough that no worker waits for the main thread */
const CHUNKS_IN_FLIGHT_PER_WORKER = 3;
/** a chunk is at most this many games (a few hundred ms of play at most) */
const MAX_CHUNK = 64;

export function chunkSize(games: number, workers: number): number {
  return Math.max(1, Math.min(MAX_CHUNK, Math.ceil(games / (workers * 4))));
}

export async function playGamesOnWorkers(
  where: { rulesDir: string; gameId: string },
  run: RunSettings,
  from: number,
  to: number,
  workers: number,
  onGame: (index: number, game: SimulatedGame, steps: number) => void,
): Promise<void> {
  const pool = new Tinypool({
    filename: new URL('./simulate-worker.mjs', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
  });
  const size = chunkSize(to - from, workers);
  const starts: number[] = [];
  for (let a = from; a < to; a += size) starts.push(a);
  const results = new Map<number, Promise<ChunkResult>>();
  const submit = (k: number): void => {
    const a = starts[k]!;
    const task: ChunkTask = { ...where, run, from: a, to: Math.min(a + size, to) };
    results.set(k, pool.run(task) as Promise<ChunkResult>);
  };
  try {
    let next = 0;
    for (; next < Math.min(starts.length, workers * CHUNKS_IN_FLIGHT_PER_WORKER); next++) submit(next);
    for (let k = 0; k < starts.length; k++) {
      const r = await results.get(k)!;
      results.delete(k);
      if (next < starts.length) submit(next++);
      if ('error' in r) throw Object.assign(new Error(r.error.message), r.error.at ? { at: r.error.at } : {});
      r.games.forEach((g, j) => onGame(starts[k]! + j, g, r.steps[j]!));
    }
  } finally {
    // chunks still out when a game failed are not waited for
    for (const p of results.values()) p.catch(() => {});
    await pool.destroy();
  }
}
