/** `add: <number var path>, value: <number>`: add to (or, negative, subtract from) a number. */
import { effectKind, noBlocks } from './kind.ts';
import { compileAssign } from './set.ts';

export default effectKind({
  key: 'add',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => compileAssign(cx, e, env, rule, 'add'),
  writes: (e, w) => w.names(e.add),
  read: {
    en: (e, r) => {
      const neg = r.negative(e.value);
      return neg !== undefined ? `subtract ${neg} from ${r.path(e.add)}` : `add ${r.expr(e.value)} to ${r.path(e.add)}`;
    },
    zh: (e, r) => {
      const neg = r.negative(e.value);
      return neg !== undefined ? `${r.path(e.add)} 減 ${neg}` : `${r.path(e.add)} 加 ${r.expr(e.value)}`;
    },
  },
  chart: 'in-box',
});
