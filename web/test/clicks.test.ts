// What a click means, from the legal moves' squares alone.
import { describe, expect, test } from 'vitest';
import { Selection, click, movable, targets } from '../src/clicks';
import { move } from './fixtures';

const nothing: Selection = { from: null, landings: [] };
const from = (square: string, landings: string[] = []): Selection => ({ from: square, landings });
const ownPieceOn = (...keys: string[]) => (key: string) => keys.includes(key);

describe('a first click', () => {
  const moves = [move('e2-e4'), move('e2-e3'), move('g1-f3')];

  test('on a piece with moves selects it', () => {
    expect(click(moves, nothing, 'e2', false, ownPieceOn('e2'))).toEqual({ kind: 'select', square: 'e2' });
  });

  test('on an own piece without moves is blocked, and on anything else ignored', () => {
    expect(click(moves, nothing, 'd1', false, ownPieceOn('d1'))).toEqual({ kind: 'blocked', square: 'd1' });
    expect(click(moves, nothing, 'e7', false, ownPieceOn('e2'))).toEqual({ kind: 'ignore' });
  });

  test('where pieces are placed, plays the placement or asks the server about an empty-handed square', () => {
    const placements = [move('a1'), move('b2')];
    expect(click(placements, nothing, 'b2', false, ownPieceOn())).toEqual({ kind: 'play', moves: [placements[1]] });
    expect(click(placements, nothing, 'c3', false, ownPieceOn())).toEqual({ kind: 'explain', squares: ['c3'] });
  });
});

describe('a click after a selection', () => {
  const moves = [move('e2-e4'), move('e2-e3'), move('d2-d4')];

  test('on the same square deselects, unless it ends a drag there', () => {
    expect(click(moves, from('e2'), 'e2', false, ownPieceOn('e2'))).toEqual({ kind: 'deselect' });
    expect(click(moves, from('e2'), 'e2', true, ownPieceOn('e2'))).toEqual({ kind: 'ignore' });
  });

  test('on a target plays the move', () => {
    expect(click(moves, from('e2'), 'e4', false, ownPieceOn('e2', 'd2'))).toEqual({ kind: 'play', moves: [moves[0]] });
  });

  test('on another own piece selects that one instead', () => {
    expect(click(moves, from('e2'), 'd2', false, ownPieceOn('e2', 'd2'))).toEqual({ kind: 'select', square: 'd2' });
  });

  test('on a square no move reaches sends the clicks to the server to explain', () => {
    expect(click(moves, from('e2'), 'e5', false, ownPieceOn('e2'))).toEqual({ kind: 'explain', squares: ['e2', 'e5'] });
  });

  test('offers a choice between moves sharing the squares (a promotion)', () => {
    const promotions = [move('a7-a8', {}, 'Q'), move('a7-a8', {}, 'N')];
    expect(click(promotions, from('a7'), 'a8', false, ownPieceOn('a7'))).toEqual({ kind: 'play', moves: promotions });
  });
});

describe('a capture of several landings', () => {
  const long = move('c3-e5-g3');
  const short = move('c3-e5');
  const other = move('c3-a5-c7');

  test('goes on from a landing where no route ends', () => {
    expect(click([long, other], from('c3'), 'e5', false, ownPieceOn('c3'))).toEqual({ kind: 'extend', landings: ['e5'] });
  });

  test('plays the route ending at the square clicked last', () => {
    expect(click([long], from('c3', ['e5']), 'g3', false, ownPieceOn('c3'))).toEqual({ kind: 'play', moves: [long] });
  });

  test('may skip the landings in between', () => {
    expect(click([long, other], from('c3'), 'g3', false, ownPieceOn('c3'))).toEqual({ kind: 'play', moves: [long] });
  });

  test('where one route ends and another goes on, chooses between them', () => {
    expect(click([short, long], from('c3'), 'e5', false, ownPieceOn('c3'))).toEqual({ kind: 'play', moves: [short, long] });
  });
});

test('the targets are each open move\'s next square, once each', () => {
  const moves = [move('c3-e5-g3'), move('c3-e5-c7'), move('c3-a5'), move('d2-d4')];
  expect(targets(moves, from('c3'))).toEqual(['e5', 'a5']);
  expect(targets(moves, from('c3', ['e5']))).toEqual(['g3', 'c7']);
  expect(targets(moves, nothing)).toEqual([]);
});

test('the movable pieces are the starts of moves, placements aside', () => {
  expect(movable([move('e2-e4'), move('e2-e3'), move('g1-f3'), move('b2')])).toEqual(['e2', 'g1']);
});
