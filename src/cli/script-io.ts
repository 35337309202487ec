/**
 * `rules play --lang zh-Hans` / `--lang zh-Hant`: the terminal in one Chinese script. The game is
 * played in Chinese (the specs' zh texts, the terminal's own words), and everything written to the
 * terminal or asked at a prompt is put into the script on its way out (src/chinese-script.ts),
 * so a game whose texts were written in the other script reads in the one asked for.
 */
import { inScript, type Script } from '../chinese-script.ts';
import type { CliContext } from './context.ts';
import { inquirerPrompter, type Prompter } from './prompter.ts';

/** ctx with its output and prompts in `script`; `keys`: the prompts' key hints, for the terminal's own prompter */
export function inScriptContext(ctx: CliContext, script: Script, keys: Readonly<Record<string, string>>): CliContext {
  const z = (s: string): string => inScript(s, script);
  const prompter: Prompter = ctx.prompter ?? inquirerPrompter({ keys: Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, z(v)])) });
  return {
    ...ctx,
    io: { ...ctx.io, out: (t) => ctx.io.out(z(t)), err: (t) => ctx.io.err(z(t)) },
    prompter: {
      select: (message, choices) => prompter.select(z(message), choices.map((c) => ({ ...c, name: z(c.name) }))),
      pause: (message) => prompter.pause(z(message)),
    },
  };
}
