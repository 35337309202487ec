/**
 * `rules lsp` fed what no well-behaved editor sends (issue 30 §4): a frame without a
 * Content-Length header left the server alive and deaf for ever; completion on a 7.3 MB buffer
 * parsed it all (10 s, RSS 154 → 719 MB) though didOpen's check refuses a file past 2 MB;
 * `definition` with null params answered with a JavaScript TypeError's text. And a scenario of a
 * game whose expression runs away (§3) is answered with the work budget's error, not a hang.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, ResponseError } from 'vscode-languageserver-protocol/node';
import { RUNAWAY_PLACE, writeRunawayGame } from '../hostile/runaway-game.ts';
import { copyGames, LspClient, positionOf } from './client.ts';
import { limit } from '../limits.ts';

const game = copyGames('cash-n-guns');
const round = game.file('cash-n-guns', 'round.yaml');
const original = readFileSync(round, 'utf8');
// a game whose guard runs away (the corpus case), and a scenario of it
const { scenario } = writeRunawayGame(game.root);

let client: LspClient;
beforeAll(async () => {
  client = await LspClient.start(game.root, { debounceMs: 5 });
  await client.open(round, original);
});
afterAll(async () => {
  await client?.stop();
  game.remove();
});

const hoverOnRound = () => client.hover(round, positionOf(original, '- repeat: rounds', 2));

describe('rules lsp on hostile input', () => {
  it('a frame without a Content-Length header is skipped, and the next one answered', async () => {
    client.child.stdin.write('X-Foo: bar\r\n\r\n{"jsonrpc":"2.0","id":9001,"method":"shutdown"}');
    const h = await hoverOnRound();
    expect((h?.contents as { value: string }).value).toMatch(/effect `repeat`/);
    client.child.stdin.write('Content-Length: many\r\n\r\n{}');
    expect(await hoverOnRound()).not.toBeNull();
  });

  it('requests with malformed params get an InvalidParams error that says what they need, not a TypeError', async () => {
    for (const [method, params] of [
      ['textDocument/definition', null],
      ['textDocument/hover', { textDocument: { uri: 5 }, position: { line: 0, character: 0 } }],
      ['textDocument/completion', { textDocument: { uri: 'file:///x.yaml' } }],
      ['textDocument/references', { textDocument: { uri: 'file:///x.yaml' }, position: { line: -1, character: 0 }, context: { includeDeclaration: true } }],
      ['textDocument/documentSymbol', []],
      ['textDocument/codeAction', { textDocument: { uri: 'file:///x.yaml' }, range: null, context: { diagnostics: [null] } }],
      ['initialize', null],
    ] as const) {
      const err = await client.conn.sendRequest(method, params).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, method).toBeInstanceOf(ResponseError);
      expect((err as ResponseError<void>).code, method).toBe(ErrorCodes.InvalidParams);
      expect((err as ResponseError<void>).message, method).toMatch(new RegExp(`^${method.replace('/', '\\/')} needs params \\{`));
      expect((err as ResponseError<void>).message, method).not.toMatch(/TypeError|Cannot read|undefined|null/);
    }
    // a notification with malformed params is dropped; the server goes on
    await client.conn.sendNotification('textDocument/didOpen', null);
    expect(await hoverOnRound()).not.toBeNull();
    expect(client.stderr).not.toMatch(/TypeError|at .*\.js:\d+/);
  });

  it('a buffer past the 2 MB limit is said to be too large, and no request on it reads it', async () => {
    const big = join(game.root, 'rules', 'cash-n-guns', 'big.yaml');
    // rules with ids and effects (so an outline, a hover, a completion would each have something to say)
    const rule = (i: number) => `  - id: r${i}\n    text: {en: "x", zh: "x"}\n    assumption: {why: padding}\n    do:\n      - repeat: 2\n        do:\n          - set: n\n            to: "n + 1"\n`;
    let text = 'flow:\n';
    for (let i = 0; text.length < 7_300_000; i++) text += rule(i);
    const diagnostics = client.nextDiagnostics(big);
    await client.open(big, text);
    expect((await diagnostics).map((d) => d.message)).toContainEqual(expect.stringMatching(/^this file is 7\.3 MB; a rules file may be at most 2\.0 MB/));
    const onRepeat = positionOf(text, '- repeat: 2', 2);
    const inExpression = positionOf(text, '"n + 1"', 2);
    expect(await client.hover(big, onRepeat)).toBeNull();
    expect(await client.completion(big, inExpression)).toEqual([]);
    expect(await client.definition(big, inExpression)).toEqual([]);
    expect(await client.references(big, inExpression)).toEqual([]);
    expect(await client.symbols(big)).toEqual([]);
    // the same question on the same rules in a file of a legal size is answered
    const small = join(game.root, 'rules', 'cash-n-guns', 'small.yaml');
    await client.open(small, text.slice(0, text.indexOf('  - id: r50\n')));
    expect(await client.hover(small, onRepeat)).not.toBeNull();
  }, limit(60_000));

  it('a scenario of a game whose expression runs away gets the work budget error at its step', async () => {
    const diagnostics = client.nextDiagnostics(scenario);
    await client.open(scenario, readFileSync(scenario, 'utf8'));
    const ds = await diagnostics;
    expect(ds.map((d) => d.message)).toContainEqual(expect.stringMatching(new RegExp(`did more than 2,000,000 steps of work without anyone deciding.*\\(at .*runaway/game\\.yaml:${RUNAWAY_PLACE.line}:${RUNAWAY_PLACE.col}\\)$`)));
  }, limit(60_000));
});
