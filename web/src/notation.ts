// Moves in the notation the reader chose: the server writes every move in
// each of the game's notations (move.notations[id]); the descriptor lists
// them with their titles and the languages that read each one first.
import type { MoveText } from './api';
import type { VariantDescriptor } from './descriptor';

// The first notation read first in this language, else the game's first.
export function defaultNotation(v: VariantDescriptor | undefined, lang: string): string {
  if (!v || v.notations.length === 0) return '';
  return (v.notations.find((n) => n.first_in.includes(lang)) ?? v.notations[0]).id;
}

export function moveText(m: Pick<MoveText, 'display' | 'notations'>, notation: string): string {
  return m.notations?.[notation] ?? m.display;
}

// "8." before the first player's move of a pair, "8…" before the second's:
// how the move list numbers the move at index i (0 the first).
export function moveNumber(i: number): string {
  return `${Math.floor(i / 2) + 1}${i % 2 === 0 ? '.' : '…'}`;
}
