// Moves in the reader's notation, their numbers, and the board's edges.
import { beforeEach, expect, test } from 'vitest';
import { boardLookFor, defaultNotation, moveNumber, moveText, notationFor, rememberNotation } from '../src/notation';
import { move, variantLook } from './fixtures';

beforeEach(() => localStorage.clear());

test('a move is written in the chosen notation, else as the server displays it', () => {
  const m = move('g1-f3', { san: 'Nf3', uci: 'g1f3' });
  expect(moveText(m, 'san')).toBe('Nf3');
  expect(moveText(m, 'uci')).toBe('g1f3');
  expect(moveText(m, 'iccf')).toBe('g1-f3');
});

test('moves are numbered in pairs, the second of a pair with an ellipsis', () => {
  expect([0, 1, 2, 3, 14].map(moveNumber)).toEqual(['1.', '1…', '2.', '2…', '8.']);
});

test('each language reads its own notation first, else the game\'s first', () => {
  const v = variantLook();
  expect(defaultNotation(v, 'en')).toBe('numeric');
  expect(defaultNotation(v, 'zh')).toBe('letters');
  expect(defaultNotation(v, 'fr')).toBe('numeric');
  expect(defaultNotation(undefined, 'en')).toBe('');
});

test('the reader\'s choice is kept per game and variant, while the variant offers it', () => {
  const v = variantLook();
  rememberNotation('board', '', 'letters');
  expect(notationFor('board', '', v, 'en')).toBe('letters');
  expect(notationFor('board', 'other', v, 'en')).toBe('numeric');
  rememberNotation('board', '', 'gone');
  expect(notationFor('board', '', v, 'zh')).toBe('letters');
});

test('a notation with labels of its own writes them on the board\'s edges', () => {
  const v = variantLook();
  expect(boardLookFor(v, 'numeric')).toBe(v.board);
  const look = boardLookFor(v, 'letters');
  expect(look.file_labels).toEqual([['x', 'y'], []]);
  expect(look.rank_labels).toEqual(['I', 'II']);
  expect(look.squares).toBe(v.board.squares);
});
