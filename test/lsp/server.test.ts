/**
 * `rules lsp` driven over stdio as an editor drives it (initialize, didOpen, didChange), on a
 * temporary copy of a game: diagnostics at the right range, hover, completion, definition.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { copyGames, LspClient, positionOf } from './client.ts';

const game = copyGames('cash-n-guns', 'the-boss');
const round = game.file('cash-n-guns', 'round.yaml');
const state = game.file('cash-n-guns', 'state.yaml');
const setup = game.file('cash-n-guns', 'setup.yaml');
const scenario = game.scenario('cash-n-guns', 'leaving.yaml');
const original = readFileSync(round, 'utf8');
const snapshot = (): Map<string, string> => new Map(filesUnder(game.root).map((f) => [f, readFileSync(f, 'utf8')]));
const filesUnder = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? filesUnder(join(d, f)) : [join(d, f)]));
const before = snapshot();
let client: LspClient;
const msg = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);

beforeAll(async () => {
  client = await LspClient.start(game.root, { debounceMs: 20 });
});
afterAll(async () => {
  await client?.stop();
  game.remove();
});

/** change round.yaml to `text` and wait for its diagnostics */
async function edit(text: string) {
  const next = client.nextDiagnostics(round);
  await client.change(round, text);
  return next;
}

describe('rules lsp over stdio', () => {
  it('a clean file gives no diagnostics', async () => {
    const first = client.nextDiagnostics(round);
    await client.open(round, original);
    expect(await first).toEqual([]);
  });

  it('an unknown zone gives one diagnostic, on the zone name', async () => {
    const text = original.replace('      - move: billDeck\n', '      - move: billDek\n');
    const ds = await edit(text);
    expect(ds).toHaveLength(1);
    expect(msg(ds[0]!)).toMatch(/billDek/);
    const at = positionOf(text, 'billDek');
    expect(ds[0]!.range).toEqual({ start: at, end: { line: at.line, character: at.character + 'billDek'.length } });
  });

  it('a wrong quote gives one diagnostic where the quote stops matching', async () => {
    const text = original.replace('quote: 遊戲共進行8個回合,每回合包括8個階段', 'quote: 遊戲共進行9個回合,每回合包括8個階段');
    const ds = await edit(text);
    expect(ds).toHaveLength(1);
    expect(msg(ds[0]!)).toMatch(/quote/i);
    // the quote matches up to "遊戲共進行", so the mark is at the "9"
    expect(ds[0]!.range.start).toEqual(positionOf(text, '9個回合,每回合包括8個階段'));
  });

  it('a duplicate id gives one diagnostic, at the second id', async () => {
    const text = original.replace('  - id: phase-2-bullets\n', '  - id: phase-1-bills\n');
    const ds = await edit(text);
    const dup = ds.filter((d) => /used twice/.test(msg(d)));
    expect(dup).toHaveLength(1);
    const second = text.indexOf('id: phase-1-bills', text.indexOf('id: phase-1-bills') + 1);
    const at = positionOf(text.slice(0, second) + '\u0000' + text.slice(second), '\u0000', 4);
    expect(dup[0]!.range).toEqual({ start: at, end: { line: at.line, character: at.character + 'phase-1-bills'.length } });
  });

  it('a type error inside an expression gives one diagnostic at the offending token', async () => {
    const text = original.replace('- if: count(alive) <= 1', '- if: count(alive) <= 1 + true');
    const ds = await edit(text);
    expect(ds).toHaveLength(1);
    expect(msg(ds[0]!)).toMatch(/in expression/);
    const at = positionOf(text, 'count(alive) <= 1 + true');
    // the column of a token inside the string, not the start of the value
    expect(ds[0]!.range.start.line).toBe(at.line);
    expect(ds[0]!.range.start.character).toBeGreaterThan(at.character);
    await edit(original);
  });

  it('a misspelled name offers its "did you mean" as a quick fix', async () => {
    const text = original.replace('- if: count(alive) <= 1', '- if: count(alvie) <= 1');
    const ds = await edit(text);
    expect(ds).toHaveLength(1);
    const actions = await client.codeActions(round, ds);
    expect(actions?.map((a) => ('edit' in a ? a.edit?.changes?.[pathToFileURL(round).href]?.[0]?.newText : undefined))).toEqual(['alive']);
    const at = positionOf(text, 'alvie');
    expect(ds[0]!.range).toEqual({ start: at, end: { line: at.line, character: at.character + 5 } });
    await edit(original);
  });

  it('a misspelt call: target offers the procedure meant as a quick fix, on the target alone', async () => {
    const text = original.replace('          - call: phase-2-bullets\n', '          - call: phase-2-bulets\n');
    expect(text).not.toBe(original);
    const ds = (await edit(text)).filter((d) => /unknown procedure/.test(msg(d)));
    expect(ds).toHaveLength(1);
    expect(msg(ds[0]!)).toMatch(/did you mean 'phase-2-bullets'\?/);
    const at = positionOf(text, 'phase-2-bulets');
    expect(ds[0]!.range).toEqual({ start: at, end: { line: at.line, character: at.character + 'phase-2-bulets'.length } });
    const actions = await client.codeActions(round, ds);
    expect(actions?.map((a) => ('edit' in a ? a.edit?.changes?.[pathToFileURL(round).href]?.[0]?.newText : undefined))).toEqual(['phase-2-bullets']);
    await edit(original);
  });

  it('hover on a ref shows the seed lines with the quote', async () => {
    const h = await client.hover(round, positionOf(original, '"003:83"', 2));
    const value = (h?.contents as { value: string }).value;
    expect(value).toContain('83:');
    expect(value).toContain('**遊戲共進行8個回合,每回合包括8個階段**');
  });

  it('hover on a name in an expression shows what it is', async () => {
    const h = await client.hover(round, positionOf(original, 'count(alive)', 'count('.length + 1));
    expect((h?.contents as { value: string }).value).toMatch(/built-in|alive/);
    const s = await client.hover(round, positionOf(original, '- repeat: rounds', '- repeat: '.length + 1));
    const value = (s?.contents as { value: string }).value;
    expect(value).toMatch(/\*\*(var|option)/);
    expect(value).toContain('`rounds`');
    const local = await client.hover(round, positionOf(original, '          - set: round\n            to: r', '          - set: round\n            to: '.length));
    expect((local?.contents as { value: string }).value).toBe('**local** `r`: number');
  });

  it('completion in an expression offers the game vars and no unknown names', async () => {
    const text = original.replace('- if: count(alive) <= 1', '- if: count(alive) <= r');
    await edit(text);
    const items = await client.completion(round, positionOf(text, 'count(alive) <= r', 'count(alive) <= r'.length));
    const labels = items.map((i) => i.label);
    const declaredVars = (parse(readFileSync(state, 'utf8')) as { vars: { id: string }[] }).vars.map((v) => v.id);
    expect(declaredVars.length).toBeGreaterThan(0);
    for (const v of declaredVars) expect(labels).toContain(v);
    expect(labels).not.toContain('billDek');
    expect(labels).not.toContain('phase-1-bills'); // a procedure is no value of an expression
    await edit(original);
  });

  it('completion offers the locals in scope there, as the compiler sees them', async () => {
    // in the flow, `r` (the repeat's) is in scope; in phase-1-bills, `s` (its forEach's) is, and `r` is not
    const inFlow = (await client.completion(round, positionOf(original, '            to: r', '            to: '.length + 1))).map((i) => i.label);
    expect(inFlow).toContain('r');
    expect(inFlow).not.toContain('s');
    const inProcedure = (await client.completion(round, positionOf(original, '          - set: s.hits\n            to: 0', '          - set: s.hits\n            to: '.length))).map((i) => i.label);
    expect(inProcedure).toContain('s');
    expect(inProcedure).not.toContain('r');
    expect(inProcedure).toContain('count');
  });

  it('completion lists first the names of the type the expression must have', async () => {
    // `set: s.inRound` takes a bool
    const items = await client.completion(round, positionOf(original, '          - set: s.inRound\n            to: true', '          - set: s.inRound\n            to: '.length));
    const first = items.filter((i) => i.sortText?.startsWith('0'));
    expect(first.length).toBeGreaterThan(0);
    for (const i of first) expect(i.detail).toMatch(/bool/);
    expect(items.some((i) => !i.sortText?.startsWith('0') && /number/.test(i.detail ?? ''))).toBe(true);
  });

  it('completion after call: offers the procedures', async () => {
    const items = await client.completion(round, positionOf(original, 'call: phase-1-bills', 'call: '.length));
    const labels = items.map((i) => i.label);
    expect(labels).toContain('phase-1-bills');
    expect(labels).toContain('apply-hits');
    expect(labels).not.toContain('rounds');
    expect(labels).not.toContain('power-cunning-chooses-last'); // a rule node nested in a procedure is no procedure
  });

  it('definition of a call: target lands on its procedure', async () => {
    const locs = await client.definition(round, positionOf(original, 'call: phase-2-bullets', 'call: '.length + 3));
    expect(locs).toHaveLength(1);
    expect(locs[0]!.uri).toBe(pathToFileURL(round).href);
    expect(locs[0]!.range.start).toEqual(positionOf(original, '  - id: phase-2-bullets', '  - id: '.length));
  });

  it('references of a procedure list its calls; the outline lists the rules of the file', async () => {
    const refs = await client.references(round, positionOf(original, '  - id: apply-hits', '  - id: '.length));
    expect(refs?.length).toBe([...original.matchAll(/call: apply-hits/g)].length);
    const stateText = readFileSync(state, 'utf8');
    const checked = client.nextDiagnostics(state);
    await client.open(state, stateText);
    expect(await checked).toEqual([]);
    await client.hover(state, { line: 0, character: 0 }); // a round trip: the rest of that check's publishing has arrived
    const shame = await client.references(state, positionOf(stateText, '- id: shame\n', '- id: '.length));
    expect(shame?.map((l) => l.uri)).toContain(pathToFileURL(scenario).href); // leaving.yaml: seat(1).shame == 1
        const symbols = (await client.symbols(round)) as { name: string; children?: { name: string }[] }[];
    expect(symbols.map((s) => s.name)).toEqual(['flow', 'procedures']);
    expect(symbols[0]!.children!.map((s) => s.name)).toContain('play-rounds');
    expect(symbols[1]!.children!.map((s) => s.name)).toEqual(expect.arrayContaining(['phase-1-bills', 'apply-hits']));
  });

  it('a misspelled effect kind says so, and the quick fix writes the effect', async () => {
    const text = readFileSync(setup, 'utf8').replace('- shuffle: billDeck', '- shufle: billDeck');
    const next = client.nextDiagnostics(setup);
    await client.open(setup, text);
    const ds = await next;
    expect(ds).toHaveLength(1);
    expect(msg(ds[0]!)).toMatch(/'shufle' is not an effect/);
    const at = positionOf(text, 'shufle');
    expect(ds[0]!.range).toEqual({ start: at, end: { line: at.line, character: at.character + 6 } });
    const actions = await client.codeActions(setup, ds);
    expect(actions?.map((a) => ('edit' in a ? a.edit?.changes?.[pathToFileURL(setup).href]?.[0]?.newText : undefined))).toEqual(['shuffle']);
    const clean = client.nextDiagnostics(setup);
    await client.change(setup, readFileSync(setup, 'utf8'));
    expect(await clean).toEqual([]);
  });

  it('re-checks only the game that changed', async () => {
    const boss = game.file('the-boss', 'game.yaml');
    const bossFirst = client.nextDiagnostics(boss);
    await client.open(boss);
    expect(await bossFirst).toEqual([]);
    await client.hover(boss, { line: 0, character: 0 }); // a round trip: the rest of that game's publishing has arrived
    const from = client.published.length;
    await edit(original.replace('- if: count(alive) <= 1', '- if: count(alvie) <= 1'));
    await edit(original);
    const uris = client.published.slice(from);
    expect(uris.length).toBeGreaterThan(0);
    for (const u of uris) expect(u).toContain('/rules/cash-n-guns/');
  });

  it('hover on an effect key says what the effect does', async () => {
    const h = await client.hover(round, positionOf(original, '- repeat: rounds', 2));
    expect((h?.contents as { value: string }).value).toMatch(/effect `repeat`/);
  });

  it('completion after ref: offers seed ids, then line numbers', async () => {
    const text = original.replace('      - ref: "003:83"', '      - ref: "003:8"');
    await edit(text);
    const lines = await client.completion(round, positionOf(text, '"003:8"', 6));
    expect(lines.map((i) => i.label)).toContain('003:83');
    const text2 = original.replace('      - ref: "003:83"', '      - ref: ');
    await edit(text2);
    const seeds = await client.completion(round, positionOf(text2, '      - ref: ', '      - ref: '.length));
    expect(seeds.map((i) => i.label)).toContain('003:');
    await edit(original);
  });

  it('a scenario file is checked too: its quotes, and its run against the game', async () => {
    const text = readFileSync(scenario, 'utf8');
    const first = client.nextDiagnostics(scenario);
    await client.open(scenario, text);
    expect((await first).map(msg)).toEqual([]);
    const failing = text.replace('  - seat(1).shame == 1', '  - seat(1).shame == 2');
    const next = client.nextDiagnostics(scenario);
    await client.change(scenario, failing);
    const ds = await next;
    expect(ds).toHaveLength(1);
    expect(ds[0]!.range.start.line).toBe(positionOf(failing, 'seat(1).shame == 2').line);
    const items = await client.completion(scenario, positionOf(failing, 'seat(1).shame == 2', 'seat(1).'.length));
    expect(items.map((i) => i.label)).toContain('shame');
  });

  it('never wrote a file', () => {
    expect(snapshot()).toEqual(before);
  });
});
