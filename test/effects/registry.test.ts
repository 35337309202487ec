/**
 * The effect registry: every effect kind is one module of src/effects/ with all its parts, and
 * the registry and the schema list the same kinds. A kind added without a part (a reading, a
 * chart decision, what it writes) or without its schema branch fails here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EFFECTS, EFFECT_KEYS, blocksOf, effectKeyOf } from '../../src/effects/registry.ts';
import type { EffectKind } from '../../src/effects/kind.ts';
import schema from '../../schema/spec.schema.json' with { type: 'json' };

type Def = { required?: string[]; properties?: Record<string, unknown> };
const defs = (schema as unknown as { $defs: Record<string, Def & { oneOf?: { $ref: string }[] }> }).$defs;
const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const defName = (k: string) => `${k.charAt(0).toUpperCase()}${k.slice(1)}Effect`;
const dir = join(import.meta.dirname, '../../src/effects');

describe('the effect registry', () => {
  it('lists exactly the effect kinds of the schema', () => {
    const schemaKinds = defs['Effect']!.oneOf!.map((r) => r.$ref.split('/').pop()!);
    expect(schemaKinds.sort()).toEqual(EFFECT_KEYS.map(defName).sort());
  });

  for (const key of EFFECT_KEYS) {
    describe(key, () => {
      const kind = EFFECTS[key] as unknown as EffectKind;

      it('has its schema branch, which requires its key', () => {
        const def = defs[defName(key)];
        expect(def, `$defs/${defName(key)}`).toBeDefined();
        expect(def!.required).toContain(key);
        expect(Object.keys(def!.properties ?? {})).toContain(key);
      });

      it('is the default export of its own module', async () => {
        expect(readdirSync(dir)).toContain(`${kebab(key)}.ts`);
        const mod = (await import(join(dir, `${kebab(key)}.ts`))) as { default: EffectKind };
        expect(mod.default).toBe(kind);
        expect(kind.key).toBe(key);
      });

      it('has every part: blocks, compile, writes, readings in English and Chinese, a chart decision', () => {
        expect(kind.blocks).toBeTypeOf('function');
        expect(kind.compile).toBeTypeOf('function');
        expect(kind.writes).toBeTypeOf('function');
        expect(kind.read.en).toBeTypeOf('function');
        expect(kind.read.zh).toBeTypeOf('function');
        expect(kind.chart === 'in-box' || typeof kind.chart === 'function').toBe(true);
        // a kind drawn only through what it holds must hold something
        if (kind.chartsThrough) expect(typeof kind.chart).toBe('function');
      });
    });
  }

  it('finds the kind of an effect by its key, and nothing for a map that is no effect', () => {
    expect(effectKeyOf({ shuffle: 'deck' })).toBe('shuffle');
    expect(effectKeyOf({ shufle: 'deck' })).toBeUndefined();
    expect(effectKeyOf({ toString: 'x' })).toBeUndefined(); // an own key, not the prototype's
  });

  it('gives the lists an effect holds, with the names they bind', () => {
    const then = [{ log: { en: 'a', zh: 'a' } }];
    const otherwise = [{ log: { en: 'b', zh: 'b' } }];
    expect(blocksOf({ if: 'x', then, else: otherwise })).toEqual([
      { effects: then, bound: [] },
      { effects: otherwise, bound: [], otherwise: true },
    ]);
    expect(blocksOf({ forEach: 'alive', as: 's', do: then })).toEqual([{ effects: then, bound: ['s'] }]);
    expect(blocksOf({ choose: 'm', seats: 'me', menu: '["a"]', as: 'a', do: then, prompt: { en: 'm', zh: 'm' } })).toEqual([{ effects: then, bound: ['a'] }]);
    expect(blocksOf({ shuffle: 'deck' })).toEqual([]);
  });
});
