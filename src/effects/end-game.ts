/** `endGame: <end rule id>`: the game ends now, as that end rule says. */
import { list } from '../interpreter/compile/declarations.ts';
import { idHint } from '../expr/index.ts';
import { effectKind, noBlocks } from './kind.ts';

export default effectKind({
  key: 'endGame',
  blocks: noBlocks,
  compile: (cx, e, _env, rule) => {
    const end = String(e['endGame']);
    if (!cx.cc.model.end(end)) cx.cc.error(e, 'endGame', `unknown end rule '${end}'`, idHint(end, list(cx.spec, 'ends').map((x) => String(x['id'])), 'end rules'));
    cx.cc.emit({ op: 'end', end, rule }, rule);
  },
  // nothing runs after it, so what it "writes" is moot: counted as everything, to be safe
  writes: () => 'all',
  read: {
    en: (e, r) => `the game ends now, as ${r.ref(e.endGame)}`,
    zh: (e, r) => `遊戲立即結束，依 ${r.ref(e.endGame)}`,
  },
  chart: (e, d, from) => d.end(e.endGame, from),
});
