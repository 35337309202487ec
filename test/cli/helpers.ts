import type { Engine } from '../../src/interpreter/api.ts';
import { bufferIO, type CliContext } from '../../src/cli/context.ts';
import type { Prompter } from '../../src/cli/prompter.ts';
import { run } from '../../src/cli/main.ts';
import type { Diagnostic } from '../../src/loader/diagnostics.ts';
import { fakeSource, makePickEngine } from './fake-engine.ts';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(
  args: string[],
  opts: { engines?: Engine<any>[]; diagnostics?: Diagnostic[]; prompter?: Prompter; rulesDir?: string; secretSeed?: () => number } = {},
): Promise<Ran> {
  const io = bufferIO();
  const ctx: CliContext = {
    games: fakeSource(opts.engines ?? [makePickEngine()], opts.diagnostics ?? []),
    io,
    defaultRulesDir: opts.rulesDir ?? '/nonexistent-rules',
    now: () => 0,
    ...(opts.prompter ? { prompter: opts.prompter } : {}),
    ...(opts.secretSeed ? { secretSeed: opts.secretSeed } : {}),
  };
  const code = await run(args, ctx);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}
