/**
 * The settings a game is simulated under for its Simulations page: every player count with the
 * default options, then, at the largest player count, each option set to each of its other
 * values (a bool flipped, each other value of a string option). Number options keep their
 * default: their range is open, there is no "other value" to pick.
 */
import type { Engine, Json } from '../../interpreter/api.ts';

export interface SimSetting {
  /** a stable key, also the heading anchor: `players-4`, `players-6-powers-true` */
  key: string;
  players: number;
  /** every option with the value used */
  options: Record<string, Json>;
  /** the one option that differs from its default, when there is one */
  changed?: { id: string; value: Json };
}

function defaults(engine: Engine): Record<string, Json> {
  return Object.fromEntries(engine.options.map((o) => [o.id, o.default]));
}

function otherValues(o: Engine['options'][number]): Json[] {
  if (o.type === 'bool') return [!o.default];
  if (o.type === 'string') return (o.values ?? []).filter((v) => v !== o.default);
  return [];
}

const slug = (v: Json): string => String(v).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function simSettings(engine: Engine): SimSetting[] {
  const out: SimSetting[] = [];
  for (let p = engine.minPlayers; p <= engine.maxPlayers; p++) out.push({ key: `players-${p}`, players: p, options: defaults(engine) });
  const p = engine.maxPlayers;
  const keys = new Set<string>();
  for (const o of engine.options) {
    for (const value of otherValues(o)) {
      // values that slug alike (two Chinese words slug to '') get a number: a key is an anchor, once per page
      const base = `players-${p}-${slug(o.id)}-${slug(value)}`.replace(/-$/, '');
      let key = base;
      for (let n = 2; keys.has(key); n++) key = `${base}-${n}`;
      keys.add(key);
      out.push({ key, players: p, options: { ...defaults(engine), [o.id]: value }, changed: { id: o.id, value } });
    }
  }
  return out;
}
