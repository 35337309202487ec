/**
 * The repository's own data gives both languages where the schema also accepts plain English:
 * every `nonRules` reason in rules/*\/ and every seed title in seeds/index.yaml is {en, zh}, with
 * Chinese text in `zh` (the Chinese source pages show them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HAN = /[\u4e00-\u9fff]/;

/** what is wrong with a bilingual value ('' when it is {en, zh} with Chinese in zh) */
function problem(v: unknown): string {
  if (typeof v === 'string') return 'plain text (English only)';
  if (typeof v !== 'object' || v === null) return `not text: ${JSON.stringify(v)}`;
  const t = v as { en?: unknown; zh?: unknown };
  if (typeof t.en !== 'string' || t.en.trim() === '') return 'no en';
  if (typeof t.zh !== 'string' || !HAN.test(t.zh)) return 'no Chinese zh';
  return '';
}

describe('bilingual data of the repository', () => {
  it('gives every nonRules reason in English and Chinese', () => {
    const bad: string[] = [];
    let seen = 0;
    for (const game of readdirSync(join(ROOT, 'rules'))) {
      const dir = join(ROOT, 'rules', game);
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
        const doc = parse(readFileSync(join(dir, f), 'utf8')) as { nonRules?: { ref: string; why: unknown }[] } | null;
        for (const nr of doc?.nonRules ?? []) {
          seen++;
          const p = problem(nr.why);
          if (p) bad.push(`rules/${game}/${f} ${nr.ref}: ${p}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(bad, bad.join('\n')).toEqual([]);
  });

  it('gives every seed title in English and Chinese', () => {
    const index = parse(readFileSync(join(ROOT, 'seeds/index.yaml'), 'utf8')) as { seeds: { id: string; title: unknown }[] };
    expect(index.seeds.length).toBeGreaterThan(0);
    const bad = index.seeds.map((s) => [s.id, problem(s.title)]).filter(([, p]) => p !== '');
    expect(bad).toEqual([]);
  });

  it('the check itself refuses English-only text', () => {
    expect(problem('Heading.')).not.toBe('');
    expect(problem({ en: 'Heading.', zh: 'Heading.' })).not.toBe('');
    expect(problem({ en: 'Heading.', zh: '標題。' })).toBe('');
  });
});
