// One SVG board for every game, drawn from its descriptor and a board string
// of the view: the grid, the pieces, highlights (selection, legal targets,
// the last move, a piece in check, the ending's squares), hint and review
// arrows; moves by clicking or by dragging. It knows no rules.
import { BoardLayout, CELL } from './board_layout';
import { drawGrid } from './board_grid';
import { svgEl as el } from './charts';
import type { BoardLook, PieceLook } from './descriptor';
import { drawPiece, lookOf, piecesOn } from './pieces';

export interface BoardView {
  look: BoardLook;
  pieces: PieceLook[];
  board: string;  // the position: a piece code or '.' for each of look.squares
  flipped: boolean;  // the diagram turned round (its bottom side at the top)
  selected: string | null;
  targets: string[];
  movable: string[];  // ringed: the pieces that can move (after a click on one that cannot)
  lastMove: string[];  // the last move's squares; a route of three or more is drawn
  check: string | null;
  arrow: string[] | null;  // a hint's squares
  arrowLabel: string | null;  // the hint's reason, shown beside its arrow
  arrowKind: string | null;
  bestArrow: string[] | null;  // a review's best move, the same way
  pendingPath: string[];  // the piece and the landing squares chosen so far
  outcomeLine: string[];  // the ending's squares (a line of three), a line drawn through them
  stars?: string[];  // a lesson's squares to visit, each drawn as a star
  refusedArrow?: string[] | null;  // a move the rules refuse, shown in a lesson (red)
}

export class Board {
  private svg: SVGSVGElement;
  private view: BoardView | null = null;
  private layout: BoardLayout | null = null;
  private drag: { from: string; ghost: SVGElement; moved: boolean } | null = null;

  constructor(private host: HTMLElement, private onSquare: (key: string, dragged: boolean) => void) {
    this.svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg') as SVGSVGElement;
    host.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
  }

  private centre(key: string): [number, number] { return this.layout!.centre(key); }

  // Where a square is on the screen (for tests and tools).
  clientCentre(key: string): [number, number] {
    const [x, y] = this.centre(key);
    const r = this.svg.getBoundingClientRect();
    const scale = r.width / this.svg.viewBox.baseVal.width;
    return [r.left + x * scale, r.top + y * scale];
  }

  private keyAtPoint(clientX: number, clientY: number): string | null {
    if (!this.layout) return null;
    const r = this.svg.getBoundingClientRect();
    const scale = this.svg.viewBox.baseVal.width / r.width;
    return this.layout.keyAtPoint((clientX - r.left) * scale, (clientY - r.top) * scale);
  }

  render(view: BoardView) {
    this.view = view;
    const layout = this.layout = new BoardLayout(view.look, view.flipped);
    const w = layout.width, h = layout.height;
    const svg = this.svg;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    // The board's shape lets the page size it to fit the window's height (a xiangqi board is taller than wide).
    this.host.parentElement?.style.setProperty('--board-aspect', (w / h).toFixed(4));
    svg.setAttribute('class', `board-svg style-${view.look.style}` + (view.look.numbered ? ' numbered' : ''));
    svg.replaceChildren();
    el('rect', { x: 0, y: 0, width: w, height: h, class: 'frame' }, svg);
    drawGrid(svg, layout);
    for (const key of view.lastMove) this.mark(key, 'last');
    if (view.check) this.mark(view.check, 'check');
    if (view.selected) this.mark(view.selected, 'selected');
    const pieces = piecesOn(view.board, view.look.squares.map((s) => s.key));
    for (const key of view.stars ?? []) this.drawStar(key);
    for (const [key, code] of pieces) drawPiece(svg, lookOf(view.pieces, code), code, key, ...this.centre(key));
    for (const key of view.movable) { const [cx, cy] = this.centre(key); el('circle', { cx, cy, r: CELL * 0.45, class: 'can-move' }, svg); }
    for (const key of view.targets) {
      const [cx, cy] = this.centre(key);
      const taken = pieces.has(key);
      el('circle', { cx, cy, r: taken ? CELL * 0.46 : CELL * 0.14, class: taken ? 'target capture' : 'target', 'data-key': key }, svg);
    }
    if (view.outcomeLine.length > 1) {
      const [x1, y1] = this.centre(view.outcomeLine[0]), [x2, y2] = this.centre(view.outcomeLine[view.outcomeLine.length - 1]);
      el('line', { x1, y1, x2, y2, class: 'win-line' }, svg);
    }
    if (view.lastMove.length > 2) this.drawPath(view.lastMove, 'last-path');
    if (view.pendingPath.length > 1) this.drawPath(view.pendingPath, 'pending-path');
    for (const key of view.pendingPath.slice(1)) this.mark(key, 'pending');
    if (view.bestArrow) this.drawArrow(view.bestArrow, 'best');
    if (view.arrow) this.drawArrow(view.arrow, 'hint');
    if (view.refusedArrow) this.drawArrow(view.refusedArrow, 'refused');
    this.drawBubble(view.arrow && view.arrowLabel ? view.arrow : null, view.arrowLabel, view.arrowKind);
    svg.dataset.board = view.board;
  }

  private mark(key: string, cls: string) {
    if (!this.layout?.has(key)) return;
    const [cx, cy] = this.centre(key);
    // On points a mark is a ring around the piece; a piece in check gets a wider one.
    if (this.view!.look.style === 'intersections') el('circle', { cx, cy, r: CELL * (cls === 'check' ? 0.52 : 0.48), class: 'mark ' + cls }, this.svg);
    else el('rect', { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, class: 'mark ' + cls }, this.svg);
  }

  // An arrow along a move's squares (a draughts capture bends at each landing square).
  private drawArrow(route: string[], kind: 'hint' | 'best' | 'refused') {
    const from = route[route.length - 2] ?? route[0], to = route[route.length - 1];
    const [x1, y1] = this.centre(from), [x2, y2] = this.centre(to);
    // A move that places a piece (one square) is shown as a square outline.
    if (from === to) { const r = CELL * 0.4; el('rect', { x: x2 - r, y: y2 - r, width: 2 * r, height: 2 * r, rx: 8, class: 'spot ' + kind, 'data-squares': to }, this.svg); return; }
    const defs = el('defs', {}, this.svg);
    const marker = el('marker', { id: 'arrowhead-' + kind, markerWidth: 4, markerHeight: 4, refX: 2.2, refY: 2, orient: 'auto' }, defs);
    el('path', { d: 'M0,0 L4,2 L0,4 z', class: 'arrow-head ' + kind }, marker);
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const points = [...route.slice(0, -1).map((k) => this.centre(k).join(',')), `${x2 - (dx / len) * 14},${y2 - (dy / len) * 14}`];
    el('polyline', { points: points.join(' '), class: 'arrow ' + kind, 'marker-end': `url(#arrowhead-${kind})`, 'data-squares': route.join(' ') }, this.svg);
  }

  // A five-pointed star on a square (under any piece there).
  private drawStar(key: string) {
    if (!this.layout?.has(key)) return;
    const [cx, cy] = this.centre(key);
    const points: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = CELL * (i % 2 === 0 ? 0.36 : 0.15), a = -Math.PI / 2 + (i * Math.PI) / 5;
      points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    el('polygon', { points: points.join(' '), class: 'goal-star', 'data-key': key }, this.svg);
  }

  // A route through its landing squares.
  private drawPath(keys: string[], cls: string) {
    const points = keys.map((k) => this.centre(k).join(',')).join(' ');
    el('polyline', { points, class: 'path ' + cls }, this.svg);
    for (const k of keys.slice(1, -1)) { const [cx, cy] = this.centre(k); el('circle', { cx, cy, r: 6, class: 'path-stop ' + cls }, this.svg); }
  }

  // The hint's reason in words, in a bubble beside the arrow (HTML, so
  // that it wraps).
  private drawBubble(arrow: string[] | null, label: string | null, kind: string | null) {
    this.host.querySelector('.hint-bubble')?.remove();
    if (!arrow || !label) return;
    const [x1, y1] = this.centre(arrow[arrow.length - 2] ?? arrow[0]), [x2, y2] = this.centre(arrow[arrow.length - 1]);
    const box = this.svg.viewBox.baseVal;
    const b = document.createElement('div');
    b.className = 'hint-bubble';
    b.textContent = label;
    if (kind) b.dataset.kind = kind;
    // Beyond the arrow's head, so that it hides neither the arrow nor the moving piece.
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const up = y2 - y1 < -1 || Math.abs(y2 - y1) <= 1;  // horizontal arrows get it above
    const ax = x2 + ((x2 - x1) / len) * CELL * 0.3, ay = y2 + (up ? -CELL * 0.5 : CELL * 0.5);
    b.style.top = `${Math.min(95, Math.max(5, (ay / box.height) * 100))}%`;
    b.classList.add(up ? 'above' : 'below');
    this.host.appendChild(b);
    // Centred beyond the head, but wholly on the board (near an edge it moves inwards rather than wrapping narrow).
    const hostWidth = this.host.clientWidth, half = b.offsetWidth / 2 + 4;
    b.style.left = `${Math.min(hostWidth - half, Math.max(half, (ax / box.width) * hostWidth))}px`;
  }

  private pointerDown(e: PointerEvent) {
    const key = this.keyAtPoint(e.clientX, e.clientY);
    if (!key) return;
    this.onSquare(key, false);
    // The board has been drawn again: take the new piece, and lift it above the others.
    const piece = this.svg.querySelector<SVGElement>(`g.piece[data-key="${CSS.escape(key)}"]`);
    if (piece && this.view && this.view.selected === key) {
      this.svg.appendChild(piece);
      this.drag = { from: key, ghost: piece, moved: false };
      this.svg.setPointerCapture(e.pointerId);
    }
  }

  private pointerMove(e: PointerEvent) {
    if (!this.drag) return;
    const r = this.svg.getBoundingClientRect();
    const scale = this.svg.viewBox.baseVal.width / r.width;
    const [cx, cy] = this.centre(this.drag.from);
    const dx = (e.clientX - r.left) * scale - cx, dy = (e.clientY - r.top) * scale - cy;
    if (Math.hypot(dx, dy) > 8) this.drag.moved = true;
    this.drag.ghost.setAttribute('transform', `translate(${dx} ${dy})`);
    this.drag.ghost.classList.add('dragging');
  }

  private pointerUp(e: PointerEvent) {
    if (!this.drag) return;
    const d = this.drag;
    this.drag = null;
    d.ghost.removeAttribute('transform');
    d.ghost.classList.remove('dragging');
    if (!d.moved) return;
    const key = this.keyAtPoint(e.clientX, e.clientY);
    if (key && key !== d.from) this.onSquare(key, true);
  }
}
