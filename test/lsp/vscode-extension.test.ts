/**
 * The VS Code extension folder (editors/vscode): VS Code itself cannot run here, so this checks
 * what can be checked without it — the manifest names the entry point and the server command, and
 * that very command, run in the repository, is a language server that answers initialize.
 * (The editor itself was tried with Neovim's built-in client: docs/editing.md.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LspClient } from './client.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const folder = join(root, 'editors', 'vscode');
const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
  main: string;
  engines: { vscode: string };
  dependencies: Record<string, string>;
  contributes: { configuration: { properties: Record<string, { default: unknown }> } };
};

describe('editors/vscode', () => {
  it('is an extension manifest with its entry point and the language client', () => {
    expect(manifest.engines.vscode).toMatch(/^\^1\./);
    expect(existsSync(join(folder, manifest.main))).toBe(true);
    expect(Object.keys(manifest.dependencies)).toContain('vscode-languageclient');
    expect(readFileSync(join(folder, manifest.main), 'utf8')).toMatch(/new LanguageClient\(/);
  });

  it('its default server command (npx rules lsp --stdio) starts the server', async () => {
    const props = manifest.contributes.configuration.properties;
    const command = props['rulesAsData.server.command']!.default as string;
    const args = props['rulesAsData.server.args']!.default as string[];
    expect([command, ...args]).toEqual(['npx', 'rules', 'lsp', '--stdio']);
    const client = await LspClient.start(root, {}, { command, args });
    try {
      expect(client.initialized?.serverInfo?.name).toBe('rules lsp');
      expect(client.initialized?.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, referencesProvider: true, documentSymbolProvider: true, codeActionProvider: true });
    } finally {
      await client.stop();
    }
  });
});
