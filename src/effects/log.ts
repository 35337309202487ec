/** `log: {en, zh}`: write a line in the game's log, for everyone. */
import type { Text } from '../interpreter/api.ts';
import { log } from '../interpreter/runtime.ts';
import { effectKind, noBlocks, writesNothing } from './kind.ts';

export default effectKind({
  key: 'log',
  blocks: noBlocks,
  compile: (cx, e, _env, rule) => {
    const text = e['log'] as Text;
    cx.cc.emit({ op: 'exec', fn: (c) => log(c, rule, 'log', { en: text.en, zh: text.zh }) }, rule);
  },
  writes: writesNothing,
  read: {
    en: (e) => `write in the log: “${e.log.en}”`,
    zh: (e) => `記錄：「${e.log.zh}」`,
  },
  chart: 'in-box',
});
