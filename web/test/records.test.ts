// The helpers around records: which game a tied identification opens, and
// the format a game's record is downloaded in.
import { expect, test } from 'vitest';
import { GameCatalog } from '../src/descriptor';
import { recordKind } from '../src/export';
import { Identity, gameOnTie } from '../src/record_identify';
import { boardGame } from './fixtures';

function identity(readings: Identity['readings']): Identity {
  return { game: null, variant: null, format: 'PGN', by: 'moves', sure: false, plies: 0, why: { en: '', zh: '' }, readings };
}

test('a tie keeps the game already chosen when it reads the record as far as the best', () => {
  const tie = identity([
    { game: 'chess', variant: '', plies: 12, whole: true },
    { game: 'xiangqi', variant: '', plies: 12, whole: true },
    { game: 'checkers', variant: '', plies: 3, whole: false },
  ]);
  expect(gameOnTie(tie, 'xiangqi')).toBe('xiangqi');
  expect(gameOnTie(tie, 'checkers')).toBe('chess');
  expect(gameOnTie(identity([]), 'chess')).toBeNull();
});

test('a reading of the whole record beats one that stops as far in', () => {
  const partial = identity([
    { game: 'chess', variant: '', plies: 8, whole: true },
    { game: 'checkers', variant: '', plies: 8, whole: false },
  ]);
  expect(gameOnTie(partial, 'checkers')).toBe('chess');
});

test('a record downloads in its variant\'s format, PGN for a game the page does not know', () => {
  expect(recordKind(new GameCatalog([boardGame()]).variantOf('board', ''))).toBe('PGN');
  const pdn = boardGame();
  pdn.variants[0].record.format = 'PDN';
  const games = new GameCatalog([pdn]);
  expect(recordKind(games.variantOf('board', ''))).toBe('PDN');
  expect(recordKind(games.variantOf('unknown', ''))).toBe('PGN');
});
