/**
 * Where the games of `rules simulate` (and `rules merge`) go as they are played: each output form
 * is written game by game, so no list of games is kept. The bytes are those of the whole report
 * printed at once (JSON.stringify of the report, formatCsv, formatReport).
 */
import { formatReport, csvHeader, csvRow, type RunHeader } from './simulate.ts';
import type { SimulatedGame, SimulationSummary, SummaryTally } from '../stats/summary.ts';
import { shardHeaderLine, shardTallyLine, type ShardPlace } from './shard-file.ts';

export type OutputForm = 'text' | 'json' | 'csv' | 'shard';

export interface ReportSink {
  game(g: SimulatedGame): void;
  /** games already formatted by gameText, in run order, joined with GAME_SEPARATOR (a chunk of
   *  a worker thread: formatted where it was played, so the main thread only writes it) */
  games(text: string): void;
  /** the run is over: write what follows the games */
  end(summary: SimulationSummary, tally: SummaryTally, gamesPerSecond?: number): void;
}

/** text is handed on in pieces of about this size (one write per game would be slow) */
const FLUSH_AT = 1 << 16;

class Buffered {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly out: (text: string) => void) {}
  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= FLUSH_AT) this.flush();
  }
  flush(): void {
    if (this.parts.length > 0) this.out(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

/** what goes between two games' texts of one form (JSON's records are a list) */
export function gameSeparator(form: OutputForm): string {
  return form === 'json' ? ',' : '';
}

/** one game's text in an output form (nothing for the text report, which shows only the summary) */
export function gameText(form: OutputForm, head: RunHeader): (g: SimulatedGame) => string {
  switch (form) {
    case 'text':
      return () => '';
    case 'json':
      return (g) => JSON.stringify(g);
    case 'csv':
      return (g) => csvRow(head, g);
    case 'shard':
      return (g) => `${JSON.stringify(g)}\n`;
  }
}

export function reportSink(form: OutputForm, head: RunHeader, out: (text: string) => void, shard?: ShardPlace): ReportSink {
  const buf = new Buffered(out);
  const text = gameText(form, head);
  switch (form) {
    case 'text':
      return {
        game: () => {},
        games: () => {},
        end: (summary, _tally, gps) => {
          buf.write(formatReport({ ...head, summary }, gps));
          buf.flush();
        },
      };
    case 'json': {
      // JSON.stringify(report) with the games in the middle: the header object without its
      // closing brace, the records, then the summary
      const headJson = JSON.stringify(head);
      buf.write(`${headJson.slice(0, -1)},"games":[`);
      let first = true;
      const games = (t: string): void => {
        if (t === '') return;
        buf.write(first ? t : `,${t}`);
        first = false;
      };
      return {
        game: (g) => games(text(g)),
        games,
        end: (summary) => {
          buf.write(`],"summary":${JSON.stringify(summary)}}\n`);
          buf.flush();
        },
      };
    }
    case 'csv':
      buf.write(csvHeader(head));
      return {
        game: (g) => buf.write(text(g)),
        games: (t) => buf.write(t),
        end: () => buf.flush(),
      };
    case 'shard':
      if (shard === undefined) throw new Error('a shard output needs its place in the run');
      buf.write(shardHeaderLine(head, shard));
      return {
        game: (g) => buf.write(text(g)),
        games: (t) => buf.write(t),
        end: (_summary, tally) => {
          buf.write(shardTallyLine(tally));
          buf.flush();
        },
      };
  }
}
