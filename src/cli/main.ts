/**
 * The `rules` command line (bin/rules.js, npm start).
 *
 * Exit codes: 0 ok; 1 failure (validation errors, replay divergence, a game error);
 * 2 bad command line (unknown game/command/option, bad --players/--option/--seats, …).
 * Unexpected errors print one line `error: …` (set DEBUG=1 for the stack).
 */
import { pathToFileURL } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import { collect } from './common.ts';
import { visibleControls } from '../control-characters.ts';
import { WriteFileError } from '../file-io.ts';
import { CliExit, UsageError, defaultContext, type CliContext } from './context.ts';
import { docsCommand } from './docs.ts';
import { newCommand } from './new.ts';
import { playCommand } from './play.ts';
import { replayCommand } from './replay.ts';
import { mergeCommand } from './merge.ts';
import { simulateCommand } from './simulate.ts';
import { compareCommand, DEFAULT_COMPARE_GAMES, DEFAULT_MATRIX_AGENTS, DEFAULT_PLAY } from './compare.ts';
import { startCommand } from './start.ts';
import { testCommand } from './test.ts';
import { validateCommand } from './validate.ts';
// the bundle (bin/bundle.js) carries the version in: it runs from a cache folder, not beside package.json
import pkg from '../../package.json' with { type: 'json' };

/** Build the commander program; `setCode` receives each action's exit code. */
export function buildProgram(ctx: CliContext, setCode: (code: number) => void): Command {
  const program = new Command('rules');
  program
    .description('Rules-as-data board games: validate specs, simulate, play, replay.')
    .version(pkg.version, '-V, --version', 'print the version of rules and exit')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.out(s),
      writeErr: (s) => ctx.io.err(s),
    })
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .hook('preAction', async () => {
      if (ctx.loadGames) {
        ctx.games = await ctx.loadGames();
        delete ctx.loadGames;
      }
    });

  program
    .command('validate')
    .description('check rule specs; prints diagnostics and "N errors, M warnings in K games"')
    .argument('[paths...]', 'folders of games, game folders or YAML files (default: rules/)')
    .option('--verbose', 'also say, per game, which choices are proven never empty and which rest on the random games')
    .option('--workers <n>', 'check the games on N threads (default: one per two cores; the same output as one)')
    .option('--no-cache', 'check every game again: by default a game whose files, seeds and engine are unchanged since it was last checked is not checked again (node_modules/.cache/rules-validate; RULES_VALIDATE_CACHE=off or another folder)')
    .option('--no-examples', "do not run the games' worked examples (the scenarios in test/conformance/<game>/): the spec's own checks and the random games only")
    .action(async (paths: string[], o: { verbose?: boolean; workers?: string; cache?: boolean; examples?: boolean }) => setCode(await validateCommand(ctx, paths, o)));

  program
    .command('simulate')
    .description('random agents play K games; game i uses seed deriveSeed(S, i)')
    .argument('<game>', 'game id (folder name under the rules folder)')
    .option('-p, --players <n>', 'number of players (default: the game maximum)')
    .option('-g, --games <k>', 'number of games', '100')
    .option('-s, --seed <s>', 'base seed (uint32)', '1')
    .option('-o, --option <k=v>', 'set a game option (repeatable)', collect)
    .option('--agents <kinds>', 'random (default), greedy or search[:N] (N iterations a decision, default 256), for every seat or one per seat: search:512,random,…')
    .option('--json', 'print one JSON object (the stable machine contract)')
    .option('--csv', 'print one CSV row per game (with a header row), for spreadsheets')
    .option('--no-timing', 'omit the games/s line of the readable summary')
    .option('--rules-dir <dir>', 'folder of games (default: rules/)')
    .option('--workers <n>', 'play on N threads: this one and N-1 worker threads (the same output as one)')
    .option('--shard <K/N>', 'play only shard K of N of the games and write a shard file for `rules merge`')
    .action(async (game: string, o) => setCode(await simulateCommand(ctx, game, o)));

  program
    .command('compare')
    .description('for designers: agents against each other, the first seat\'s edge under search play, and setting B against setting A on the same seeds (each figure\'s difference with its interval)')
    .argument('<game>', 'game id (folder name under the rules folder)')
    .option('-p, --players <n>', 'number of players (default: the game maximum)')
    .option('-g, --games <k>', `games per run (default ${DEFAULT_COMPARE_GAMES})`)
    .option('-s, --seed <s>', 'base seed (uint32)', '1')
    .option('-o, --option <k=v>', 'set a game option of setting A (and B) (repeatable)', collect)
    .option('--agents <kinds>', `the agents played against each other (default ${DEFAULT_MATRIX_AGENTS})`)
    .option('--play <kind>', `the agent of every seat for the seats' edge and the settings (default ${DEFAULT_PLAY})`)
    .option('--b-option <k=v>', 'setting B: A with this option set so (repeatable)', collect)
    .option('--set <var=expr>', "setting B: A with this var's starting value given anew, e.g. stillOutput=[20,20,20,20,20] (repeatable)", collect)
    .option('--only <parts>', 'only some parts: matrix, edge, settings (comma-separated)')
    .option('--workers <n>', 'play on N threads: this one and N-1 worker threads (the same figures as one)')
    .option('--json', 'print one JSON object')
    .option('--rules-dir <dir>', 'folder of games (default: rules/)')
    .action(async (game: string, o) => setCode(await compareCommand(ctx, game, o)));

  program
    .command('merge')
    .description('put the shard files of one `simulate --shard K/N` run back together: prints what the unsharded run prints')
    .argument('<files...>', 'the shard files (all N of them, any order)')
    .option('--json', 'print one JSON object, as simulate --json')
    .option('--csv', 'print one CSV row per game, as simulate --csv')
    .option('--rules-dir <dir>', "folder of games (default: rules/): where the run's game is, its rules are what the shards are checked against")
    .action(async (files: string[], o) => setCode(await mergeCommand(ctx, files, o)));

  program
    .command('play')
    .description('play in the terminal (human, random and search seats)')
    .argument('<game>', 'game id')
    .option('-p, --players <n>', 'number of players')
    .option('-s, --seed <s>', 'game seed (uint32; default: random, shown after the game)')
    .option('-o, --option <k=v>', 'set a game option (repeatable)', collect)
    .option('--seats <kinds>', 'comma-separated seat kinds: human|random|search (search:N iterations, search:2s a time; default: human,random,…)')
    .addOption(new Option('--lang <lang>', 'language of the texts: en, zh-Hans (Simplified Chinese), zh-Hant (Traditional Chinese), or zh (each text in the script it is written in)').choices(['en', 'zh-Hans', 'zh-Hant', 'zh']).default('en'))
    .option('--save <file>', 'write the replay log to FILE at the end (the path is checked first; Ctrl-C saves the game so far)')
    .option('--rules-dir <dir>', 'folder of games (default: rules/)')
    .action(async (game: string, o) => setCode(await playCommand(ctx, game, o)));

  program
    .command('replay')
    .description('re-run a saved game and check that it reproduces exactly')
    .argument('<log>', 'replay log (JSON) written by play --save')
    .option('--rules-dir <dir>', 'folder of games (default: rules/)')
    .action(async (file: string, o) => setCode(await replayCommand(ctx, file, o)));

  program
    .command('docs')
    .description('validate every game, then generate the rules site (English and Chinese) for VitePress, with each game\'s Simulations page (cached)')
    .option('--rules-dir <dir>', 'folder of games (default: rules/)')
    .option('--out <dir>', 'output folder (its config, theme, cache and dist are left alone)', 'site')
    .action(async (o) => setCode(await docsCommand(ctx, o)));

  program
    .command('lsp')
    .description('a language server for rule editors over stdio: the checks of validate as you type, hover, completion, go to definition')
    .option('--stdio', 'talk over stdin/stdout (the only way; editors pass it)')
    .action(async () => setCode(await (await import('../lsp/server.ts')).serveStdio()));

  program
    .command('new')
    .description('write a minimal game that validates and plays (rules/<game>/ and one scenario in test/conformance/<game>/)')
    .argument('<game>', 'the new game id: lower-case words joined by -, e.g. my-game')
    .option('--rules-dir <dir>', 'folder of games (default: rules/); the scenario goes to ../test/conformance beside it')
    .action(async (game: string, o) => setCode(await newCommand(ctx, game, o)));

  program
    .command('test')
    .description('run conformance scenarios; problems as file:line:col (a warning fails a scenario, as in npm test)')
    .argument('[scenarios...]', 'scenario files, folders of them, or game ids (default: every scenario)')
    .option('--rules-dir <dir>', 'folder of games (default: rules/); scenarios are read from ../test/conformance beside it')
    .action(async (args: string[], o) => setCode(await testCommand(ctx, args, o)));

  program
    .command('start')
    .description('validate all games, then show one seeded random game of each')
    .option('--rules-dir <dir>', 'folder of games (default: rules/)')
    .action(async (o) => setCode(await startCommand(ctx, o)));

  return program;
}

/** Run the CLI on user arguments (without `node script`); returns the exit code, never throws. */
export async function run(args: string[], given: CliContext = defaultContext()): Promise<number> {
  // messages quote what they were given (a replay log's keys, a file name): its control
  // characters are shown, not sent to the terminal (stderr carries no styling of ours)
  const ctx: CliContext = { ...given, io: { ...given.io, err: (t) => given.io.err(visibleControls(t)) } };
  let code = 0;
  const program = buildProgram(ctx, (c) => (code = c));
  if (args.length === 0) {
    program.outputHelp();
    return 2;
  }
  try {
    await program.parseAsync(args, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander has printed its message already
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      return 2;
    }
    if (e instanceof CliExit) return e.code;
    if (e instanceof UsageError) {
      ctx.io.err(`error: ${e.message}\n`);
      return 2;
    }
    if (e instanceof WriteFileError) {
      // the command did its work but could not keep it: the message says where and why
      ctx.io.err(`error: ${e.message}\n`);
      return 1;
    }
    const err = e as Error;
    if (err?.name === 'ExitPromptError') {
      ctx.io.err('aborted\n');
      return 130;
    }
    const at = (err as { at?: { file: string; line: number; col: number } } | undefined)?.at;
    if (at && !process.env.DEBUG) {
      // a game error with its place in the rules: the spec is at fault, not the program
      ctx.io.err(`${at.file}:${at.line}:${at.col}: error: ${(err.message ?? '').split('\n')[0]}\n`);
      return 1;
    }
    if (process.env.DEBUG) {
      ctx.io.err(`${err?.stack ?? String(e)}\n`);
    } else {
      const msg = (err?.message ?? String(e)).split('\n')[0];
      ctx.io.err(`error: ${msg}\n(run with DEBUG=1 for the stack)\n`);
    }
    return 1;
  }
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  const code = await run(argv);
  process.exitCode = code;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) await main();
