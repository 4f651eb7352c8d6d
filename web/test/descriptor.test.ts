// The games the server plays, as the page holds them: found by name, a
// variant by name ("" the first), and a game's title with its variant only
// when there is a choice.
import { expect, test } from 'vitest';
import { GameCatalog } from '../src/descriptor';
import { boardGame, variantLook } from './fixtures';

function twoVariants() {
  const g = boardGame();
  g.name = 'draughts';
  g.title = { en: 'Draughts', zh: '跳棋' };
  const russian = { ...variantLook(), name: 'russian', title: { en: 'Russian', zh: '俄罗斯' } };
  g.variants = [{ ...variantLook(), name: 'international', title: { en: 'International', zh: '国际' } }, russian];
  return g;
}

test('a catalog knows the games it was given, in their order, and no others', () => {
  const games = new GameCatalog([boardGame(), twoVariants()]);
  expect(games.all().map((g) => g.name)).toEqual(['board', 'draughts']);
  expect(games.named('draughts')?.variants).toHaveLength(2);
  expect(games.named('chess')).toBeUndefined();
  expect(new GameCatalog().all()).toEqual([]);  // another page's catalog holds its own
});

test('a variant by name, the first for none, nothing for an unknown one', () => {
  const games = new GameCatalog([twoVariants()]);
  expect(games.variantOf('draughts', 'russian')?.name).toBe('russian');
  expect(games.variantOf('draughts', '')?.name).toBe('international');
  expect(games.variantOf('draughts', 'brazilian')).toBeUndefined();
  expect(games.variantOf('chess', '')).toBeUndefined();
});

test('a title names the variant only where the game has a choice; an unknown game keeps its name', () => {
  const games = new GameCatalog();
  expect(games.title('draughts', 'russian')).toBe('draughts');
  games.load([boardGame(), twoVariants()]);
  expect(games.title('draughts', 'russian')).toBe('Draughts · Russian');
  expect(games.title('board', '')).toBe('Board');
});
