/**
 * The charts of a Simulations page as Vega-Lite specifications, rendered to SVG strings in Node
 * by Vega's headless SVG renderer (no browser, no chart JavaScript on the page).
 */
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** the figures a setting's charts are drawn from */
export interface ChartData {
  seats: { label: string; rate: number; lo: number; hi: number }[];
  /** rounds played -> games */
  lengths: { rounds: number; games: number }[];
  ends: { label: string; games: number }[];
  /** one point per seat and game */
  scores: { label: string; score: number }[];
  players: number;
}

export interface ChartWords {
  seat: string;
  winRate: string;
  rounds: string;
  games: string;
  score: string;
}

// the plot width; with axes the SVG is about 570 px, the width of the text column at 1280 px
const WIDTH = 500;
/** counts of games: whole numbers on the axis */
const COUNT_AXIS = { tickMinStep: 1, format: 'd' } as const;
const BLUE = '#4c78a8';

// aria: false — no ARIA text per bar and point (it doubles the SVG); the page gives each chart
// a caption and the figures as a table
const config = {
  aria: false,
  // the reader's sans-serif (with its CJK fallback): a long font list would repeat on every label
  font: 'sans-serif',
  axis: { labelFontSize: 12, titleFontSize: 12, labelLimit: 260 },
  view: { stroke: null },
} as const;

/** what every chart shares (the specs are checked by Vega-Lite's compiler when rendered) */
function base(height: number): Record<string, unknown> {
  return { width: WIDTH, height, config, background: 'white', padding: 8 };
}

export function winRateChart(d: ChartData, w: ChartWords): TopLevelSpec {
  const top = Math.min(1, Math.max(...d.seats.map((s) => s.hi), 1 / d.players) * 1.15);
  const seatAxis = { field: 'label', type: 'nominal', sort: null, title: w.seat, axis: { labelAngle: 0 } } as const;
  return {
    ...base(200),
    layer: [
      {
        data: { values: d.seats },
        mark: { type: 'bar', color: BLUE, width: { band: 0.6 } },
        encoding: { x: seatAxis, y: { field: 'rate', type: 'quantitative', title: w.winRate, axis: { format: '.0%' }, scale: { domain: [0, top] } } },
      },
      {
        data: { values: d.seats },
        mark: { type: 'errorbar', ticks: { width: 14 }, color: '#222', thickness: 1.5 },
        encoding: { x: seatAxis, y: { field: 'lo', type: 'quantitative', title: w.winRate }, y2: { field: 'hi' } },
      },
      {
        data: { values: [{ even: 1 / d.players }] },
        mark: { type: 'rule', strokeDash: [5, 4], color: '#888' },
        encoding: { y: { field: 'even', type: 'quantitative', title: w.winRate } },
      },
    ],
  } as TopLevelSpec;
}

/** bars per number of rounds while there are few of them; a binned histogram beyond */
const MAX_LENGTH_BARS = 30;

export function lengthChart(d: ChartData, w: ChartWords): TopLevelSpec {
  const x =
    d.lengths.length <= MAX_LENGTH_BARS
      ? { field: 'rounds', type: 'ordinal', title: w.rounds, axis: { labelAngle: 0 } }
      : { field: 'rounds', type: 'quantitative', bin: { maxbins: MAX_LENGTH_BARS }, title: w.rounds };
  return {
    ...base(160),
    data: { values: d.lengths },
    mark: { type: 'bar', color: BLUE },
    encoding: { x, y: { field: 'games', type: 'quantitative', aggregate: 'sum', title: w.games, axis: COUNT_AXIS } },
  } as TopLevelSpec;
}

export function endsChart(d: ChartData, w: ChartWords): TopLevelSpec {
  // the labels take the left part of the width; no axis title (the caption names the rules)
  return {
    ...base(Math.max(40, 28 * d.ends.length)),
    width: WIDTH - 260,
    // room on the left for labels wider than Vega's estimate of them (see LABEL_CHARS)
    padding: { left: 48, top: 8, right: 8, bottom: 8 },
    data: { values: d.ends },
    mark: { type: 'bar', color: BLUE },
    encoding: {
      y: { field: 'label', type: 'nominal', sort: '-x', title: null, axis: { labelLimit: 250 } },
      x: { field: 'games', type: 'quantitative', title: w.games, axis: COUNT_AXIS },
    },
  } as TopLevelSpec;
}

export function scoresChart(d: ChartData, w: ChartWords): TopLevelSpec {
  return {
    ...base(220),
    data: { values: d.scores },
    mark: { type: 'boxplot', extent: 1.5, size: 36, color: BLUE, median: { color: 'white' }, outliers: { size: 10, opacity: 0.5 } },
    encoding: {
      // the seats in seat order (the boxplot's aggregation would order them by first appearance)
      x: { field: 'label', type: 'nominal', sort: d.seats.map((s) => s.label), title: w.seat, axis: { labelAngle: 0 } },
      y: { field: 'score', type: 'quantitative', title: w.score },
    },
  } as TopLevelSpec;
}

/**
 * Smaller SVG for pages that inline dozens of charts: coordinates to 0.1 px (Vega writes up to 17
 * digits) and no attributes that only restate SVG's defaults or hide empty frames.
 */
export function compactSvg(svg: string): string {
  return svg
    .replace(/="([^"]*)"/g, (_m, v: string) => `="${v.replace(/(\d+\.\d)\d+/g, '$1')}"`)
    .replace(/ (opacity="1"|pointer-events="none"|aria-hidden="true")/g, '')
    .replace(/<path class="(background|foreground)"( d="[^"]*")?( display="none")?\/>/g, (m, _c, d: string | undefined, hidden: string | undefined) =>
      hidden || d === undefined || d === ' d=""' || d === ' d="M0,0h0v0h0Z"' ? '' : m,
    );
}

/**
 * Vega-Lite → Vega → SVG. Element ids (clip paths, gradients) are given `prefix`, so that many
 * charts inline on one page never share an id.
 */
export async function renderSvg(spec: TopLevelSpec, prefix: string): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    return compactSvg(svg)
      .replace(/\bid="([^"]+)"/g, (_m, id: string) => `id="${prefix}-${id}"`)
      .replace(/url\(#([^)]+)\)/g, (_m, id: string) => `url(#${prefix}-${id})`)
      .replace(/\n/g, ' ');
  } finally {
    view.finalize();
  }
}
