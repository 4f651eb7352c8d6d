// The colours a piece is drawn in, from one source: the descriptor's piece
// colour names a palette here. A piece's side never chooses its colour (in
// English checkers the first side, Black, plays the dark men: side and colour
// cross); only a colour this table lacks falls back to its side's palette, so
// that a new game's pieces are still drawn. Each shape uses the parts it needs
// (pieces.ts): a figure's body and edge, a disc's ink, a man's body, rim and
// crown, a mark's ink.
import type { PieceLook } from './descriptor';

export interface Palette { body: string; edge: string; edgeWidth?: number; rim: string; ink: string; crown: string }

const palettes: Record<string, Palette> = {
  light: { body: '#f4efe4', edge: '#8a7a5a', rim: '#c8b89a', ink: '#5a4a2a', crown: '#b08020' },
  dark: { body: '#2a2a2a', edge: '#000', rim: '#555', ink: '#2a2a2a', crown: '#e0c060' },
  white: { body: '#fff', edge: '#222', rim: '#ccc', ink: '#222', crown: '#b08020' },
  black: { body: '#222', edge: '#111', edgeWidth: 0.8, rim: '#555', ink: '#222', crown: '#e0c060' },
  red: { body: '#c02020', edge: '#701010', rim: '#e07070', ink: '#c02020', crown: '#f0d060' },
  x: { body: '#3060c0', edge: '#204080', rim: '#80a0e0', ink: '#3060c0', crown: '#fff' },
  o: { body: '#c03030', edge: '#802020', rim: '#e08080', ink: '#c03030', crown: '#fff' },
};

// A side's palette for a colour the table lacks: the first side light, the second dark.
const bySide = { first: 'light', second: 'dark' } as const;

// The palette's name for this piece: its own colour's, else its side's.
export function paletteName(look: Pick<PieceLook, 'colour' | 'side'> | undefined): string {
  const colour = look?.colour ?? '';
  return colour in palettes ? colour : bySide[look?.side ?? 'first'];
}

// The palette as the CSS custom properties the piece's shapes are styled with.
export function paletteStyle(name: string): string {
  const p = palettes[name] ?? palettes.light;
  return `--body:${p.body};--edge:${p.edge};--edge-width:${p.edgeWidth ?? 1.3};--rim:${p.rim};--ink:${p.ink};--crown:${p.crown}`;
}
