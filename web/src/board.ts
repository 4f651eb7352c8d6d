// One SVG board for all four games: squares or intersections, pieces,
// coordinates, highlights (selection, legal targets, last move, check, hint
// arrow), moves by clicking or by dragging.
import { GameGeometry, Piece, chessGlyph, xiangqiGlyph } from './games';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 60;

export interface BoardView {
  geometry: GameGeometry;
  variant: string;
  fen: string;
  flipped: boolean;
  selected: string | null;
  targets: string[];
  mustCapture: string[];  // draughts: the pieces that have a compulsory capture
  lastMove: string[];
  check: string | null;
  arrow: string[] | null;  // a hint: from, then each landing square
  arrowLabel: string | null;  // the hint's reason, shown beside its arrow
  arrowKind: string | null;
  bestArrow: string[] | null;  // a review's best move, the same way
  lastPath: string[];  // the squares the last move went through (checkers captures)
  pendingPath: string[];  // the piece and the landing squares chosen so far
  darkFirst: boolean;  // English checkers: the first side plays the dark pieces
  lang: 'en' | 'zh';
  winLine?: string[];  // tic-tac-toe: the three squares of the winning line
}

function el(name: string, attrs: Record<string, string | number>, parent?: Element): SVGElement {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

export class Board {
  private svg: SVGSVGElement;
  private view: BoardView | null = null;
  private drag: { from: string; ghost: SVGElement; moved: boolean } | null = null;

  constructor(private host: HTMLElement, private onSquare: (key: string, dragged: boolean) => void) {
    this.svg = document.createElementNS(NS, 'svg') as SVGSVGElement;
    host.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
  }

  // Room around the board for the coordinates; draughts squares carry their numbers instead, so a thin frame.
  private margin() { return this.view?.geometry.name === 'checkers' ? CELL * 0.15 : CELL * 0.5; }

  // Centre of a square in SVG units.
  centre(key: string): [number, number] {
    const v = this.view!;
    let [x, y] = v.geometry.xyOf(key);
    if (v.flipped) { x = v.geometry.cols - 1 - x; y = v.geometry.rows - 1 - y; }
    const m = this.margin();
    return [m + x * CELL + CELL / 2, m + (v.geometry.rows - 1 - y) * CELL + CELL / 2];
  }

  // Where a square is on the screen (for tests and tools).
  clientCentre(key: string): [number, number] {
    const [x, y] = this.centre(key);
    const r = this.svg.getBoundingClientRect();
    const scale = r.width / this.svg.viewBox.baseVal.width;
    return [r.left + x * scale, r.top + y * scale];
  }

  private keyAtPoint(clientX: number, clientY: number): string | null {
    const v = this.view;
    if (!v) return null;
    const r = this.svg.getBoundingClientRect();
    const scale = this.svg.viewBox.baseVal.width / r.width;
    const px = (clientX - r.left) * scale - this.margin();
    const py = (clientY - r.top) * scale - this.margin();
    let x = Math.floor(px / CELL), y = v.geometry.rows - 1 - Math.floor(py / CELL);
    if (x < 0 || y < 0 || x >= v.geometry.cols || y >= v.geometry.rows) return null;
    if (v.flipped) { x = v.geometry.cols - 1 - x; y = v.geometry.rows - 1 - y; }
    return v.geometry.keyAt(x, y);
  }

  render(view: BoardView) {
    this.view = view;
    const g = view.geometry;
    const m = this.margin();
    const w = g.cols * CELL + 2 * m, h = g.rows * CELL + 2 * m;
    const svg = this.svg;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    // The board's shape lets the page size it to fit the window's height (xiangqi is taller than wide).
    this.host.parentElement?.style.setProperty('--board-aspect', (w / h).toFixed(4));
    svg.setAttribute('class', 'board-svg game-' + g.name);
    svg.replaceChildren();
    el('rect', { x: 0, y: 0, width: w, height: h, class: 'frame' }, svg);
    if (g.points) this.drawXiangqiGrid(); else this.drawSquares();
    this.drawCoordinates();
    for (const key of view.lastMove) this.mark(key, 'last');
    if (view.check) this.mark(view.check, 'check');
    if (view.selected) this.mark(view.selected, 'selected');
    const pieces = g.pieces(view.fen);
    for (const [key, p] of pieces) this.drawPiece(key, p, svg);
    for (const key of view.mustCapture) { const [cx, cy] = this.centre(key); el('circle', { cx, cy, r: CELL * 0.45, class: 'must-capture' }, svg); }
    for (const key of view.targets) {
      const [cx, cy] = this.centre(key);
      el('circle', { cx, cy, r: pieces.has(key) ? CELL * 0.46 : CELL * 0.14, class: pieces.has(key) ? 'target capture' : 'target', 'data-key': key }, svg);
    }
    if (view.winLine && view.winLine.length > 1) {
      const [x1, y1] = this.centre(view.winLine[0]), [x2, y2] = this.centre(view.winLine[view.winLine.length - 1]);
      el('line', { x1, y1, x2, y2, class: 'win-line' }, svg);
    }
    if (view.lastPath.length > 2) this.drawPath(view.lastPath, 'last-path');
    if (view.pendingPath.length > 1) this.drawPath(view.pendingPath, 'pending-path');
    for (const key of view.pendingPath.slice(1)) this.mark(key, 'pending');
    if (view.bestArrow) this.drawArrow(view.bestArrow, 'best');
    if (view.arrow) this.drawArrow(view.arrow, 'hint');
    this.drawBubble(view.arrow && view.arrowLabel ? view.arrow : null, view.arrowLabel, view.arrowKind);
    svg.dataset.fen = view.fen;
  }

  private mark(key: string, cls: string) {
    const [cx, cy] = this.centre(key);
    // On xiangqi's points a mark is a ring around the piece; a general in check gets a wider, red one.
    if (this.view!.geometry.points) el('circle', { cx, cy, r: CELL * (cls === 'check' ? 0.52 : 0.48), class: 'mark ' + cls }, this.svg);
    else el('rect', { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, class: 'mark ' + cls }, this.svg);
  }

  private drawSquares() {
    const v = this.view!, g = v.geometry;
    for (let y = 0; y < g.rows; y++) for (let x = 0; x < g.cols; x++) {
      const dark = (x + y) % 2 === 0;
      const key = g.keyAt(x, y);
      const sx = v.flipped ? g.cols - 1 - x : x, sy = v.flipped ? g.rows - 1 - y : y;
      const cls = g.name === 'tictactoe' ? 'sq ttt' : dark ? 'sq dark' : 'sq light';
      const rx = this.margin() + sx * CELL, ry = this.margin() + (g.rows - 1 - sy) * CELL;
      el('rect', { x: rx, y: ry, width: CELL, height: CELL, class: cls, 'data-key': key ?? '' }, this.svg);
      // Draughts players name squares by number: write it in the corner.
      if (g.name === 'checkers' && key) el('text', { x: rx + 3, y: ry + 12, class: 'sq-num' }, this.svg).textContent = key;
    }
  }

  private drawXiangqiGrid() {
    const m = this.margin(), svg = this.svg;
    const px = (x: number) => m + x * CELL + CELL / 2, py = (y: number) => m + y * CELL + CELL / 2;
    el('rect', { x: m, y: m, width: 9 * CELL, height: 10 * CELL, class: 'xq-wood' }, svg);
    const lines = el('g', { class: 'xq-lines' }, svg);
    for (let y = 0; y < 10; y++) el('line', { x1: px(0), y1: py(y), x2: px(8), y2: py(y) }, lines);
    for (let x = 0; x < 9; x++) {
      if (x === 0 || x === 8) el('line', { x1: px(x), y1: py(0), x2: px(x), y2: py(9) }, lines);
      else { el('line', { x1: px(x), y1: py(0), x2: px(x), y2: py(4) }, lines); el('line', { x1: px(x), y1: py(5), x2: px(x), y2: py(9) }, lines); }
    }
    for (const top of [0, 7]) {
      el('line', { x1: px(3), y1: py(top), x2: px(5), y2: py(top + 2) }, lines);
      el('line', { x1: px(5), y1: py(top), x2: px(3), y2: py(top + 2) }, lines);
    }
    el('rect', { x: px(0) - 4, y: py(0) - 4, width: 8 * CELL + 8, height: 9 * CELL + 8, class: 'xq-border' }, svg);
    const river = el('g', { class: 'xq-river' }, svg);
    const left = el('text', { x: px(2), y: py(4.5) + 10 }, river);
    left.textContent = '楚 河';
    const right = el('text', { x: px(6), y: py(4.5) + 10 }, river);
    right.textContent = '漢 界';
  }

  private drawCoordinates() {
    const v = this.view!, g = v.geometry, m = this.margin();
    const layer = el('g', { class: 'coords' }, this.svg);
    if (g.name === 'checkers') return;  // numbered squares instead
    for (let i = 0; i < g.cols; i++) {
      const x = v.flipped ? g.cols - 1 - i : i;
      let label: string;
      if (g.name === 'xiangqi') {
        // Red counts files 九..一 from its left; Black 1..9 from its own left.
        const red = '九八七六五四三二一'[x], black = String(x + 1);
        const bottomRed = !v.flipped;
        const b = el('text', { x: m + i * CELL + CELL / 2, y: g.rows * CELL + m + 16 }, layer);
        b.textContent = bottomRed ? red : black;
        const t = el('text', { x: m + i * CELL + CELL / 2, y: m - 6 }, layer);
        t.textContent = bottomRed ? black : red;
        continue;
      }
      label = 'abcdefghij'[x];
      const tx = el('text', { x: m + i * CELL + CELL / 2, y: g.rows * CELL + m + 16 }, layer);
      tx.textContent = label;
    }
    if (g.name === 'xiangqi') return;
    for (let j = 0; j < g.rows; j++) {
      const y = v.flipped ? j : g.rows - 1 - j;
      const ty = el('text', { x: m / 2, y: m + j * CELL + CELL / 2 + 5 }, layer);
      ty.textContent = String(y + 1);
    }
  }

  private drawPiece(key: string, p: Piece, parent: Element) {
    const v = this.view!;
    const [cx, cy] = this.centre(key);
    const g = el('g', { class: 'piece', 'data-key': key, 'data-piece': (p.side === 0 ? p.type.toUpperCase() : p.type) }, parent);
    const name = v.geometry.name;
    if (name === 'chess') {
      const t = el('text', { x: cx, y: cy + CELL * 0.3, class: 'chess-piece ' + (p.side === 0 ? 'white' : 'black') }, g);
      t.textContent = chessGlyph[p.type] ?? '?';
    } else if (name === 'xiangqi') {
      el('circle', { cx, cy, r: CELL * 0.44, class: 'xq-disc' }, g);
      el('circle', { cx, cy, r: CELL * 0.37, class: 'xq-ring ' + (p.side === 0 ? 'red' : 'black') }, g);
      const t = el('text', { x: cx, y: cy + CELL * 0.15, class: 'xq-char ' + (p.side === 0 ? 'red' : 'black') }, g);
      t.textContent = (xiangqiGlyph[p.type] ?? ['?', '?'])[p.side];
    } else if (name === 'checkers') {
      const dark = v.darkFirst ? p.side === 0 : p.side === 1;
      el('circle', { cx, cy, r: CELL * 0.4, class: 'man ' + (dark ? 'dark' : 'light') }, g);
      el('circle', { cx, cy, r: CELL * 0.28, class: 'man-rim ' + (dark ? 'dark' : 'light') }, g);
      if (p.king) { const t = el('text', { x: cx, y: cy + CELL * 0.12, class: 'crown ' + (dark ? 'dark' : 'light') }, g); t.textContent = '♛'; }
    } else {
      const t = el('text', { x: cx, y: cy + CELL * 0.25, class: 'ttt-mark ' + (p.side === 0 ? 'x' : 'o') }, g);
      t.textContent = p.side === 0 ? '×' : '○';
    }
  }

  // An arrow along a move's route (a draughts capture bends at each landing square).
  private drawArrow(route: string[], kind: 'hint' | 'best') {
    const from = route[route.length - 2] ?? route[0], to = route[route.length - 1];
    const [x1, y1] = this.centre(from), [x2, y2] = this.centre(to);
    // A move that places a piece (tic-tac-toe) is shown as a square outline.
    if (from === to) { const r = CELL * 0.4; el('rect', { x: x2 - r, y: y2 - r, width: 2 * r, height: 2 * r, rx: 8, class: 'spot ' + kind }, this.svg); return; }
    const defs = el('defs', {}, this.svg);
    const marker = el('marker', { id: 'arrowhead-' + kind, markerWidth: 4, markerHeight: 4, refX: 2.2, refY: 2, orient: 'auto' }, defs);
    el('path', { d: 'M0,0 L4,2 L0,4 z', class: 'arrow-head ' + kind }, marker);
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const points = [...route.slice(0, -1).map((k) => this.centre(k).join(',')), `${x2 - (dx / len) * 14},${y2 - (dy / len) * 14}`];
    el('polyline', { points: points.join(' '), class: 'arrow ' + kind, 'marker-end': `url(#arrowhead-${kind})` }, this.svg);
  }

  // A capture's route through its landing squares.
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
    const piece = this.svg.querySelector<SVGElement>(`g.piece[data-key="${key}"]`);
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
