/** `split: <zone>, among: <seats>, into: <seat zone>, value: <lambda>`: share cards out in equal values. */
import type { Run } from '../interpreter/program.ts';
import { log, resolveRef, zoneOf, zoneVis } from '../interpreter/runtime.ts';
import { splitGroups, splitShares } from '../interpreter/split.ts';
import { resize } from '../interpreter/resize.ts';
import { T } from '../interpreter/compile/types.ts';
import { logMove } from './card-moves.ts';
import { effectKind, noBlocks } from './kind.ts';

const valuesBuffer: number[] = [];
const givenBuffer: number[] = [];
const takenBuffer: number[] = [];

export default effectKind({
  key: 'split',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const from = cx.cc.zoneRef(e, 'split', env);
    const among = cx.cc.expr(e, 'among', env, T.list(T.seat));
    const into = cx.seatZone(e, 'into');
    const value = cx.cc.lambda(e, 'value', env, [T.card], T.number);
    if (!from || !among || into < 0 || !value) return;
    const p = cx.cc.program;
    const who = among.fn as Run<number[]>;
    cx.cc.emit({
      op: 'exec',
      fn: (c) => {
        const src = zoneOf(c, from);
        const seats = who(c);
        // the machine's own lists (nothing runs a split inside another): no new ones per split
        const values = valuesBuffer;
        resize(values, src.length, 0);
        for (let i = 0; i < src.length; i++) values[i] = value(c, src[i]!) as number;
        const share = splitShares(values, seats.length);
        const groups = splitGroups();
        // the notes given out, group after group in packing order, taken before the rest closes up
        // (only its first src.length marks are read: no length to keep)
        const given = givenBuffer;
        for (let i = 0; i < src.length; i++) given[i] = 0;
        const taken = takenBuffer;
        resize(taken, 0, 0);
        for (let k = 0; k < seats.length; k++) {
          for (const i of groups[k]!) {
            given[i] = 1;
            taken.push(src[i]!);
          }
        }
        // the notes not given out stay, in order (by index: a card lies in one zone once)
        let left = 0;
        for (let i = 0; i < src.length; i++) if (given[i] === 0) src[left++] = src[i]!;
        resize(src, left, 0);
        const slot = p.zones[into]!.slot;
        for (let k = 0, at = 0; k < seats.length; k++) {
          const seat = seats[k]!;
          const n = groups[k]!.length;
          const zone = c.s.seats[seat]!.z[slot]!;
          for (let j = 0; j < n; j++) zone.push(taken[at + j]!);
          if (c.s.logging && n > 0) logMove(c, rule, p, from, { zone: into, seat: () => seat }, taken.slice(at, at + n));
          at += n;
        }
        // the share tells what the notes were worth: public only if the notes were in sight
        // only the log needs where the notes were (zoneOf ran the same expressions above, so a
        // fault in them is raised already; what their lambdas leave in scratch slots is nobody's)
        if (!c.s.logging) return;
        const at = resolveRef(c, from);
        const vis = zoneVis(p, at.zone, at.seat);
        if (vis === 'all') log(c, rule, 'split', { among: seats, share, left });
        else log(c, rule, 'split', { among: seats, share, left }, [...new Set([...vis, ...seats])], { among: seats, left });
      },
    }, rule);
  },
  writes: (e, w) => new Set([...w.names(e.split), String(e.into)]),
  read: {
    en: (e, r) => {
      const { params, body } = r.lambda(e.value);
      return `share the cards of ${r.zone(e.split)} among ${r.expr(e.among)} so that each gets the same total value (a card ${params.join(', ')} is worth ${body}); each share goes to their ${e.into}, and what cannot be shared equally stays`;
    },
    zh: (e, r) => {
      const { params, body } = r.lambda(e.value);
      return `將 ${r.zone(e.split)} 的牌平分給 ${r.expr(e.among)}，每人分到的總值相同（牌 ${params.join('、')} 的價值為 ${body}）；各自放入其 ${e.into}，無法均分的牌留在原處`;
    },
  },
  chart: 'in-box',
});
