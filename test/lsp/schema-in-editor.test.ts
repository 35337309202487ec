/**
 * The schemas as an editor that reads only them sees them: the real YAML language server (the
 * one behind VS Code's YAML extension) over stdio, on every rules and scenario file of the
 * repository (opened, never written) and on a few mistakes in a temporary copy.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationRequest, type CompletionItem, type Diagnostic } from 'vscode-languageserver-protocol';
import { copyGames, LspClient, positionOf } from './client.ts';
import { limit } from '../limits.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const yamlServer = join(root, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
const schema = JSON.parse(readFileSync(join(root, 'schema', 'spec.schema.json'), 'utf8')) as { $defs: Record<string, { required?: string[]; then?: { propertyNames?: { enum?: string[] } } }> & { Effect: { oneOf: { $ref: string }[] } } };
const msg = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);

const yamlFiles = (d: string): string[] =>
  readdirSync(d).flatMap((f) => {
    const p = join(d, f);
    return statSync(p).isDirectory() ? yamlFiles(p) : f.endsWith('.yaml') ? [p] : [];
  });

const copy = copyGames('cash-n-guns');
let client: LspClient;
beforeAll(async () => {
  client = await LspClient.start(root, {}, { command: process.execPath, args: [yamlServer, '--stdio'] });
  client.conn.onRequest(ConfigurationRequest.type, (p) => p.items.map(() => null)); // the defaults
});
afterAll(async () => {
  await client?.stop();
  copy.remove();
});

async function diagnosticsOf(path: string, text = readFileSync(path, 'utf8')): Promise<Diagnostic[]> {
  const next = client.nextDiagnostics(path);
  await client.open(path, text);
  return next;
}

describe('the schemas in the YAML language server', () => {
  it('UnknownEffect lists exactly the effect keys of the Effect branches', () => {
    const keys = schema.$defs.Effect.oneOf.map((b) => schema.$defs[b.$ref.split('/').pop()!]!.required?.[0]).filter((k): k is string => !!k);
    expect(schema.$defs.UnknownEffect!.then!.propertyNames!.enum).toEqual(keys);
  });

  it('no diagnostics on any rules or scenario file', async () => {
    const files = [...yamlFiles(join(root, 'rules')), ...yamlFiles(join(root, 'test', 'conformance'))];
    expect(files.length).toBeGreaterThan(50);
    const all = await Promise.all(files.map(async (f) => (await diagnosticsOf(f)).map((d) => `${f}:${d.range.start.line + 1}: ${msg(d)}`)));
    const found = all.flat();
    expect(found).toEqual([]);
  }, limit(240_000));

  it('a misspelled effect kind gets one message, at the key, that lists the effects', async () => {
    const setup = copy.file('cash-n-guns', 'setup.yaml');
    const text = readFileSync(setup, 'utf8').replace('- shuffle: billDeck', '- shufle: billDeck');
    const ds = await diagnosticsOf(setup, text);
    expect(ds).toHaveLength(1);
    expect(ds[0]!.range.start).toEqual(positionOf(text, 'shufle'));
    expect(msg(ds[0]!)).toMatch(/"shuffle"/);
    expect(msg(ds[0]!)).toMatch(/"set", "add"/);
  });

  it('a wrong key inside a real effect is still said of that effect', async () => {
    const round = copy.file('cash-n-guns', 'round.yaml');
    const text = readFileSync(round, 'utf8').replace('          - set: round\n            to: r\n', '          - set: round\n            too: r\n');
    expect(text).not.toBe(readFileSync(round, 'utf8'));
    const ds = await diagnosticsOf(round, text);
    expect(ds.map(msg)).toContain('Property too is not allowed.');
    expect(ds.map(msg).join('\n')).not.toMatch(/Valid values/);
  });

  // a snippet is told by its placeholders (the schema's own key completions have none of these)
  const snippets = (items: CompletionItem[]): string[] => items.filter((i) => /\$\{\d+:/.test(i.insertText ?? '')).map((i) => i.label);

  it('offers snippets for a rule node, an effect, a choice and a scenario', async () => {
    const round = copy.file('cash-n-guns', 'round.yaml');
    const text = readFileSync(round, 'utf8').replace('          - call: phase-1-bills\n', '          - \n          - call: phase-1-bills\n');
    await diagnosticsOf(round, text);
    const inDo = snippets(await client.completion(round, positionOf(text, '          - \n', 12)));
    expect(inDo).toEqual(expect.arrayContaining(['set', 'if', 'move', 'call', 'choice']));
    const extra = copy.file('cash-n-guns', 'extra.yaml');
    await diagnosticsOf(extra, `${text.split('\n')[0]}\nflow:\n  - \n`);
    expect(snippets(await client.completion(extra, { line: 2, character: 4 }))).toContain('rule node');
    const scenario = copy.scenario('cash-n-guns', 'new.yaml');
    await diagnosticsOf(scenario, `${readFileSync(copy.scenario('cash-n-guns', 'leaving.yaml'), 'utf8').split('\n')[0]}\n`);
    expect(snippets(await client.completion(scenario, { line: 1, character: 0 }))).toContain('scenario');
  });
});
