// The page each address shows.
import { expect, test } from 'vitest';
import { lessonPath, mapPath } from '../src/learn_paths';
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

test('the Learn section: the map, a game\'s courses, a step of the default variant or of another', () => {
  expect(routeOf(mapPath())).toEqual({ page: 'learn', game: null });
  expect(routeOf(mapPath('xiangqi'))).toEqual({ page: 'learn', game: 'xiangqi' });
  expect(routeOf(lessonPath('chess', '', 'rook-stars'))).toEqual({ page: 'lesson', game: 'chess', variant: '', step: 'rook-stars' });
  expect(routeOf(lessonPath('checkers', 'russian', 'flying-king'))).toEqual({ page: 'lesson', game: 'checkers', variant: 'russian', step: 'flying-king' });
  expect(routeOf('/learn/a/b/c/d')).toEqual({ page: 'game', id: null });
});
