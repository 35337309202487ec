/**
 * Input from elsewhere as a message quotes it: a game id from the command line, a name in a replay
 * log, a value in a shard file. A message names what it refused, but a 5 MB game name was echoed in
 * full (issue 30 §5): here a quote is cut to a length a reader can take in, and says how long the
 * whole was. (Control characters in it are written out where messages are printed: the CLI's
 * stderr goes through visibleControls, src/control-characters.ts.)
 */

/** the most characters of a quoted input a message shows */
export const MAX_QUOTED = 80;

/** `text` as a message shows it: whole when short, else its start, `…` and its length */
export function quoted(text: string, max: number = MAX_QUOTED): string {
  if (text.length <= max) return text;
  // (not cut inside a surrogate pair)
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}… (${text.length.toLocaleString('en')} characters)`;
}

/** a JSON value as a message shows it: JSON.stringify, quoted */
export function quotedJson(value: unknown, max: number = MAX_QUOTED): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return quoted(text, max);
}
