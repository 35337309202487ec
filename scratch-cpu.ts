import { compileGameDir } from './src/games.ts';
import { compileProgram } from './src/interpreter/compile/index.ts';
import { makeEngine } from './src/interpreter/engine.ts';
import { playout } from './src/agents/playout.ts';
import { agentSeedFor } from './src/agents/random-agent.ts';
import { gameSeed } from './src/cli/simulate.ts';
const game = process.argv[2]!; const n = Number(process.argv[3] ?? 50); const rounds = Number(process.argv[4] ?? 5);
const { loaded, engine } = compileGameDir(`rules/${game}`);
const closures = makeEngine(compileProgram(loaded!, { codegen: false }).program!);
const players = engine!.maxPlayers;
const run = (e: typeof engine) => { const t = process.cpuUsage(); for (let i = 0; i < n; i++) { const s = gameSeed(1, i); playout(e!, { players, seed: s, log: false }, agentSeedFor(s), { record: false }); } const d = process.cpuUsage(t); return (d.user + d.system) / 1000; };
run(engine); run(closures);
const ratios: number[] = [];
for (let r = 0; r < rounds; r++) { const g = run(engine); const c = run(closures); ratios.push(c / g); console.log(game, `gen ${(n / g * 1000).toFixed(0)}/s cl ${(n / c * 1000).toFixed(0)}/s ratio ${(c / g).toFixed(2)}`); }
ratios.sort(); console.log(game, 'median', ratios[ratios.length >> 1]!.toFixed(2));
