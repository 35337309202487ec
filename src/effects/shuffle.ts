/** `shuffle: <zone>`: shuffle a zone with the game's seeded random numbers. */
import { effectKind, noBlocks } from './kind.ts';

export default effectKind({
  key: 'shuffle',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const zone = cx.cc.zoneRef(e, 'shuffle', env);
    if (zone) cx.cc.emit({ op: 'shuffle', zone, rule }, rule);
  },
  writes: (e, w) => w.names(e.shuffle),
  read: {
    en: (e, r) => `shuffle ${r.zone(e.shuffle)}`,
    zh: (e, r) => `洗勻 ${r.zone(e.shuffle)}`,
  },
  chart: 'in-box',
});
