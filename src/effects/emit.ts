/** `emit: <event>, with: {…}`: announce an event; every trigger listening to it runs. */
import { list, triggerEvent } from '../interpreter/compile/declarations.ts';
import type { Node } from '../interpreter/compile/compiler.ts';
import { suggest } from '../expr/index.ts';
import { en, zh } from '../docgen/readings/phrases.ts';
import { effectKind, noBlocks, type Writes } from './kind.ts';

export default effectKind({
  key: 'emit',
  blocks: noBlocks,
  compile: (cx, e, env, rule) => {
    const event = String(e['emit']);
    const handlers = cx.cc.model.triggersOn(event) as unknown as Node[];
    if (handlers.length === 0) {
      const near = suggest(event, list(cx.spec, 'triggers').map(triggerEvent).filter((x): x is string => x !== undefined));
      cx.cc.warn(e, 'emit', `no trigger listens to '${event}'`, near === undefined ? undefined : `did you mean '${near}'?`);
    }
    for (const h of handlers) cx.callBody(h, e, 'emit', env, rule, `trigger '${String(h['id'])}'`);
  },
  writes: (e, w) => {
    let out: Writes = new Set();
    for (const h of list(w.spec, 'triggers')) {
      if (triggerEvent(h) !== e.emit) continue;
      const b = w.body(h['do'], String(h['id']), h['params']);
      if (b === 'all') return 'all';
      out = new Set([...out, ...b]);
    }
    return out;
  },
  read: {
    en: (e, r) => {
      const t = r.triggersOn(e.emit);
      return `announce the event ${en.q(e.emit)}${en.withArgs(e.with, r)}: ${t.length > 0 ? `the triggers ${en.listOf(t)} run` : 'no trigger listens to it'}`;
    },
    zh: (e, r) => {
      const t = r.triggersOn(e.emit);
      return `發出事件${zh.q(e.emit)}${zh.withArgs(e.with, r)}：${t.length > 0 ? `執行觸發規則 ${t.join('、')}` : '沒有觸發規則監聽此事件'}`;
    },
  },
  chart: (e, d, from) => d.event(e.emit, from),
});
