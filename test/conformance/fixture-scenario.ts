/**
 * Run a scenario written in a test on a fixture game of test/fixtures/conformance: the body (from
 * `given:` / `do:` on) follows a fixed header, so a message's line is the same for every probe
 * (the body starts on line 10). The files go to a temporary folder removed after the test file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { formatReport, runScenarioFile } from '../../src/conformance/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** where the fixture games are */
export const fixtureRulesDir = join(here, '../fixtures/conformance');

export interface ProbeOutcome {
  report: string;
  ok: boolean;
  /** the scenario's file name (s<n>.yaml) */
  name: string;
}

/** a runner for probes of `game` (2 players); call it at the top of a test file */
export function fixtureScenarioRunner(game: string): (body: string, seed?: number) => ProbeOutcome {
  const tmp = mkdtempSync(join(tmpdir(), `scenario-${game}-`));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  let counter = 0;
  return (body, seed = 1) => {
    const dir = join(tmp, game);
    mkdirSync(dir, { recursive: true });
    const name = `s${++counter}.yaml`;
    const schema = relative(dir, join(here, '../../schema/scenario.schema.json')).split('\\').join('/');
    writeFileSync(
      join(dir, name),
      `# yaml-language-server: $schema=${schema}
id: probe
text: {en: A probe., zh: 測試。}
source:
  - ref: "003:96"
    quote: 若某個玩家累積得到三個受傷標記
game: ${game}
players: 2
seed: ${seed}
${body}`,
    );
    const o = runScenarioFile(join(dir, name), { rulesDir: fixtureRulesDir });
    return { report: formatReport(o), ok: o.ok, name };
  };
}
