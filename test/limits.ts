/**
 * The tests' time limits, scaled by how slow this machine is now. A limit in a test is a ceiling
 * for a hang, never a timing assertion: it is written as the time the work may take on the quiet
 * machine it was set on, and `limit(ms)` stretches it by the machine factor, so that a machine
 * kept busy by other jobs gets the time it needs instead of failing.
 *
 * The machine factor (at least 1) is
 *   - RULES_TEST_SLOWDOWN when set (a number: the factor itself);
 *   - otherwise how much slower this CPU is than the reference one (SPEED: a fixed piece of
 *     JavaScript timed in CPU time, not wall time, so other jobs do not count twice), times how
 *     many runnable tasks share each core (the one-minute load average over the cores, when
 *     above 1), at most MAX_FACTOR.
 * The load is read each time a limit is asked for (a test file asks as it is collected), so a
 * long run follows the load as it changes; the speed is measured once per process.
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

/** a limit never stretches further than this (a real hang still ends the run) */
export const MAX_FACTOR = 12;

/** CPU milliseconds of cpuSpeedFactor's work, best of five, on the reference machine (the
 *  project's shared 2-core machine, where the limits were set: 30–32 ms) */
const REFERENCE_CPU_MS = 32;

let speed: number | undefined;

/**
 * How many times slower than the reference machine this CPU is (at least 1): a fixed piece of
 * plain JavaScript (objects, arrays, strings, a Map: what the tests do) timed in CPU time, best of
 * five (about 0.2 s of CPU). Measured once per test run: vitest.config.ts measures it and hands it
 * to the test processes in RULES_TEST_CPU_SPEED.
 */
export function cpuSpeedFactor(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env['RULES_TEST_CPU_SPEED']);
  if (env['RULES_TEST_CPU_SPEED'] && Number.isFinite(given) && given >= 1) return given;
  if (speed !== undefined) return speed;
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    let h = 0;
    const m = new Map<string, number>();
    for (let i = 0; i < 600_000; i++) {
      const k = 'k' + (i % 997);
      const o = { a: i, b: [i & 7, i >> 3], s: k };
      m.set(k, (m.get(k) ?? 0) + o.b[0]! + o.b[1]!);
      h = (h * 31 + o.s.length + (o.a % 13)) | 0;
    }
    const c = process.cpuUsage(c0);
    if (h === 42 && m.size === 0) best = 0; // keeps the work from being optimised away
    best = Math.min(best, (c.user + c.system) / 1000);
  }
  speed = Math.max(1, best / REFERENCE_CPU_MS);
  return speed;
}

/** runnable tasks per core over the last minute (at least 1) */
export function loadFactor(): number {
  return Math.max(1, loadavg()[0]! / availableParallelism());
}

/** how much longer than on the quiet reference machine work may take here now */
export function machineFactor(env: NodeJS.ProcessEnv = process.env): number {
  const forced = Number(env['RULES_TEST_SLOWDOWN']);
  if (env['RULES_TEST_SLOWDOWN'] && Number.isFinite(forced) && forced > 0) return Math.max(1, forced);
  return Math.min(MAX_FACTOR, cpuSpeedFactor(env) * loadFactor());
}

/** `ms` (what the work may take on the quiet reference machine) stretched by the machine factor */
export function limit(ms: number): number {
  return Math.round(ms * machineFactor());
}

/**
 * The limit of a property test that runs `runs` cases where `defaultRuns` fit in `ms` on the
 * reference machine (a count raised from the environment, e.g. NONINTERFERENCE_RUNS, gets the
 * time it needs: never less than `ms`), stretched by the machine factor.
 */
export function limitForRuns(runs: number, defaultRuns: number, ms = DEFAULT_TEST_MS): number {
  return limit(Math.max(ms, Math.ceil((ms * runs) / defaultRuns)));
}

/** a limit in words, for the message of a wait that ran out: "90 s (30 s × 3.0, the machine factor)" */
export function limitInWords(ms: number): string {
  const f = machineFactor();
  return `${(limit(ms) / 1000).toFixed(1)} s (${ms / 1000} s × ${f.toFixed(1)}, the machine factor: test/limits.ts)`;
}

/**
 * spawnSync with a time limit of `ms` on the reference machine, stretched (`limit`). A command
 * still running then is killed, and the test fails saying which command it waited for, how long,
 * and what it had printed (instead of an exit status of null).
 */
export function spawnWithin(ms: number, command: string, args: string[], options: SpawnSyncOptionsWithStringEncoding): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { ...options, timeout: limit(ms) });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') {
    const tail = (s: string | undefined) => (s ?? '').slice(-2000);
    throw new Error(`waited ${limitInWords(ms)} for \`${[command, ...args].join(' ')}\` to finish; it was killed.\nstdout: ${tail(r.stdout)}\nstderr: ${tail(r.stderr)}`);
  }
  return r;
}

/** the time limits of a test file that names none: vitest's, stretched (test/limits-setup.ts) */
export const DEFAULT_TEST_MS = 60_000;
export const DEFAULT_HOOK_MS = 60_000;
