/**
 * The characters no text of ours may send to a terminal: the C0 and C1 control characters but tab
 * and line feed (a terminal obeys ESC, CR or BEL as commands: a text could clear the screen,
 * rewrite a line or set the window title), and the bidirectional overrides and isolates, which
 * show a text in another order than it is written. Rules files may not hold them at all (the
 * loader refuses them: loader/yaml-file.ts); what a message quotes from elsewhere (a replay log's
 * keys, a file's name) has them written out (visibleControls).
 */
const CLASS = '[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]';

/** the first such character of a text (`exec`) */
export const CONTROL_CHARACTER = new RegExp(CLASS);

const EVERY = new RegExp(CLASS, 'g');

/** `text` with each such character written out as `\u{1b}` */
export function visibleControls(text: string): string {
  return text.replace(EVERY, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
