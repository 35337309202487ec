/**
 * `rules simulate --workers N`: the games of a run cut into chunks, played on N threads — the
 * main thread and a tinypool of N − 1 worker threads — and handed on in game order, so the output
 * is the bytes of one worker. A worker thread first loads and compiles the game (seconds), so the
 * main thread plays chunks meanwhile instead of waiting. At most a few chunks per thread are ahead
 * of the output at once, so memory stays flat however many games run.
 */
import { Tinypool } from 'tinypool';
import type { Engine } from '../interpreter/api.ts';
import { playChunkWith, type ChunkResult, type ChunkRun, type ChunkTask, type PlayedChunk } from './simulate-worker.ts';

/** chunks out in the pool per worker thread: enough that none waits for the main thread. With 3,
 *  a worker thread still sat idle between chunks (12 % of its time, measured with 120,000 games):
 *  the main thread hands out more only between two chunks of its own. Near the end of a run fewer
 *  go out (fairShare), so that the main thread does not wait for a full queue. */
const CHUNKS_PER_WORKER = 8;
/** chunks played but not yet handed on, at most: the main thread plays this far ahead while the
 *  worker threads start (a bound, so memory stays flat: a few MB of records) */
const MAX_CHUNKS_AHEAD = 256;
/** the first chunk's games, before a game's time is known */
const FIRST_CHUNK = 8;
/** a chunk is about this long: each costs the pool a message each way (a fraction of a
 *  millisecond), so chunks of a fast game's 32 games spent a quarter of their time on messages */
const CHUNK_MS = 40;
/** each thread gets at least this many chunks of a run: the last ones end together */
const CHUNKS_PER_THREAD = 8;

/** games per chunk, from the time one game took here (the output does not depend on it) */
function chunkSize(games: number, threads: number, msPerGame: number): number {
  const byTime = Math.ceil(CHUNK_MS / Math.max(msPerGame, 1e-3));
  return Math.max(1, Math.min(byTime, Math.ceil(games / (threads * CHUNKS_PER_THREAD))));
}

type Played = PlayedChunk | { error: Error };

function playHere(engine: Engine, r: ChunkRun, from: number, to: number): Played {
  try {
    return playChunkWith(engine, { ...r, from, to });
  } catch (e) {
    return { error: e as Error };
  }
}

function fromWorker(r: ChunkResult): Played {
  if ('error' in r) return { error: Object.assign(new Error(r.error.message), r.error.at ? { at: r.error.at } : {}) };
  return r;
}

/** let the worker threads' answers in (the main thread has just played a chunk) */
const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The worker threads of a run, started: each loads and compiles the game (a warm-up task, an
 * empty chunk). Started before the main thread compiles the game itself, so both do it at once.
 */
export interface Workers {
  pool: Tinypool;
  threads: number;
  /** true once every worker thread has loaded the game */
  ready: boolean;
  /** settles when they have (rejects if one could not) */
  warmed: Promise<void>;
}

export function startWorkers(where: { rulesDir: string; gameId: string }, workerThreads: number): Workers {
  const pool = new Tinypool({
    filename: new URL('./simulate-worker.mjs', import.meta.url).href,
    minThreads: workerThreads,
    maxThreads: workerThreads,
    // tinypool keeps its queue on this thread and sends a worker its next task only when this
    // thread's event loop runs, which is between two of its own chunks: with one task at a time a
    // worker sat idle for most of each of them (it played 36 % of a run's games, not half). With
    // all of a worker's chunks sent at once it goes from one to the next itself.
    concurrentTasksPerWorker: CHUNKS_PER_WORKER,
  });
  // an empty chunk plays nothing
  const empty: ChunkTask = { ...where, run: { players: 0, seed: 0, options: {} }, form: 'text', head: { game: where.gameId, players: 0, seed: 0, options: {} }, from: 0, to: 0 };
  const warmUps = Array.from({ length: workerThreads }, () => pool.run(empty) as Promise<ChunkResult>);
  const workers: Workers = { pool, threads: workerThreads, ready: false, warmed: Promise.resolve() };
  workers.warmed = Promise.all(warmUps).then((rs) => {
    const failed = rs.map(fromWorker).find((r) => 'error' in r);
    if (failed && 'error' in failed) throw failed.error;
    workers.ready = true;
  });
  workers.warmed.catch(() => {});
  return workers;
}

export async function playGamesOnWorkers(
  engine: Engine,
  where: { rulesDir: string; gameId: string },
  r: ChunkRun,
  from: number,
  to: number,
  threads: number,
  /** each chunk of games [from, to), in run order */
  onChunk: (chunk: PlayedChunk, from: number, to: number) => void,
  /** mainPlays false: every chunk goes through the worker threads (tests check that path);
   *  workers: threads started earlier (startWorkers; destroyed here at the end) */
  opts: { mainPlays?: boolean; workers?: Workers } = {},
): Promise<{ byWorkers: number }> {
  const mainPlays = opts.mainPlays !== false;
  const workerThreads = threads - 1;
  const workers = opts.workers ?? startWorkers(where, workerThreads);
  const pool = workers.pool;
  // chunks are cut as they are given out: [starts[k], ends[k]), sized from the time the main
  // thread's chunks took so far (its first chunk, of FIRST_CHUNK games, runs cold: the estimate
  // falls as the code warms up, and chunks grow with it)
  const starts: number[] = [];
  const ends: number[] = [];
  let size = Math.min(FIRST_CHUNK, to - from);
  let mainMs = 0;
  let mainGames = 0;
  const cutMore = (): boolean => {
    const a = ends.length ? ends.at(-1)! : from;
    if (a >= to) return false;
    starts.push(a);
    ends.push(Math.min(a + size, to));
    return true;
  };
  const more = (c: number): boolean => c < starts.length || cutMore();
  const end = (k: number): number => ends[k]!;
  const gamesOf = (k: number): number => ends[k]! - starts[k]!;
  const ahead = Math.max(MAX_CHUNKS_AHEAD, threads * CHUNKS_PER_WORKER);
  const poolCap = workerThreads * CHUNKS_PER_WORKER;
  // without the main thread playing, nothing is timed: chunks are sized as for a game of a millisecond
  if (!mainPlays) size = chunkSize(to - from, threads, 1);
  let byWorkers = 0;
  const done = new Map<number, Played>();
  const waiting = new Map<number, Promise<void>>();
  let inPool = 0;
  /** the games of the chunks in the pool (handed out, not yet back) */
  let inPoolGames = 0;
  // chunk c (cut) may go to the pool while the games queued there, with it, stay within the worker
  // threads' share of all the games not yet played or queued: at the end of the run they then
  // finish about when the main thread does, instead of it waiting for their queue
  const fairShare = (c: number): boolean => {
    const games = gamesOf(c);
    return (inPoolGames + games) * threads <= (to - end(c) + inPoolGames + games) * workerThreads || inPool === 0;
  };
  let next = 0;
  // chunks go to the worker threads only once they have loaded the game: until then the main
  // thread plays on, in order, instead of waiting for them
  const workersReady = (): boolean => !mainPlays || workers.ready;
  try {
    for (let k = 0; more(k); ) {
      // hand chunks to the worker threads while they have room
      while (workersReady() && more(next) && next - k < ahead && inPool < poolCap && (!mainPlays || fairShare(next))) {
        const c = next++;
        const task: ChunkTask = { ...where, ...r, from: starts[c]!, to: end(c) };
        inPool++;
        inPoolGames += gamesOf(c);
        waiting.set(c, (pool.run(task) as Promise<ChunkResult>).then(
          (r) => {
            done.set(c, fromWorker(r));
            byWorkers += gamesOf(c);
          },
          (e: unknown) => void done.set(c, { error: e as Error }),
        ).finally(() => {
          inPool--;
          inPoolGames -= gamesOf(c);
          waiting.delete(c);
        }));
      }
      const ready = done.get(k);
      if (ready !== undefined) {
        done.delete(k);
        if ('error' in ready) throw ready.error;
        onChunk(ready, starts[k]!, end(k));
        k++;
      } else if (mainPlays && more(next) && next - k < ahead) {
        // nothing to hand on yet: the main thread plays the next chunk itself
        const c = next++;
        const t0 = performance.now();
        done.set(c, playHere(engine, r, starts[c]!, end(c)));
        mainMs += performance.now() - t0;
        mainGames += end(c) - starts[c]!;
        size = chunkSize(to - from, threads, mainMs / mainGames);
        await yieldToEvents();
      } else if (waiting.has(k)) {
        await waiting.get(k);
      } else {
        // chunk k was given out (k < next), so it is either played (done) or in the pool
        throw new Error(`simulate --workers: chunk ${k} is neither played nor in the pool`);
      }
    }
    return { byWorkers };
  } finally {
    // chunks still out when a game failed are not waited for
    for (const p of waiting.values()) p.catch(() => {});
    await pool.destroy();
  }
}
