/** The terminal prompts of `rules play`, behind an interface so tests can script them. */
import { input, select } from '@inquirer/prompts';

export interface PromptChoice {
  name: string;
  value: number;
}

export interface Prompter {
  /** ask to pick one choice; resolves to its value */
  select(message: string, choices: PromptChoice[]): Promise<number>;
  /** wait until the user is ready (e.g. "pass the keyboard to seat 2") */
  pause(message: string): Promise<void>;
}

/** inquirer's Ctrl-C (ExitPromptError) as PromptInterrupted, so `play` can save and say so */
async function interruptible<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if ((e as Error)?.name === 'ExitPromptError') throw new PromptInterrupted();
    throw e;
  }
}

export interface PrompterTexts {
  /** inquirer's key hints by their English action word (`navigate`, `select`) */
  keys: Readonly<Record<string, string>>;
}

export function inquirerPrompter(texts?: PrompterTexts): Prompter {
  const keysHelpTip = (keys: [string, string][]): string =>
    keys.map(([key, action]) => `${key} ${texts?.keys[action] ?? action}`).join(' • ');
  return {
    async select(message, choices) {
      return interruptible(select<number>({ message, choices, pageSize: 15, loop: false, theme: { style: { keysHelpTip } } }));
    },
    async pause(message) {
      await interruptible(input({ message }));
    },
  };
}

/** a prompter answering from a script of choice indexes (tests); pauses are recorded */
export function scriptedPrompter(answers: number[]): Prompter & { asked: string[]; pauses: string[] } {
  const queue = [...answers];
  const asked: string[] = [];
  const pauses: string[] = [];
  return {
    asked,
    pauses,
    async select(message, choices) {
      asked.push(message);
      const i = queue.shift();
      if (i === undefined) throw new Error(`scripted prompter: no answer left for "${message}"`);
      const c = choices[i];
      if (c === undefined) throw new Error(`scripted prompter: answer ${i} out of range for "${message}"`);
      return c.value;
    },
    async pause(message) {
      pauses.push(message);
    },
  };
}

/** the player pressed Ctrl-C at a prompt */
export class PromptInterrupted extends Error {
  override readonly name = 'PromptInterrupted';
  constructor() {
    super('interrupted at a prompt');
  }
}
