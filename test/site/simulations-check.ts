/// <reference lib="dom" />
/**
 * What the browser test checks on a game's Simulations page (one locale): the page has at least
 * one setting with all four charts, and the search agent's studies (the agent matrix, every seat
 * under search play with its chart and the first seat's edge); every chart is an SVG drawn at
 * build time (no script) with marks in it, a visible size, inside the content column, and labels
 * in the page's language.
 */
import type { Page } from 'playwright-core';

export interface SimChart {
  kind: string;
  width: number;
  height: number;
  marks: number;
  texts: string[];
  overflowRight: number;
  caption: string;
}

export async function simulationCharts(page: Page): Promise<SimChart[]> {
  return page.$$eval('.vp-doc figure.sim-chart', (figs) => {
    const doc = document.querySelector('.vp-doc')!.getBoundingClientRect();
    return figs.map((f) => {
      const svg = f.querySelector('svg');
      const r = svg?.getBoundingClientRect();
      return {
        kind: f.getAttribute('data-chart') ?? '',
        width: r?.width ?? 0,
        height: r?.height ?? 0,
        // bars, boxes, points and rules drawn from the data (not the axes)
        marks: svg ? svg.querySelectorAll('g.role-mark path, g.role-mark line').length : 0,
        texts: svg ? Array.from(svg.querySelectorAll('text'), (t) => t.textContent ?? '') : [],
        overflowRight: r ? r.right - doc.right : 0,
        caption: f.querySelector('figcaption')?.textContent ?? '',
      };
    });
  });
}

/** problems with one page's charts, as readable lines (none: it passed) */
export function chartProblems(url: string, charts: SimChart[], locale: 'en' | 'zh'): string[] {
  const bad: string[] = [];
  const kinds = new Set(charts.map((c) => c.kind));
  for (const k of ['winRate', 'scores', 'length', 'ends', 'searchWinRate']) if (!kinds.has(k)) bad.push(`${url}: no ${k} chart`);
  const seatWord = locale === 'zh' ? /^座位\d+$/ : /^Seat \d+$/;
  charts.forEach((c, i) => {
    const what = `${url}: chart ${i} (${c.kind})`;
    if (c.width < 200 || c.height < 60) bad.push(`${what}: drawn ${c.width.toFixed(0)}×${c.height.toFixed(0)} px`);
    if (c.marks < 1) bad.push(`${what}: no marks`);
    if (c.overflowRight > 1) bad.push(`${what}: ${c.overflowRight.toFixed(0)} px past the content column`);
    if (c.caption.trim() === '') bad.push(`${what}: no caption`);
    if ((c.kind === 'winRate' || c.kind === 'scores' || c.kind === 'searchWinRate') && !c.texts.some((t) => seatWord.test(t))) bad.push(`${what}: no seat label in ${locale}`);
    if (locale === 'zh' && !/[\u4e00-\u9fff]/.test(c.caption + c.texts.join(''))) bad.push(`${what}: no Chinese text`);
  });
  return bad;
}

/** the search studies' tables as the reader sees them: the matrix's rows, the seats' rows, the edge sentence */
export async function searchStudies(page: Page): Promise<{ matrixRows: string[][]; seatRows: number; edge: string; visible: boolean }> {
  return page.evaluate(() => {
    const rows = (sel: string) => Array.from(document.querySelectorAll(`.vp-doc table.${sel} tbody tr`));
    const edge = document.querySelector('.vp-doc p.sim-edge');
    const r = edge?.getBoundingClientRect();
    return {
      matrixRows: rows('sim-matrix').map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())),
      seatRows: rows('sim-seats').length,
      edge: edge?.textContent ?? '',
      visible: r !== undefined && r.width > 0 && r.height > 0,
    };
  });
}

/** problems with one page's search studies (none: it passed) */
export function searchProblems(url: string, s: Awaited<ReturnType<typeof searchStudies>>, locale: 'en' | 'zh'): string[] {
  const bad: string[] = [];
  if (s.matrixRows.length < 2) bad.push(`${url}: the agent matrix has ${s.matrixRows.length} rows`);
  for (const row of s.matrixRows) {
    if (row.length !== 5) bad.push(`${url}: a matrix row of ${row.length} cells: ${row.join(' | ')}`);
    else if (!/^\d+\.\d%$/.test(row[2]!) || !/^\d+\.\d% – \d+\.\d%$/.test(row[3]!) || !/^\d+\.\d\d×$/.test(row[4]!)) bad.push(`${url}: a matrix row without its figures: ${row.join(' | ')}`);
  }
  if (s.seatRows < 2) bad.push(`${url}: ${s.seatRows} seats under search play`);
  const edgeWords = locale === 'zh' ? /第一個座位相對平均份額/ : /first seat's edge over an even share/;
  if (!edgeWords.test(s.edge)) bad.push(`${url}: no first-seat edge sentence in ${locale}: '${s.edge.slice(0, 80)}'`);
  if (!s.visible) bad.push(`${url}: the first-seat edge is not shown`);
  return bad;
}
