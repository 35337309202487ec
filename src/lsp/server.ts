/**
 * `rules lsp`: a Language Server Protocol server over stdio for rules/**.yaml and
 * test/conformance/**.yaml. Diagnostics as you type are `rules validate`'s (without the random
 * games), re-checked for the one game that changed, a short while after the last keystroke.
 * It reads the open buffers and the disk; it never writes a file.
 */
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createConnection,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
  type Message,
  type ResponseMessage,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../loader/diagnostics.ts';
import { MAX_FILE_BYTES } from '../limits.ts';
import { codeActions, completion, definition, documentSymbols, hover, references } from './features.ts';
import { guardFrames } from './frames.ts';
import { guardMessages } from './params.ts';
import { toLspDiagnostic } from './ranges.ts';
import { Workspace } from './workspace.ts';

/** the wait after the last change before a game is checked again (a burst of keystrokes is checked once) */
export const DEFAULT_DEBOUNCE_MS = 50;

/** whether a buffer is past the size a rules file may have: no question about it is answered
 *  (its diagnostics say it is too large), so none parses megabytes (issue 30 §4) */
function tooLarge(text: string): boolean {
  return text.length > MAX_FILE_BYTES || (text.length * 3 > MAX_FILE_BYTES && Buffer.byteLength(text) > MAX_FILE_BYTES);
}

export function startServer(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Connection {
  // frames the reader could not recover from are skipped before it sees them (frames.ts), and
  // messages whose params are not what the server reads are answered or dropped (params.ts)
  let log = (message: string): void => void process.stderr.write(`rules lsp: ${message}\n`);
  const writer = new StreamMessageWriter(output);
  const reader = guardMessages(new StreamMessageReader(guardFrames(input, (m) => log(m))), (m, error) => {
    if ('id' in m && m.id !== undefined && m.id !== null) void writer.write({ jsonrpc: '2.0', id: m.id, error } satisfies ResponseMessage as Message);
    else log(`a ${m.method} notification was dropped: ${error.message}`);
  });
  const connection = createConnection(reader, writer);
  log = (message) => connection.console.error(`rules lsp: ${message}`);
  const documents = new TextDocuments(TextDocument);
  const ws = new Workspace();
  let debounceMs = DEFAULT_DEBOUNCE_MS;
  const timers = new Map<string, NodeJS.Timeout>();
  /** per checked game or scenario: the files it last published diagnostics for */
  const published = new Map<string, Set<string>>();

  const pathOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

  const publish = (key: string, byFile: Map<string, Diagnostic[]>): void => {
    const before = published.get(key) ?? new Set<string>();
    for (const p of before) if (!byFile.has(p)) byFile.set(p, []);
    for (const [p, ds] of byFile) {
      const text = ws.textOf(p) ?? '';
      void connection.sendDiagnostics({ uri: pathToFileURL(p).href, diagnostics: ds.map((d) => toLspDiagnostic(d, text)) });
    }
    published.set(key, new Set([...byFile].filter(([, ds]) => ds.length > 0).map(([p]) => p)));
  };

  const checkGame = (gameDir: string): void => {
    const { byFile } = ws.checkGame(gameDir);
    publish(resolve(gameDir), byFile);
    // the open scenarios of this game run on the new rules
    for (const d of documents.all()) {
      const p = pathOf(d.uri);
      const role = p ? ws.roleOf(p) : undefined;
      if (p && role?.kind === 'scenario' && ws.gameDirOf(p) === resolve(gameDir)) checkScenario(p, role.rulesDir);
    }
  };

  const checkScenario = (path: string, rulesDir: string): void => {
    const ds = ws.checkScenario(path, rulesDir);
    publish(path, new Map([[path, ds.filter((d) => resolve(d.file) === path)]]));
  };

  const schedule = (uri: string): void => {
    const path = pathOf(uri);
    const role = path ? ws.roleOf(path) : undefined;
    if (!path || !role) return;
    const key = role.kind === 'rules' ? resolve(role.gameDir) : path;
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        guarded(() => (role.kind === 'rules' ? checkGame(role.gameDir) : checkScenario(path, role.rulesDir)), undefined);
      }, debounceMs),
    );
  };

  /** a fault in one answer is logged, never the end of the server */
  function guarded<T>(f: () => T, fallback: T): T {
    try {
      return f();
    } catch (e) {
      connection.console.error(`rules lsp: ${(e as Error).stack ?? String(e)}`);
      return fallback;
    }
  }

  /** an open document that is not too large, and its path */
  const open = (uri: string) => {
    const doc = documents.get(uri);
    const path = pathOf(uri);
    return doc && path && !tooLarge(doc.getText()) ? { doc, path } : undefined;
  };
  const at = (uri: string, position: { line: number; character: number }) => {
    const o = open(uri);
    return o ? { ws, path: o.path, doc: o.doc, offset: o.doc.offsetAt(position) } : undefined;
  };

  connection.onInitialize((params): InitializeResult => {
    const opts = params.initializationOptions as { debounceMs?: unknown } | undefined;
    if (typeof opts?.debounceMs === 'number' && opts.debounceMs >= 0) debounceMs = opts.debounceMs;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['.', ':', ' '] },
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        codeActionProvider: true,
      },
      serverInfo: { name: 'rules lsp' },
    };
  });

  documents.onDidChangeContent((e) => {
    const p = pathOf(e.document.uri);
    if (p) ws.setText(p, e.document.getText());
    schedule(e.document.uri);
  });
  documents.onDidClose((e) => {
    const p = pathOf(e.document.uri);
    if (p) ws.dropText(p);
    schedule(e.document.uri); // back to the file on disk
  });
  documents.onDidSave((e) => schedule(e.document.uri));

  // (the params are the shapes params.ts checked; a document past the size limit is not read)
  connection.onHover((p) => guarded(() => {
    const a = at(p.textDocument.uri, p.position);
    return a ? hover(a) : null;
  }, null));
  connection.onCompletion((p) => guarded(() => {
    const a = at(p.textDocument.uri, p.position);
    return a ? completion(a) : [];
  }, []));
  connection.onDefinition((p) => guarded(() => {
    const a = at(p.textDocument.uri, p.position);
    return a ? definition(a) : [];
  }, []));
  connection.onReferences((p) => guarded(() => {
    const a = at(p.textDocument.uri, p.position);
    return a ? references(a, p.context.includeDeclaration) : [];
  }, []));
  connection.onDocumentSymbol((p) => guarded(() => {
    const o = open(p.textDocument.uri);
    return o ? documentSymbols(ws, o.path, o.doc.getText()) : [];
  }, []));
  connection.onCodeAction((p) => guarded(() => codeActions(p.textDocument.uri, p.context.diagnostics), []));

  documents.listen(connection);
  connection.listen();
  return connection;
}

/** Serve on stdin/stdout until the editor ends the session; resolves with the exit code. */
export function serveStdio(): Promise<number> {
  return new Promise((done) => {
    const connection = startServer();
    let shutdown = false;
    connection.onShutdown(() => {
      shutdown = true;
    });
    connection.onExit(() => done(shutdown ? 0 : 1));
    process.stdin.on('close', () => done(shutdown ? 0 : 1));
  });
}
