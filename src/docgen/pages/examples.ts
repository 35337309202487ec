/**
 * Worked examples: the game's conformance scenarios, each with the source lines it checks, the
 * table it starts from, the moves played, what must hold afterwards, and whether it held when
 * this page was generated (the scenarios run on the same specs as the pages).
 */
import { examplesTable } from './play.ts';
import type { PageCtx } from '../context.ts';
import type { Example } from '../examples.ts';
import { ui, type Lang } from '../i18n.ts';
import { esc } from '../escape.ts';
import { heading } from '../markdown.ts';
import { givenWords, seatShown } from '../given-words.ts';
import { assumptionBox, definedIn, sourcesBlock } from '../rule-block.ts';
import { shortText } from '../short-text.ts';
import { declLabel } from '../../model/labels.ts';
import type { Step } from '../../conformance/index.ts';
import { page, pageTitle, para } from './frame.ts';

const intro: Record<Lang, (n: number, passed: number, game: string) => string> = {
  en: (n, passed, game) =>
    `${n} scenarios check this spec against the examples and rules of the source texts. Each plays the moves shown on the spec and checks what must hold afterwards; they were run when this page was generated: ${passed} of ${n} hold. They are the files under test/conformance/${game}/, run by npm test. The moves count seats from 1, in the order of play; the checks and the scenarios' own texts write them as the spec does, from 0 (seat(0) is seat 1).`,
  zh: (n, passed, game) =>
    `以下 ${n} 個情境依原文的範例與規則檢驗本規格：每個情境在規格上進行所列的動作，再檢查之後必須成立的條件。產生本頁時已實際執行：${n} 個中有 ${passed} 個成立。情境檔案位於 test/conformance/${game}/，由 npm test 執行。動作中的座位依出手順序從 1 起算；檢查條件與情境本身的說明沿用規格的寫法，從 0 起算（seat(0) 即座位 1）。`,
};

const json = (v: unknown): string => JSON.stringify(v);

/** one move of the scenario as a line of the page */
function stepLine(ctx: PageCtx, step: Step): string {
  const { lang } = ctx;
  const code = (s: string): string => `<code>${esc(s)}</code>`;
  if ('seat' in step) {
    const refused = step.legal === false ? ` <span class="VPBadge danger">${esc(ui('exampleRefused', lang))}</span>` : '';
    return `${esc(ui('seat', lang))} ${seatShown(step.seat)}: ${code(step.choice)} → ${code(String(step.value))}${refused}`;
  }
  if ('answers' in step) {
    // "*" answers for every seat not listed: every other seat, when some are
    const others = Object.keys(step.answers).length > 1;
    const who = Object.entries(step.answers).map(
      ([k, v]) => `${k === '*' ? esc(ui(others ? 'exampleEveryOtherSeat' : 'exampleEverySeat', lang)) : `${esc(ui('seat', lang))} ${seatShown(k)}`} → ${code(String(v))}`,
    );
    return `${code(step.choice)}: ${who.join(', ')}`;
  }
  if ('given' in step) return `${esc(ui('exampleArrange', lang))} ${givenWords(ctx.game.spec, step.given, lang)}`;
  if ('expect' in step) return `${esc(ui('exampleCheck', lang))} ${step.expect.map(code).join(' · ')}`;
  const until =
    step.until === undefined ? '' : typeof step.until === 'string' ? ` ${esc(ui('exampleUntil', lang))} ${code(step.until)}` : ` ${esc(ui('exampleUntilEnter', lang))} ${code(step.until.enter)}`;
  return `${esc(ui('examplePlayRandom', lang))}${until}`;
}

function exampleBlock(ctx: PageCtx, ex: Example): string {
  const { lang } = ctx;
  const sc = ex.scenario;
  const status = ex.passed
    ? `<span class="VPBadge tip example-status" data-passed="true">✓ ${esc(ui('exampleHolds', lang))}</span>`
    : `<span class="VPBadge danger example-status" data-passed="false">✗ ${esc(ui('exampleFails', lang))}</span>`;
  // each option by its name for readers (its id is the spec's)
  const optionName = (id: string): string => {
    const o = (ctx.game.spec.options ?? []).find((d) => d.id === id);
    return o ? declLabel(o, lang) : id;
  };
  const options = Object.entries(sc.options ?? {}).map(([k, v]) => `${optionName(k)} = ${typeof v === 'string' ? v : json(v)}`);
  const setupBits = [
    `${sc.players} ${ui('examplePlayers', lang)}`,
    ...(options.length ? [`${ui('exampleOptions', lang)}: ${options.join(', ')}`] : []),
    ...(sc.seed !== undefined ? [`${ui('exampleSeed', lang)} ${sc.seed}`] : []),
  ];
  const parts: string[] = [
    `<div class="rule-meta">${status} <code class="rule-id">${esc(sc.id)}</code> ${definedIn(ctx, ex.file)}</div>`,
    `<div class="rule-text" lang="${lang === 'zh' ? 'zh-Hant' : 'en'}">${esc(sc.text[lang])}</div>`,
    `<p class="example-setup">${esc(setupBits.join(' · '))}</p>`,
  ];
  parts.push(sourcesBlock(ctx, sc.source));
  const steps: string[] = [];
  if (sc.given) steps.push(`${esc(ui('exampleArrange', lang))} ${givenWords(ctx.game.spec, sc.given, lang)}`);
  for (const s of sc.do ?? []) steps.push(stepLine(ctx, s));
  if (steps.length > 0) parts.push(`<div class="rule-label">${esc(ui('exampleMoves', lang))}</div><ol class="example-steps">${steps.map((s) => `<li>${s}</li>`).join('')}</ol>`);
  const checks = [...(sc.expect ?? []).map((e) => `<code>${esc(e)}</code>`)];
  const r = sc.expectResult;
  if (r) {
    if (r.end) checks.push(`${esc(ui('exampleEndRule', lang))} <code>${esc(r.end)}</code>`);
    if (r.result) checks.push(`${esc(ui('exampleResultRule', lang))} <code>${esc(r.result)}</code>`);
    if (r.winners) checks.push(`${esc(ui('winners', lang))}: <code>${esc(json(r.winners))}</code>`);
    if (r.scores) checks.push(`${esc(ui('exampleScores', lang))}: <code>${esc(json(r.scores))}</code>`);
  }
  if (checks.length > 0) parts.push(`<div class="rule-label">${esc(ui('exampleThen', lang))}</div><ul class="example-checks">${checks.map((c) => `<li>${c}</li>`).join('')}</ul>`);
  if (!ex.passed) parts.push(`<pre class="example-problems">${esc(ex.problems.join('\n'))}</pre>`);
  const out = [heading(2, shortText(sc.text[lang], lang), sc.id), `<div class="rule example" data-example="${esc(sc.id)}" v-pre>\n${parts.join('\n')}\n</div>`];
  if (sc.assumption) out.push(assumptionBox(lang, sc.assumption.why));
  return out.join('\n\n');
}

export function examplesPage(ctx: PageCtx): string {
  const { game, lang } = ctx;
  const examples = game.examples ?? [];
  const passed = examples.filter((e) => e.passed).length;
  return page(lang, pageTitle(game.name[lang], ui('examples', lang), lang), [
    para(intro[lang](examples.length, passed, game.id)),
    ...examples.map((ex) => exampleBlock(ctx, ex)),
    ...(examples.length > 0 ? examplesTable(game.id, lang) : []),
  ]);
}
