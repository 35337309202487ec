// The VS Code side of `rules lsp`: starts `npx rules lsp --stdio` in the workspace folder and
// hands it the rules and scenario files. The server does the work; this file only connects it.
'use strict';
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** the command that starts the server, from the settings (rulesAsData.server.*) */
function serverCommand() {
  const settings = vscode.workspace.getConfiguration('rulesAsData.server');
  return { command: settings.get('command', 'npx'), args: settings.get('args', ['rules', 'lsp', '--stdio']) };
}

async function activate(context) {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const { command, args } = serverCommand();
  // no transport named: the client then adds no flag of its own and talks over the child's stdin/stdout
  const serverOptions = { command, args, options: { cwd: folder, shell: process.platform === 'win32' } };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml', pattern: '**/rules/**/*.yaml' },
      { scheme: 'file', language: 'yaml', pattern: '**/test/conformance/**/*.yaml' },
    ],
  };
  client = new LanguageClient('rulesAsData', 'Rules as data', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client?.stop() });
  await client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate, serverCommand };
