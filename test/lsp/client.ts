/**
 * An editor, as far as the tests and the benchmark need one: starts `rules lsp --stdio` in a child
 * process and speaks LSP to it over its stdin/stdout (vscode-languageserver-protocol's client side).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CompletionRequest,
  createProtocolConnection,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ReferencesRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  CodeActionRequest,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type Location,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type InitializeResult,
} from 'vscode-languageserver-protocol/node';
import { scenarioSchemaLine } from '../../src/conformance/index.ts';
import { schemaLine } from '../../src/loader/load-folder.ts';
import { limit, limitInWords } from '../limits.ts';

const bin = fileURLToPath(new URL('../../bin/rules.js', import.meta.url));
const repoRules = fileURLToPath(new URL('../../rules/', import.meta.url));
const repoScenarios = fileURLToPath(new URL('../conformance/', import.meta.url));

/**
 * A temporary copy of game folders (rules/<game>) and their scenarios (test/conformance/<game>),
 * their schema lines pointing at the repository's schemas.
 */
export function copyGames(...games: string[]): { root: string; file: (game: string, name: string) => string; scenario: (game: string, name: string) => string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'rules-lsp-'));
  const fix = (d: string, line: (p: string) => string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) fix(p, line);
      else if (name.endsWith('.yaml')) writeFileSync(p, readFileSync(p, 'utf8').replace(/^# yaml-language-server:.*$/m, line(p)));
    }
  };
  for (const game of games) {
    cpSync(join(repoRules, game), join(root, 'rules', game), { recursive: true });
    fix(join(root, 'rules', game), schemaLine);
    if (existsSync(join(repoScenarios, game))) {
      cpSync(join(repoScenarios, game), join(root, 'test', 'conformance', game), { recursive: true });
      fix(join(root, 'test', 'conformance', game), scenarioSchemaLine);
    }
  }
  return {
    root,
    file: (game, name) => join(root, 'rules', game, name),
    scenario: (game, name) => join(root, 'test', 'conformance', game, name),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export class LspClient {
  private readonly versions = new Map<string, number>();
  private readonly waiters: { uri: string; done: (p: PublishDiagnosticsParams) => void }[] = [];
  /** the last diagnostics published per uri */
  readonly diagnostics = new Map<string, Diagnostic[]>();
  /** every file diagnostics were published for, in order */
  readonly published: string[] = [];
  /** when diagnostics were last published (for any file) */
  private lastPublished = 0;
  stderr = '';
  /** the server's answer to initialize */
  initialized: InitializeResult | undefined;

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly conn: ProtocolConnection,
  ) {
    conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.diagnostics.set(p.uri, p.diagnostics);
      this.published.push(p.uri);
      this.lastPublished = Date.now();
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        if (this.waiters[i]!.uri === p.uri) this.waiters.splice(i, 1)[0]!.done(p);
      }
    });
    child.stderr.on('data', (b: Buffer) => (this.stderr += b.toString()));
  }

  /** `rules lsp --stdio` (or another server's command) in `cwd`; returns once it has answered initialize */
  static async start(cwd: string, initializationOptions: Record<string, unknown> = {}, server = { command: process.execPath, args: [bin, 'lsp', '--stdio'] }): Promise<LspClient> {
    const child = spawn(server.command, server.args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    conn.listen();
    const client = new LspClient(child, conn);
    client.initialized = await conn.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(cwd).href, capabilities: {}, workspaceFolders: null, initializationOptions });
    await conn.sendNotification(InitializedNotification.type, {});
    return client;
  }

  /**
   * The next diagnostics published for a file. The wait fails only once the server has published
   * nothing, for any file, for `silentMs` (on the reference machine, stretched by the machine
   * factor: test/limits.ts): a server still working through other files (a test that opens many
   * at once) is making progress, however busy the machine.
   */
  nextDiagnostics(path: string, silentMs = 30_000): Promise<Diagnostic[]> {
    const uri = pathToFileURL(path).href;
    const allowed = limit(silentMs);
    const since = Date.now();
    const before = this.published.length;
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const quiet = Date.now() - Math.max(this.lastPublished, since);
        if (quiet < allowed) {
          timer = setTimeout(check, allowed - quiet);
          return;
        }
        const others = this.published.length - before;
        reject(new Error(`waited for diagnostics of ${path}: the server published none, for any file, for ${limitInWords(silentMs)} (${others} file(s) since this wait began); server stderr: ${this.stderr}`));
      };
      let timer = setTimeout(check, allowed);
      this.waiters.push({ uri, done: (p) => (clearTimeout(timer), resolve(p.diagnostics)) });
    });
  }

  async open(path: string, text = readFileSync(path, 'utf8')): Promise<void> {
    const uri = pathToFileURL(path).href;
    this.versions.set(uri, 1);
    await this.conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  }

  /** replace the whole buffer (as an editor with full sync would) */
  async change(path: string, text: string): Promise<void> {
    const uri = pathToFileURL(path).href;
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  hover(path: string, position: Position) {
    return this.conn.sendRequest(HoverRequest.type, { textDocument: { uri: pathToFileURL(path).href }, position });
  }

  async completion(path: string, position: Position): Promise<CompletionItem[]> {
    const r: CompletionItem[] | CompletionList | null = await this.conn.sendRequest(CompletionRequest.type, { textDocument: { uri: pathToFileURL(path).href }, position });
    return r === null ? [] : Array.isArray(r) ? r : r.items;
  }

  async definition(path: string, position: Position): Promise<Location[]> {
    const r = await this.conn.sendRequest(DefinitionRequest.type, { textDocument: { uri: pathToFileURL(path).href }, position });
    return r === null ? [] : Array.isArray(r) ? (r as Location[]) : [r];
  }

  references(path: string, position: Position) {
    return this.conn.sendRequest(ReferencesRequest.type, { textDocument: { uri: pathToFileURL(path).href }, position, context: { includeDeclaration: false } });
  }

  symbols(path: string) {
    return this.conn.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: pathToFileURL(path).href } });
  }

  codeActions(path: string, diagnostics: Diagnostic[]) {
    const range = diagnostics[0]!.range;
    return this.conn.sendRequest(CodeActionRequest.type, { textDocument: { uri: pathToFileURL(path).href }, range, context: { diagnostics } });
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await this.conn.sendRequest(ShutdownRequest.type);
      await this.conn.sendNotification(ExitNotification.type);
    } catch {
      this.child.kill();
    }
    const timer = setTimeout(() => this.child.kill(), 5000);
    await exited;
    clearTimeout(timer);
    this.conn.dispose();
  }
}

/** 0-based position of the first occurrence of `needle` in `text` (plus `delta` characters). */
export function positionOf(text: string, needle: string, delta = 0): Position {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`'${needle}' is not in the text`);
  const before = text.slice(0, i + delta);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - before.lastIndexOf('\n') - 1 };
}
