// The board under the pieces, in the style its descriptor names: squares
// (checkered or plain), or the lines between points (intersections, with a
// river and palaces where the game has them), and the labels on its edges.
import { BoardLayout, CELL } from './board_layout';
import { svgEl as el } from './charts';

export function drawGrid(svg: SVGSVGElement, layout: BoardLayout) {
  if (layout.look.style === 'intersections') drawLines(svg, layout);
  else drawSquares(svg, layout);
  drawLabels(svg, layout);
}

function drawSquares(svg: SVGSVGElement, layout: BoardLayout) {
  const { files, ranks, style, numbered } = layout.look;
  for (let y = 0; y < ranks; y++) for (let x = 0; x < files; x++) {
    const key = layout.keyAt(x, y);
    const [cx, cy] = layout.point(x, y);
    const rx = cx - CELL / 2, ry = cy - CELL / 2;
    // Checkered boards have a dark square at the bottom left of the diagram (a1, draughts' first dark square).
    const cls = style === 'checkered' ? ((x + y) % 2 === 0 ? 'sq dark' : 'sq light') : 'sq plain';
    el('rect', { x: rx, y: ry, width: CELL, height: CELL, class: cls + (key ? '' : ' off'), 'data-key': key ?? '' }, svg);
    // Draughts players name squares by number: written in the corner, unless the edges name them (algebraic).
    if (numbered && key && !layout.labelled) el('text', { x: rx + 3, y: ry + 12, class: 'sq-num' }, svg).textContent = key;
  }
}

function drawLines(svg: SVGSVGElement, layout: BoardLayout) {
  const { files, ranks, river, palaces } = layout.look;
  const p = (x: number, y: number) => layout.point(x, y);
  const line = (parent: Element, x1: number, y1: number, x2: number, y2: number) => {
    const [a, b] = p(x1, y1), [c, d] = p(x2, y2);
    el('line', { x1: a, y1: b, x2: c, y2: d }, parent);
  };
  const m = layout.margin;
  el('rect', { x: m, y: m, width: files * CELL, height: ranks * CELL, class: 'grid-wood' }, svg);
  const lines = el('g', { class: 'grid-lines' }, svg);
  for (let y = 0; y < ranks; y++) line(lines, 0, y, files - 1, y);
  for (let x = 0; x < files; x++) {
    // A river cuts the inner files; the edge files cross it.
    if (river && x > 0 && x < files - 1) {
      line(lines, x, 0, x, river.below_rank);
      line(lines, x, river.below_rank + 1, x, ranks - 1);
    } else line(lines, x, 0, x, ranks - 1);
  }
  for (const [x0, y0, x1, y1] of palaces ?? []) { line(lines, x0, y0, x1, y1); line(lines, x1, y0, x0, y1); }
  const [bx, by] = p(layout.flipped ? files - 1 : 0, layout.flipped ? 0 : ranks - 1);
  el('rect', { x: bx - 4, y: by - 4, width: (files - 1) * CELL + 8, height: (ranks - 1) * CELL + 8, class: 'grid-border' }, svg);
  if (river) {
    // The river's words read from the viewer's left to right, whichever way the board is turned.
    const g = el('g', { class: 'grid-river' }, svg);
    const [, ry] = p(0, river.below_rank + 0.5);
    river.text.forEach((words, i) => {
      const x = m + CELL / 2 + ((files - 1) * CELL * (2 * i + 1)) / (2 * river.text.length);
      el('text', { x, y: ry + 10 }, g).textContent = words;
    });
  }
}

// File labels on the edge of the side that reads them (a single list on the
// bottom edge, whichever way the board is turned); rank labels on the left.
function drawLabels(svg: SVGSVGElement, layout: BoardLayout) {
  const { files, ranks, file_labels, rank_labels } = layout.look;
  const layer = el('g', { class: 'coords' }, svg);
  const m = layout.margin;
  const lists = [0, 1].filter((i) => (file_labels[i] ?? []).length > 0);
  for (const i of lists) {
    const side = i === 0 ? 'first' : 'second';
    const bottom = lists.length === 1 || layout.bottomSide() === side;
    const y = bottom ? ranks * CELL + m + 16 : m - 6;
    file_labels[i].forEach((label, x) => {
      if (x >= files) return;
      el('text', { x: layout.point(x, 0)[0], y }, layer).textContent = label;
    });
  }
  rank_labels.forEach((label, y) => {
    if (y >= ranks) return;
    el('text', { x: m / 2, y: layout.point(0, y)[1] + 5 }, layer).textContent = label;
  });
}
