/**
 * Watch a rules folder for saved YAML files and run a callback for each burst of changes.
 * Events within `debounceMs` are merged into one call; calls never overlap: changes that arrive
 * while a call runs are collected and handled by one more call when it finishes.
 */
import { watch, type FSWatcher } from 'chokidar';

export interface RulesWatcher {
  /** resolves once the initial scan is done (changes after that are reported) */
  ready: Promise<void>;
  /** resolves when no call is running or pending */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface WatchOptions {
  /** quiet time before a burst of events is handled (default 100 ms) */
  debounceMs?: number;
  /** chokidar polling, for file systems without change events */
  usePolling?: boolean;
  /** called when the callback throws */
  onError?: (e: unknown) => void;
}

const isYaml = (path: string): boolean => /\.ya?ml$/i.test(path);

/** Call onChange(files) with the YAML files added, changed or removed under the folders. */
export function watchRules(
  dirs: string | string[],
  onChange: (files: string[]) => Promise<void> | void,
  opts: WatchOptions = {},
): RulesWatcher {
  const debounceMs = opts.debounceMs ?? 100;
  const watcher: FSWatcher = watch(dirs, {
    ignoreInitial: true,
    // skip editors' backup and swap files, keep folders so new games are seen
    ignored: (path, stats) => stats?.isFile() === true && !isYaml(path),
    awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
    usePolling: opts.usePolling ?? false,
  });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const idleWaiters: (() => void)[] = [];

  const settle = (): void => {
    if (running || timer || pending.size > 0) return;
    for (const w of idleWaiters.splice(0)) w();
  };

  const flush = (): void => {
    timer = undefined;
    if (running || closed || pending.size === 0) {
      settle();
      return;
    }
    const files = [...pending].sort();
    pending = new Set();
    running = (async () => {
      try {
        await onChange(files);
      } catch (e) {
        opts.onError?.(e);
      }
    })().finally(() => {
      running = undefined;
      if (pending.size > 0 && !closed) schedule();
      else settle();
    });
  };

  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };

  const onEvent = (path: string): void => {
    if (!isYaml(path) || closed) return;
    pending.add(path);
    schedule();
  };
  watcher.on('add', onEvent).on('change', onEvent).on('unlink', onEvent);
  watcher.on('error', (e) => opts.onError?.(e));

  const ready = new Promise<void>((ok) => watcher.once('ready', () => ok()));
  return {
    ready,
    idle: () =>
      new Promise<void>((ok) => {
        idleWaiters.push(ok);
        settle();
      }),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await watcher.close();
      await running;
      settle();
    },
  };
}
