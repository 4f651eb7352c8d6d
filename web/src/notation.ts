// Moves in the notation the reader chose: the server writes every move in
// each of the game's notations (move.notations[id]); the descriptor lists
// them with their titles and the languages that read each one first.
import type { MoveText } from './api';
import type { BoardLook, VariantDescriptor } from './descriptor';

// The first notation read first in this language, else the game's first.
export function defaultNotation(v: VariantDescriptor | undefined, lang: string): string {
  if (!v || v.notations.length === 0) return '';
  return (v.notations.find((n) => n.first_in.includes(lang)) ?? v.notations[0]).id;
}

// The reader's choice is kept for each game and variant (their notations
// differ: Russian draughts has an algebraic one, English checkers not).
const choiceKey = (game: string, variant: string) => `qi.notation.${game}/${variant}`;

export function rememberNotation(game: string, variant: string, id: string) {
  localStorage.setItem(choiceKey(game, variant), id);
}

// The notation chosen before for this game and variant, while it offers
// it; else the language's default.
export function notationFor(game: string, variant: string, v: VariantDescriptor | undefined, lang: string): string {
  const chosen = localStorage.getItem(choiceKey(game, variant));
  if (chosen && v?.notations.some((n) => n.id === chosen)) return chosen;
  return defaultNotation(v, lang);
}

export function moveText(m: Pick<MoveText, 'display' | 'notations'>, notation: string): string {
  return m.notations?.[notation] ?? m.display;
}

// "8." before the first player's move of a pair, "8…" before the second's:
// how the move list numbers the move at index i (0 the first).
export function moveNumber(i: number): string {
  return `${Math.floor(i / 2) + 1}${i % 2 === 0 ? '.' : '…'}`;
}

// The board as the chosen notation names its squares: a notation with labels
// of its own (draughts' algebraic) writes them on the edges, and the squares'
// numbers give way to them (board_grid.ts), so that the board reads as the
// moves are written.
export function boardLookFor(v: VariantDescriptor, notation: string): BoardLook {
  const labels = v.notations.find((n) => n.id === notation)?.labels;
  if (!labels) return v.board;
  return { ...v.board, file_labels: [labels.files, []], rank_labels: labels.ranks };
}
