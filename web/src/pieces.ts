// How a piece is drawn, from its look in the descriptor: a figure (a glyph:
// chess), a disc with its glyph (xiangqi's characters), a draughts man (its
// glyph a crown: a king) or a mark alone (tic-tac-toe), in the palette of
// its colour (piece_palette.ts), set on the piece itself: the side and colour
// classes name what it is, they colour nothing.
import { CELL } from './board_layout';
import { svgEl as el } from './charts';
import type { PieceLook } from './descriptor';
import { paletteName, paletteStyle } from './piece_palette';

// The pieces on a board string: the piece code of each square of the
// descriptor's list, in order ('.' empty).
export function piecesOn(board: string, keys: string[]): Map<string, string> {
  const out = new Map<string, string>();
  [...board].forEach((code, i) => { if (code !== '.' && i < keys.length) out.set(keys[i], code); });
  return out;
}

export function drawPiece(parent: Element, look: PieceLook | undefined, code: string, key: string, cx: number, cy: number): SVGElement {
  const shape = look?.shape ?? 'figure';
  const cls = ['piece', 'shape-' + shape, 'side-' + (look?.side ?? 'first'), 'colour-' + (look?.colour ?? 'none')].join(' ');
  const palette = paletteName(look);
  const g = el('g', { class: cls, 'data-key': key, 'data-piece': code, 'data-palette': palette, style: paletteStyle(palette) }, parent);
  const glyph = look?.glyph ?? code;
  const text = (dy: number, c: string) => { const t = el('text', { x: cx, y: cy + dy, class: c }, g); t.textContent = glyph; return t; };
  switch (shape) {
    case 'disc':
      el('circle', { cx, cy, r: CELL * 0.44, class: 'disc-base' }, g);
      el('circle', { cx, cy, r: CELL * 0.37, class: 'disc-ring' }, g);
      text(CELL * 0.15, 'disc-glyph');
      break;
    case 'man':
      el('circle', { cx, cy, r: CELL * 0.4, class: 'man-body' }, g);
      el('circle', { cx, cy, r: CELL * 0.28, class: 'man-rim' }, g);
      if (glyph) text(CELL * 0.12, 'man-crown');
      break;
    case 'mark':
      text(CELL * 0.25, 'mark-glyph');
      break;
    default:
      text(CELL * 0.3, 'figure-glyph');
  }
  return g;
}

// The look of the piece with this code.
export function lookOf(pieces: PieceLook[], code: string): PieceLook | undefined {
  return pieces.find((p) => p.code === code);
}
