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

export function reportSink(form: OutputForm, head: RunHeader, out: (text: string) => void, shard?: ShardPlace): ReportSink {
  const buf = new Buffered(out);
  switch (form) {
    case 'text':
      return {
        game: () => {},
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
      return {
        game: (g) => {
          buf.write(first ? JSON.stringify(g) : `,${JSON.stringify(g)}`);
          first = false;
        },
        end: (summary) => {
          buf.write(`],"summary":${JSON.stringify(summary)}}\n`);
          buf.flush();
        },
      };
    }
    case 'csv':
      buf.write(csvHeader(head));
      return {
        game: (g) => buf.write(csvRow(head, g)),
        end: () => buf.flush(),
      };
    case 'shard':
      if (shard === undefined) throw new Error('a shard output needs its place in the run');
      buf.write(shardHeaderLine(head, shard));
      return {
        game: (g) => buf.write(`${JSON.stringify(g)}\n`),
        end: (_summary, tally) => {
          buf.write(shardTallyLine(tally));
          buf.flush();
        },
      };
  }
}
