import { describe, expect, it } from 'vitest';
import { DocgenError } from '../../src/docgen/errors.ts';
import { buildGameDoc } from '../../src/docgen/model.ts';
import { buildSite } from '../../src/docgen/site.ts';
import type { LoadedSpec } from '../../src/loader/load-folder.ts';
import type { Spec } from '../../src/loader/types.generated.ts';
import { unmarkNames } from './helpers.ts';

/** a spec that was never loaded from files: every node "stands" at x.yaml:1 */
function fakeLoaded(spec: Spec): LoadedSpec {
  return { dir: 'rules/synthetic', files: ['rules/synthetic/x.yaml'], spec, where: () => ({ file: 'rules/synthetic/x.yaml', line: 1, col: 1 }), whereInValue: () => ({ file: 'rules/synthetic/x.yaml', line: 1, col: 1 }) };
}

const t = (en: string, zh: string) => ({ en, zh });
const why = { why: 'made up' };

const spec = {
  game: { id: 'synthetic', name: t('Synthetic', '合成'), seeds: ['003'], players: { min: 3, max: 5 }, text: t('A test.', '測試。'), assumption: why },
  options: [{ id: 'big', type: 'bool', default: false, text: t('Big board: more places.', '大地圖：更多地點。'), assumption: why }],
  cards: [
    { id: 'tip-true', count: 2, props: { real: 5 }, front: { id: 'tip', name: t('A tip', '線報') }, name: t('True tip', '真線報'), text: t('Tips.', '線報卡。'), assumption: why },
  ],
  spaces: [
    {
      id: 'district', text: t('The districts.', '各區。'), assumption: why,
      items: [{ id: 'docks', name: t('Docks', '碼頭'), props: { income: 2 } }, { id: 'casino', name: t('Casino', '賭場'), when: 'options.big' }],
    },
  ],
  seatVars: [{ id: 'cubes', type: 'number', by: 'district', text: t('Cubes per district.', '各區方塊數。'), assumption: why }],
  zones: [
    { id: 'deck', per: 'game', visibility: 'top', backs: 'hidden', initial: ['tip-true'], text: t('The deck.', '牌庫。'), assumption: why },
    { id: 'hand', per: 'seat', visibility: 'owner', text: t('A hand.', '手牌。'), assumption: why },
  ],
  triggers: [
    { id: 'on-raid', event: 'raid', params: [{ name: 'at', type: 'district' }], text: t('A raid empties a district.', '突襲清空一區。'), assumption: why, do: [{ forEach: 'seats', as: 's', do: [{ set: 's.cubes[at]', to: 0 }] }] },
  ],
  flow: [
    {
      id: 'turns', text: t('Take turns.', '輪流行動。'), assumption: why,
      do: [
        {
          repeat: 3, as: 'r',
          do: [
            { emit: 'raid', with: { at: '"docks"' } },
            { rule: { id: 'five-only', when: 'players == 5', text: t('With five players, peek.', '五人時偷看。'), assumption: why, do: [{ peek: 'take(deck, 1)', by: 'seat(0)' }] } },
          ],
        },
      ],
    },
  ],
  ends: [{ id: 'done', text: t('The end.', '結束。'), assumption: why }],
  outcome: { results: [{ id: 'all', winners: 'seats', text: t('All win.', '全勝。'), assumption: why }] },
} as unknown as Spec;

describe('a game with places, triggers, keyed vars and look-alike cards', () => {
  const doc = buildGameDoc('rules/synthetic', fakeLoaded(spec), 'rules');
  const { files } = buildSite([doc]);

  it('documents places on the components page', () => {
    const c = files.get('games/synthetic/components.md')!;
    expect(c).toContain('{#district}');
    expect(c).toContain('<code>docks</code> Docks — <code>income = 2</code>');
    expect(c).toContain('<code>casino</code> Casino (Only when: Big board is on)');
    expect(c).toContain('<strong>one for each item of:</strong> <code>district</code>');
    expect(c).toContain('<strong>front (cards that look alike):</strong> A tip <code>tip</code>');
    expect(files.get('zh-hant/games/synthetic/components.md')).toContain('<code>docks</code> 碼頭');
  });

  it('reads triggers, emits, keyed values and peeks', () => {
    const f = files.get('games/synthetic/flow.md')!;
    expect(f).toContain('{#on-raid}');
    // the trigger by its title, linked; its id on hover
    expect(unmarkNames(f)).toContain('announce the event “raid” with at = “Docks”: the triggers <a class="rule-link" href="#on-raid" title="on-raid"><span class="rule-link-title">A raid empties a district</span></a> run');
    expect(unmarkNames(f)).toContain('set s&#39;s Cubes per district[at] to 0');
    expect(unmarkNames(f)).toContain('seat 1 looks at the first 1 of The deck, front and back');
    expect(f).toContain('<span class="VPBadge info rule-players">player count</span>');
    // the event's flag, then its trigger's box in words, linking to the trigger's section
    expect(f).toMatch(/n\d+>"event"\]/);
    expect(f).toMatch(/(n\d+)\["A raid empties a district"\][\s\S]*click \1 href "#on-raid"/);
  });

  it('puts place and front names in the glossary', () => {
    const g = files.get('games/synthetic/glossary.md')!;
    expect(g).toContain('碼頭');
    expect(g).toContain('線報');
    expect(g).toContain('大地圖');
  });

  it('reports an id used twice as a clear error', () => {
    const twice = { ...spec, ends: [{ id: 'turns', text: t('x', 'x'), assumption: why }] } as unknown as Spec;
    expect(() => buildGameDoc('rules/synthetic', fakeLoaded(twice), 'rules')).toThrow(DocgenError);
  });

  it('refuses a game folder whose name cannot stand in the site\'s addresses and scripts', () => {
    for (const name of ["x'</script>", 'Bad Name', 'a"b']) {
      expect(() => buildGameDoc(`rules/${name}`, fakeLoaded(spec), 'rules'), name).toThrow(/folder is named like an id/);
    }
  });
});

describe('rules nested in effect lists, card kinds and places', () => {
  const nested = (id: string) => ({ rule: { id, text: t(`Nested ${id}.`, `巢狀 ${id}。`), assumption: why, do: [{ log: t('x', 'x') }] } });
  const withNested = {
    ...spec,
    effectLists: [{ id: 'on-raid-list', for: 'district', as: 'd', text: t('What a district does.', '一區的效果。'), assumption: why, do: [nested('list-step')] }],
    cards: [{ ...(spec.cards as object[])[0], effects: { 'on-draw': [nested('card-step')] } }],
    spaces: [{ ...(spec.spaces as object[])[0], items: [{ id: 'docks', name: t('Docks', '碼頭'), effects: { 'on-raid-list': [nested('place-step')] } }] }],
  } as unknown as Spec;

  it('documents each nested rule as a rule under its parent (no declaration facts of the parent)', () => {
    const doc = buildGameDoc('rules/synthetic', fakeLoaded(withNested), 'rules');
    const { files } = buildSite([doc]);
    const all = [...files.values()].join('\n');
    for (const id of ['list-step', 'card-step', 'place-step']) expect(all, id).toContain(`{#${id}}`);
    expect(doc.nodes.find((n) => n.id === 'list-step')?.parent?.id).toBe('on-raid-list');
    expect(doc.nodes.find((n) => n.id === 'card-step')?.parent?.id).toBe('tip-true');
    expect(doc.nodes.find((n) => n.id === 'place-step')?.parent?.id).toBe('district');
  });
});
