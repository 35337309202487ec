/**
 * A run's games cut into chunks and played on N threads — this one and a tinypool of N − 1 worker
 * threads — and handed on in game order, so what comes out is what one thread makes. A worker
 * thread first loads and compiles the game (seconds), so this thread plays chunks meanwhile instead
 * of waiting. At most a few chunks per thread are ahead of the output at once, so memory stays flat
 * however many games run.
 *
 * What a chunk is (its task for a worker thread, how it is played here, what comes back) is the
 * caller's: `ChunkJob`. The worker script is the caller's too (a module whose default export plays
 * one task), so the command line, the site and the benchmarks each send their own kind of chunk.
 */
import { Tinypool } from 'tinypool';

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

/** a chunk played, or why it could not be */
export type Played<R> = R | { error: Error };

/** What the chunks of a run are: made of games [from, to), the same whichever thread plays them. */
export interface ChunkJob<R> {
  /** the task a worker thread is sent for games [from, to) (structured-cloned) */
  task(from: number, to: number): unknown;
  /** games [from, to), played on this thread (may throw: the run fails with that error) */
  here(from: number, to: number): R;
  /** what a worker thread's task returned: the chunk, or an error to fail the run with */
  answer(raw: unknown): Played<R>;
}

/** let the worker threads' answers in (the main thread has just played a chunk) */
const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const isError = <R>(x: Played<R>): x is { error: Error } => typeof x === 'object' && x !== null && 'error' in x && (x as { error: unknown }).error instanceof Error;

/**
 * The worker threads of a run, started: each runs `warmUp` first (loading and compiling the game,
 * say). Started before the main thread compiles the game itself, so both do it at once.
 */
export interface Workers {
  pool: Tinypool;
  threads: number;
  /** true once every worker thread has done its warm-up */
  ready: boolean;
  /** settles when they have (rejects if one could not) */
  warmed: Promise<void>;
}

export interface WorkerSpec {
  /** the worker script's URL (its default export runs one task) */
  filename: string;
  /** a task that plays nothing: sent to each thread first */
  warmUp: unknown;
  /** a warm-up's answer: an error fails the run */
  answer(raw: unknown): Played<unknown>;
}

export function startWorkers(spec: WorkerSpec, workerThreads: number): Workers {
  const pool = new Tinypool({
    filename: spec.filename,
    minThreads: workerThreads,
    maxThreads: workerThreads,
    // tinypool keeps its queue on this thread and sends a worker its next task only when this
    // thread's event loop runs, which is between two of its own chunks: with one task at a time a
    // worker sat idle for most of each of them (it played 36 % of a run's games, not half). With
    // all of a worker's chunks sent at once it goes from one to the next itself.
    concurrentTasksPerWorker: CHUNKS_PER_WORKER,
  });
  const warmUps = Array.from({ length: workerThreads }, () => pool.run(spec.warmUp) as Promise<unknown>);
  const workers: Workers = { pool, threads: workerThreads, ready: false, warmed: Promise.resolve() };
  workers.warmed = Promise.all(warmUps).then((rs) => {
    const failed = rs.map((r) => spec.answer(r)).find(isError);
    if (failed) throw failed.error;
    workers.ready = true;
  });
  workers.warmed.catch(() => {});
  return workers;
}

/**
 * Play games [from, to) on `threads` threads: this one and the worker threads `workers` started
 * (destroyed here at the end, unless `keep`: then the caller destroys them after its last run);
 * `onChunk` gets each chunk in run order.
 */
export async function playOnThreads<R>(
  job: ChunkJob<R>,
  from: number,
  to: number,
  threads: number,
  /** each chunk of games [from, to), in run order */
  onChunk: (chunk: R, from: number, to: number) => void,
  /** mainPlays false: every chunk goes through the worker threads (tests check that path) */
  opts: { mainPlays?: boolean; workers: Workers; keep?: boolean },
): Promise<{ byWorkers: number }> {
  const mainPlays = opts.mainPlays !== false;
  const workerThreads = threads - 1;
  const workers = opts.workers;
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
  const done = new Map<number, Played<R>>();
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
  // chunks go to the worker threads only once they have warmed up: until then the main thread
  // plays on, in order, instead of waiting for them
  const workersReady = (): boolean => !mainPlays || workers.ready;
  try {
    for (let k = 0; more(k); ) {
      // hand chunks to the worker threads while they have room
      while (workersReady() && more(next) && next - k < ahead && inPool < poolCap && (!mainPlays || fairShare(next))) {
        const c = next++;
        inPool++;
        inPoolGames += gamesOf(c);
        waiting.set(c, (pool.run(job.task(starts[c]!, end(c))) as Promise<unknown>).then(
          (r) => {
            done.set(c, job.answer(r));
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
        if (isError(ready)) throw ready.error;
        onChunk(ready, starts[k]!, end(k));
        k++;
      } else if (mainPlays && more(next) && next - k < ahead) {
        // nothing to hand on yet: the main thread plays the next chunk itself
        const c = next++;
        const t0 = performance.now();
        let played: Played<R>;
        try {
          played = job.here(starts[c]!, end(c));
        } catch (e) {
          played = { error: e as Error };
        }
        done.set(c, played);
        mainMs += performance.now() - t0;
        mainGames += end(c) - starts[c]!;
        size = chunkSize(to - from, threads, mainMs / mainGames);
        await yieldToEvents();
      } else if (waiting.has(k)) {
        await waiting.get(k);
      } else {
        // chunk k was given out (k < next), so it is either played (done) or in the pool
        throw new Error(`chunk ${k} is neither played nor in the pool`);
      }
    }
    return { byWorkers };
  } finally {
    // chunks still out when a game failed are not waited for
    for (const p of waiting.values()) p.catch(() => {});
    if (!opts.keep) await pool.destroy();
  }
}
