/**
 * Which options a game read: an options object that notes each name read from it, and every name
 * when it is listed, copied or asked about whole (JSON.stringify, Object.keys, `in`). The random
 * validation games (smoke.ts) use it to skip a setting that can only replay an earlier game: a
 * game is a function of its seed and of the option values it reads, so two settings that agree on
 * every option one of them read play the same game.
 */
import type { Json, OptionsRead } from './api.ts';

/** OptionsRead as it is noted (the engine's side of createWatched) */
export interface OptionReads extends OptionsRead {
  names: Set<string>;
}

export const noReads = (): OptionReads => ({ names: new Set(), all: false });

export function watchedOptions(options: Record<string, Json>, reads: OptionReads): Record<string, Json> {
  const whole = (): void => void (reads.all = true);
  return new Proxy(options, {
    get(target, key, receiver) {
      if (typeof key === 'string') reads.names.add(key);
      else whole();
      return Reflect.get(target, key, receiver) as Json;
    },
    has(target, key) {
      whole();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      whole();
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, key) {
      whole();
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    set() {
      // a state's options are never written (engine.ts); a write would be a bug, not a read
      throw new TypeError('options are read-only');
    },
  });
}
