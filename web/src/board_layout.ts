// Where each square of a board is drawn: the descriptor places every square
// by x (from the left) and y (from the bottom of the game's diagram); the page
// turns the diagram round when the side at its bottom is not the viewer's.
import type { Side } from './api';
import { BoardLook, otherSide } from './descriptor';

export const CELL = 60;

export class BoardLayout {
  private byKey = new Map<string, { x: number; y: number }>();
  private byCell = new Map<string, string>();
  readonly margin: number;
  readonly labelled: boolean;  // the edges name the files or ranks

  constructor(readonly look: BoardLook, readonly flipped: boolean) {
    for (const s of look.squares) { this.byKey.set(s.key, { x: s.x, y: s.y }); this.byCell.set(`${s.x},${s.y}`, s.key); }
    // Room around the board for its labels; a thin frame when it has none (numbered draughts squares).
    this.labelled = look.rank_labels.length > 0 || look.file_labels.some((l) => l.length > 0);
    this.margin = this.labelled ? CELL * 0.5 : CELL * 0.15;
  }

  get width() { return this.look.files * CELL + 2 * this.margin; }
  get height() { return this.look.ranks * CELL + 2 * this.margin; }

  // The side whose edge is at the bottom of the screen.
  bottomSide(): Side { return this.flipped ? otherSide(this.look.bottom_side) : this.look.bottom_side; }

  has(key: string) { return this.byKey.has(key); }
  keyAt(x: number, y: number): string | null { return this.byCell.get(`${x},${y}`) ?? null; }

  // Screen column (0 = left) and row (0 = top) of the diagram's cell (x, y).
  screen(x: number, y: number): [number, number] {
    const { files, ranks } = this.look;
    return this.flipped ? [files - 1 - x, y] : [x, ranks - 1 - y];
  }

  // The centre of cell (x, y) in SVG units; fractional cells lie between points.
  point(x: number, y: number): [number, number] {
    const [c, r] = this.screen(x, y);
    return [this.margin + c * CELL + CELL / 2, this.margin + r * CELL + CELL / 2];
  }

  centre(key: string): [number, number] {
    const cell = this.byKey.get(key);
    return cell ? this.point(cell.x, cell.y) : [0, 0];
  }

  // The square under a point in SVG units, or null off the board and between playable squares.
  keyAtPoint(px: number, py: number): string | null {
    const { files, ranks } = this.look;
    const c = Math.floor((px - this.margin) / CELL), r = Math.floor((py - this.margin) / CELL);
    if (c < 0 || r < 0 || c >= files || r >= ranks) return null;
    const [x, y] = this.flipped ? [files - 1 - c, r] : [c, ranks - 1 - r];
    return this.keyAt(x, y);
  }
}
