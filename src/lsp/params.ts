/**
 * The params of the editor's messages, checked before anything reads them: a message from
 * elsewhere is checked, not trusted. vscode-languageserver reads params before a handler of ours
 * runs (`initialize` their `processId`, every request their `workDoneToken`), so a null made a
 * JavaScript TypeError's text the answer (issue 30 §4). Here each message the server handles is
 * checked against the shape it reads; a request that does not have it is answered with an
 * InvalidParams error saying what it needs, a notification is dropped and logged, and neither
 * reaches the connection.
 */
import { ErrorCodes, type Message, type MessageReader, type NotificationMessage, type RequestMessage } from 'vscode-languageserver/node';

type Obj = Record<string, unknown>;
type Check = (p: unknown) => boolean;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isIndex = (x: unknown): boolean => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const isPosition: Check = (x) => isObj(x) && isIndex(x['line']) && isIndex(x['character']);
const isRange: Check = (x) => isObj(x) && isPosition(x['start']) && isPosition(x['end']);
const isDocument: Check = (x) => isObj(x) && typeof x['uri'] === 'string';
const withDocument = (more: (p: Obj) => boolean = () => true): Check => (p) => isObj(p) && isDocument(p['textDocument']) && more(p);
const atPosition = withDocument((p) => isPosition(p['position']));
const isDiagnostic: Check = (d) => isObj(d) && isRange(d['range']) && (typeof d['message'] === 'string' || (isObj(d['message']) && typeof d['message']['value'] === 'string'));
const isChange: Check = (c) => isObj(c) && typeof c['text'] === 'string' && (c['range'] === undefined || isRange(c['range']));

/** what each message the server handles needs of its params, and that shape in words */
const SHAPES: Record<string, [Check, string]> = {
  initialize: [(p) => isObj(p) && (p['processId'] === null || typeof p['processId'] === 'number') && isObj(p['capabilities']), '{processId, capabilities, …}'],
  'textDocument/didOpen': [(p) => isObj(p) && isObj(p['textDocument']) && isDocument(p['textDocument']) && typeof p['textDocument']['text'] === 'string' && typeof p['textDocument']['languageId'] === 'string' && Number.isInteger(p['textDocument']['version']), '{textDocument: {uri, languageId, version, text}}'],
  'textDocument/didChange': [withDocument((p) => Number.isInteger((p['textDocument'] as Obj)['version']) && Array.isArray(p['contentChanges']) && p['contentChanges'].every(isChange)), '{textDocument: {uri, version}, contentChanges: [{text, range?}]}'],
  'textDocument/didClose': [withDocument(), '{textDocument: {uri}}'],
  'textDocument/didSave': [withDocument(), '{textDocument: {uri}}'],
  'textDocument/hover': [atPosition, '{textDocument: {uri}, position: {line, character}}'],
  'textDocument/completion': [atPosition, '{textDocument: {uri}, position: {line, character}}'],
  'textDocument/definition': [atPosition, '{textDocument: {uri}, position: {line, character}}'],
  'textDocument/references': [withDocument((p) => isPosition(p['position']) && isObj(p['context']) && typeof p['context']['includeDeclaration'] === 'boolean'), '{textDocument: {uri}, position: {line, character}, context: {includeDeclaration}}'],
  'textDocument/documentSymbol': [withDocument(), '{textDocument: {uri}}'],
  'textDocument/codeAction': [withDocument((p) => isRange(p['range']) && isObj(p['context']) && Array.isArray(p['context']['diagnostics']) && p['context']['diagnostics'].every(isDiagnostic)), '{textDocument: {uri}, range, context: {diagnostics: [{range, message}, …]}}'],
  '$/cancelRequest': [(p) => isObj(p) && (typeof p['id'] === 'number' || typeof p['id'] === 'string'), '{id}'],
};

/** why `method`'s params are not what the server reads, or undefined when they are (or it reads none) */
export function paramsProblem(method: string, params: unknown): string | undefined {
  const shape = Object.hasOwn(SHAPES, method) ? SHAPES[method] : undefined;
  if (shape === undefined || shape[0](params)) return undefined;
  return `${method} needs params ${shape[1]}`;
}

/**
 * `reader` with the messages whose params are malformed taken out: `refused` gets each, a
 * request's with the InvalidParams error to answer it with.
 */
export function guardMessages(reader: MessageReader, refused: (message: RequestMessage | NotificationMessage, error: { code: number; message: string }) => void): MessageReader {
  return {
    onError: reader.onError,
    onClose: reader.onClose,
    onPartialMessage: reader.onPartialMessage,
    dispose: () => reader.dispose(),
    listen: (callback) =>
      reader.listen((m: Message) => {
        const msg = m as Partial<RequestMessage>;
        const problem = typeof msg.method === 'string' ? paramsProblem(msg.method, msg.params) : undefined;
        if (problem === undefined) callback(m);
        else refused(m as RequestMessage | NotificationMessage, { code: ErrorCodes.InvalidParams, message: problem });
      }),
  };
}
