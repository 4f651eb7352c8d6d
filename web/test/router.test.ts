// The page each address shows.
import { expect, test } from 'vitest';
import { gamePath, routeOf } from '../src/router';

test('each page has its address', () => {
  expect(routeOf('/lobby')).toEqual({ page: 'lobby' });
  expect(routeOf('/games')).toEqual({ page: 'games' });
  expect(routeOf('/players')).toEqual({ page: 'players' });
  expect(routeOf('/player/42')).toEqual({ page: 'player', id: '42' });
  expect(routeOf('/join/ab12/cd34')).toEqual({ page: 'join', game: 'ab12', code: 'cd34' });
  expect(routeOf(gamePath('0f3a'))).toEqual({ page: 'game', id: '0f3a' });
});

test('any other address shows the game last opened', () => {
  expect(routeOf('/')).toEqual({ page: 'game', id: null });
  expect(routeOf('/player/bo')).toEqual({ page: 'game', id: null });
  expect(routeOf('/game/not-hex')).toEqual({ page: 'game', id: null });
  expect(routeOf('/join/ab12')).toEqual({ page: 'game', id: null });
});
