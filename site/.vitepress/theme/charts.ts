/**
 * Mermaid charts stay legible on narrow screens: a chart is scaled down to the column's width
 * only to three quarters of its natural size (labels of 16 px stay 12 px); a wider chart scrolls
 * sideways in its box. The "Enlarge chart" button after each chart shows it at 1.5 times its
 * natural size (scrolling), and back. The natural width (the SVG's viewBox) goes into the CSS
 * variable --chart-w of each rendered chart; style.css does the rest.
 */
function measure(root: ParentNode): void {
  for (const svg of Array.from(root.querySelectorAll<SVGSVGElement>('.vp-doc .mermaid svg'))) {
    const w = svg.viewBox?.baseVal?.width ?? 0;
    if (w > 0 && svg.style.getPropertyValue('--chart-w') !== `${w}px`) svg.style.setProperty('--chart-w', `${w}px`);
  }
}

function onClick(e: MouseEvent): void {
  const button = (e.target as Element | null)?.closest?.('button.chart-zoom');
  if (!button) return;
  // the chart is the tools' previous sibling, or the one before its list of boxes (flow.ts's fence)
  let chart = button.closest('.chart-tools')?.previousElementSibling;
  if (chart?.classList.contains('chart-outline')) chart = chart.previousElementSibling;
  if (!chart?.classList.contains('mermaid')) return;
  const on = chart.classList.toggle('is-zoomed');
  button.setAttribute('aria-pressed', String(on));
}

/** start watching for rendered charts; returns the function that stops */
export function installChartSizing(): () => void {
  measure(document);
  // the plugin renders charts after the page mounts, and again on theme changes
  const observer = new MutationObserver(() => measure(document));
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('click', onClick);
  return () => {
    observer.disconnect();
    document.removeEventListener('click', onClick);
  };
}
