/**
 * `rules validate --workers N`: the game folders checked on N threads — this one and a tinypool
 * of N − 1 worker threads — the largest first, each taking the next folder when it is free.
 * Each game is checked whole on one thread (the same code as one thread runs), and the results
 * come back in the order of the folders, so the report is the one of a single thread.
 */
import { statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Tinypool } from 'tinypool';
import { stackBound, type ValidatedGame } from './validate.ts';
import type { CheckResult, CheckTask } from './validate-worker.ts';

/** bytes of the files below a folder: what a game costs to check, roughly (load, compile and random games grow with it) */
function sizeOf(dir: string): number {
  let n = 0;
  try {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      n += e.isDirectory() ? sizeOf(p) : e.isFile() ? statSync(p).size : 0;
    }
  } catch {
    // an unreadable folder is checked (and reported) like any other; its size does not matter
  }
  return n;
}

/** waits of 2 ms for the worker threads to take their first tasks, at most (a worker that does not start is not waited for) */
const MAX_WAITS = 1000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `here` checks one folder on this thread; `games` are in the order of `dirs`; `byWorkers`: how many of them the worker threads checked */
export async function checkOnThreads(dirs: string[], threads: number, here: (dir: string) => ValidatedGame, examples = true): Promise<{ games: ValidatedGame[]; byWorkers: number }> {
  const order = dirs.map((d, i) => ({ i, size: sizeOf(d) })).sort((a, b) => b.size - a.size || a.i - b.i).map((x) => x.i);
  const results: ValidatedGame[] = new Array(dirs.length);
  const pool = new Tinypool({ filename: new URL('./validate-worker.mjs', import.meta.url).href, minThreads: threads - 1, maxThreads: threads - 1 });
  let next = 0;
  let byWorkers = 0;
  // this thread takes the largest game: it has the code loaded, a worker thread has not yet
  const first = order[next++]!;
  const onWorker = async (): Promise<void> => {
    while (next < order.length) {
      const i = order[next++]!;
      let r: CheckResult;
      try {
        r = (await pool.run({ dir: dirs[i]!, examples } satisfies CheckTask)) as CheckResult;
        byWorkers++;
      } catch {
        // the worker thread could not run it (it failed to start, or died): check it here
        r = { game: here(dirs[i]!) };
      }
      if ('error' in r) throw new Error(r.error);
      // what the stack decides is checked again here, on the stack one thread has
      results[i] = stackBound(r.game) ? here(dirs[i]!) : r.game;
    }
  };
  try {
    const workers = Array.from({ length: threads - 1 }, onWorker);
    // a failure is awaited below; until then it is not an unhandled rejection
    for (const w of workers) w.catch(() => {});
    // tinypool hands a task to a worker thread once its start-up message reached this thread's
    // event loop: wait for that (a bounded while) before this thread is busy for a second or more
    for (let t = 0; pool.queueSize > 0 && t < MAX_WAITS; t++) await sleep(2);
    results[first] = here(dirs[first]!);
    while (next < order.length) {
      const i = order[next++]!;
      results[i] = here(dirs[i]!);
      await yieldToEvents();
    }
    await Promise.all(workers);
    return { games: results, byWorkers };
  } finally {
    await pool.destroy();
  }
}
