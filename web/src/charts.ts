// Small inline-SVG charts: a line chart over time (rating history), stacked
// result bars, a results ring, and the evaluation graph of a review. Each
// returns an SVG element sized by its viewBox, so CSS decides the width.

const NS = 'http://www.w3.org/2000/svg';

export function svgEl(name: string, attrs: Record<string, string | number> = {}, parent?: Element): SVGElement {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

function text(parent: Element, x: number, y: number, content: string, cls: string, anchor = 'middle') {
  const t = svgEl('text', { x, y, class: cls, 'text-anchor': anchor }, parent);
  t.textContent = content;
  return t;
}

// Round "nice" tick steps: 1, 2, 5 times a power of ten.
function niceStep(range: number, ticks: number): number {
  const raw = range / Math.max(1, ticks);
  const p = Math.pow(10, Math.floor(Math.log10(raw || 1)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

export interface Series { label: string; cls: string; points: { x: number; y: number; title?: string }[] }

// A line chart of one or more series sharing the x axis (times in ms, or
// indices); points are drawn so that a single game still shows.
// `width` is the width it will be shown at, so that its text is drawn at its
// true size (13 px) on a phone as on a desktop.
export function lineChart(series: Series[], opts: { yFormat?: (y: number) => string; xFormat?: (x: number) => string; height?: number; yPad?: number; width?: number }): SVGSVGElement {
  const W = opts.width ?? 560, H = opts.height ?? 220, L = 48, R = 12, T = 12, B = 28;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart line-chart', role: 'img' }) as SVGSVGElement;
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return svg;
  let x0 = Math.min(...all.map((p) => p.x)), x1 = Math.max(...all.map((p) => p.x));
  let y0 = Math.min(...all.map((p) => p.y)), y1 = Math.max(...all.map((p) => p.y));
  const pad = opts.yPad ?? 20;
  y0 -= pad; y1 += pad;
  if (x1 === x0) { x0 -= 1; x1 += 1; }
  const step = niceStep(y1 - y0, 4);
  y0 = Math.floor(y0 / step) * step; y1 = Math.ceil(y1 / step) * step;
  const px = (x: number) => L + ((x - x0) / (x1 - x0)) * (W - L - R);
  const py = (y: number) => T + (1 - (y - y0) / (y1 - y0)) * (H - T - B);
  const grid = svgEl('g', { class: 'grid' }, svg);
  for (let y = y0; y <= y1 + 1e-9; y += step) {
    svgEl('line', { x1: L, x2: W - R, y1: py(y), y2: py(y) }, grid);
    text(svg, L - 6, py(y) + 4, opts.yFormat ? opts.yFormat(y) : String(Math.round(y)), 'axis', 'end');
  }
  if (opts.xFormat) {
    text(svg, L, H - 8, opts.xFormat(x0), 'axis', 'start');
    if (x1 !== x0) text(svg, W - R, H - 8, opts.xFormat(x1), 'axis', 'end');
  }
  for (const s of series) {
    if (s.points.length === 0) continue;
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    svgEl('polyline', { points: pts.map((p) => `${px(p.x)},${py(p.y)}`).join(' '), class: 'series ' + s.cls }, svg);
    for (const p of pts) {
      const dot = svgEl('circle', { cx: px(p.x), cy: py(p.y), r: 3.5, class: 'dot ' + s.cls }, svg);
      if (p.title) svgEl('title', {}, dot).textContent = p.title;
    }
  }
  return svg;
}

export interface Tally { label: string; wins: number; draws: number; losses: number }

// One horizontal bar per row, split into wins, draws and losses.
export function resultBars(rows: Tally[], words: { wins: string; draws: string; losses: string }, width = 560): SVGSVGElement {
  const W = width, rowH = 30, L = Math.min(140, Math.round(width * 0.32)), R = 12, T = 4, B = 24;
  const H = T + rows.length * rowH + B;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart bar-chart', role: 'img' }) as SVGSVGElement;
  const max = Math.max(1, ...rows.map((r) => r.wins + r.draws + r.losses));
  const scale = (W - L - R) / max;
  rows.forEach((r, i) => {
    const y = T + i * rowH;
    // A long label is cut to what fits left of the bars (about 7 px a letter, 13 px a Chinese character).
    let label = r.label;
    const room = (L - 12) / 7;
    if (Array.from(label).reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? 1.9 : 1), 0) > room) label = Array.from(label).slice(0, Math.max(3, Math.floor(room) - 1)).join('') + '…';
    const labelText = text(svg, L - 8, y + rowH / 2 + 4, label, 'axis', 'end');
    if (label !== r.label) svgEl('title', {}, labelText).textContent = r.label;
    let x = L;
    for (const [n, cls, word] of [[r.wins, 'win', words.wins], [r.draws, 'draw', words.draws], [r.losses, 'loss', words.losses]] as const) {
      if (n <= 0) continue;
      const rect = svgEl('rect', { x, y: y + 4, width: n * scale, height: rowH - 8, class: 'bar ' + cls }, svg);
      svgEl('title', {}, rect).textContent = `${word}: ${n}`;
      if (n * scale > 18) text(svg, x + (n * scale) / 2, y + rowH / 2 + 4, String(n), 'bar-label');
      x += n * scale;
    }
  });
  // Legend.
  let lx = L;
  for (const [cls, word] of [['win', words.wins], ['draw', words.draws], ['loss', words.losses]]) {
    svgEl('rect', { x: lx, y: H - 16, width: 12, height: 12, class: 'bar ' + cls }, svg);
    text(svg, lx + 16, H - 6, word, 'axis', 'start');
    lx += 28 + Array.from(word).reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? 12 : 7), 0);
  }
  return svg;
}

// A ring of wins, draws and losses with the total in the middle.
export function resultRing(t: Tally, centre: string): SVGSVGElement {
  const S = 160, r = 60, c = S / 2;
  const svg = svgEl('svg', { viewBox: `0 0 ${S} ${S}`, class: 'chart ring-chart', role: 'img' }) as SVGSVGElement;
  const total = t.wins + t.draws + t.losses;
  if (total === 0) svgEl('circle', { cx: c, cy: c, r, class: 'ring empty' }, svg);
  let start = -Math.PI / 2;
  for (const [n, cls] of [[t.wins, 'win'], [t.draws, 'draw'], [t.losses, 'loss']] as const) {
    if (n <= 0) continue;
    if (n === total) { svgEl('circle', { cx: c, cy: c, r, class: 'ring ' + cls }, svg); break; }
    const end = start + (n / total) * 2 * Math.PI;
    const large = end - start > Math.PI ? 1 : 0;
    const d = `M ${c + r * Math.cos(start)} ${c + r * Math.sin(start)} A ${r} ${r} 0 ${large} 1 ${c + r * Math.cos(end)} ${c + r * Math.sin(end)}`;
    svgEl('path', { d, class: 'ring ' + cls }, svg);
    start = end;
  }
  text(svg, c, c + 6, centre, 'ring-label');
  return svg;
}

export interface EvalPoint { ply: number; value: number | null; mate: boolean }

// The evaluation graph of a review: the first player's advantage in
// centipawns, clamped at ±clamp (a mate sits at the edge); the area below
// the line is the first player's. Clicking a point calls onPick with its ply.
export function evalGraph(points: EvalPoint[], current: number, onPick: (ply: number) => void, clamp = 1000): SVGSVGElement {
  const W = 600, H = 120, mid = H / 2;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart eval-graph', role: 'img', preserveAspectRatio: 'none' }) as SVGSVGElement;
  svgEl('rect', { x: 0, y: 0, width: W, height: H, class: 'eval-bg' }, svg);
  const n = Math.max(1, points.length - 1);
  const px = (ply: number) => (ply / n) * W;
  const py = (v: number) => mid - (Math.max(-clamp, Math.min(clamp, v)) / clamp) * (mid - 2);
  const known = points.filter((p) => p.value !== null) as (EvalPoint & { value: number })[];
  if (known.length > 0) {
    const line = known.map((p) => `${px(p.ply)},${py(p.value)}`).join(' ');
    // The first player's share of the height, filled from the bottom (as lichess draws it).
    svgEl('polygon', { points: `${px(known[0].ply)},${H} ${line} ${px(known[known.length - 1].ply)},${H}`, class: 'eval-area' }, svg);
    svgEl('polyline', { points: line, class: 'eval-line' }, svg);
  }
  svgEl('line', { x1: 0, x2: W, y1: mid, y2: mid, class: 'eval-mid' }, svg);
  if (current >= 0) svgEl('line', { x1: px(current), x2: px(current), y1: 0, y2: H, class: 'eval-cursor' }, svg);
  for (const p of known) {
    const dot = svgEl('circle', { cx: px(p.ply), cy: py(p.value), r: p.ply === current ? 4 : 2.5, class: 'eval-dot' + (p.mate ? ' mate' : '') + (p.ply === current ? ' current' : ''), 'data-ply': p.ply }, svg);
    dot.setAttribute('vector-effect', 'non-scaling-stroke');
  }
  // Wide invisible columns make every ply easy to hit, even on a phone.
  const colW = W / (n + 1);
  for (const p of points) {
    const hit = svgEl('rect', { x: px(p.ply) - colW / 2, y: 0, width: colW, height: H, class: 'eval-hit', 'data-ply': p.ply }, svg);
    hit.addEventListener('click', () => onPick(p.ply));
  }
  return svg;
}
