// The game page's state: whose seats the page holds, which way the board
// faces, which position is shown, and what a new view from the server changes.
import { describe, expect, test } from 'vitest';
import { GameCatalog } from '../src/descriptor';
import {
  GameState, actingSide, bottomSide, canMoveNow, closeGame, heldGame, mayRemove, mySides, newGameState, receiveView, reviewIsCurrent,
  showPly, shownPly,
} from '../src/game_state';
import { boardGame, gameView, move } from './fixtures';

const games = new GameCatalog([boardGame()]);

const threeMoves = [move('a1-a2'), move('b2-b1'), move('a2-b2')];

function holding(tokens: GameState['tokens'], changes = {}): GameState {
  const s = newGameState(games);
  s.tokens = tokens;
  receiveView(s, gameView(changes), 0);
  return s;
}

describe('seats', () => {
  test('the page plays the seats it holds tokens of, and watches without any', () => {
    expect(mySides(holding({}))).toEqual([]);
    expect(mySides(holding({ second: 't2' }))).toEqual(['second']);
    expect(mySides(holding({ first: 't1', second: 't2' }))).toEqual(['first', 'second']);
  });

  test('resigning acts for the side to move when held, else the page\'s own seat', () => {
    expect(actingSide(holding({ first: 't1', second: 't2' }, { side_to_move: 'second' }))).toBe('second');
    expect(actingSide(holding({ first: 't1' }, { side_to_move: 'second' }))).toBe('first');
    expect(actingSide(newGameState(games))).toBeUndefined();
  });

  test('a move may be made only on the page\'s turn, in a live game whose seats are taken', () => {
    expect(canMoveNow(holding({ first: 't1' }))).toBe(true);
    expect(canMoveNow(holding({ second: 't2' }))).toBe(false);
    expect(canMoveNow(holding({ first: 't1' }, { waiting_for_seat: true }))).toBe(false);
    const over = { verdict: 'draw' as const, winner: 'first' as const, termination: 'agreement', score: '½-½', reason: '' };
    expect(canMoveNow(holding({ first: 't1' }, { outcome: over }))).toBe(false);
  });

  test('an unrated game the page plays in may be removed; a rated one, or one it watches, not', () => {
    expect(mayRemove(holding({ first: 't1' }, { rated: false }))).toBe(true);
    expect(mayRemove(holding({ first: 't1' }, { rated: true }))).toBe(false);
    expect(mayRemove(holding({}, { rated: false }))).toBe(false);
  });

  test('presence is kept for the held seats of a live game', () => {
    expect(heldGame(holding({ first: 't1' }))).toEqual({ id: 'g1', live: true, tokens: ['t1'] });
    expect(heldGame(newGameState(games))).toBeNull();
  });
});

describe('the board\'s side', () => {
  // The fixture's diagram has the second side at the bottom.
  test('a game opens with the page\'s own seat at the bottom', () => {
    expect(bottomSide(holding({ first: 't1' }))).toBe('first');
    expect(bottomSide(holding({ second: 't2' }))).toBe('second');
  });

  test('between two people at one screen, or watching, the first mover is at the bottom', () => {
    expect(bottomSide(holding({ first: 't1', second: 't2' }))).toBe('first');
    expect(bottomSide(holding({}))).toBe('first');
  });

  test('flipping turns it round', () => {
    const s = holding({ first: 't1' });
    s.flipped = !s.flipped;
    expect(bottomSide(s)).toBe('second');
  });
});

describe('the position shown', () => {
  test('is the live one until an earlier one is asked for', () => {
    const s = holding({ first: 't1' }, { moves: threeMoves });
    expect(shownPly(s)).toBe(2);
    showPly(s, 0);
    expect(s.viewPly).toBe(0);
    expect(shownPly(s)).toBe(0);
  });

  test('goes no earlier than the start, and the last move\'s is the live one', () => {
    const s = holding({ first: 't1' }, { moves: threeMoves });
    showPly(s, -5);
    expect(s.viewPly).toBe(-1);
    showPly(s, 2);
    expect(s.viewPly).toBeNull();
    showPly(s, 9);
    expect(s.viewPly).toBeNull();
  });

  test('asking for another clears the selection', () => {
    const s = holding({ first: 't1' }, { moves: threeMoves });
    s.selection = { from: 'a1', landings: [] };
    s.ringed = ['a1'];
    showPly(s, 1);
    expect(s.selection.from).toBeNull();
    expect(s.ringed).toEqual([]);
  });
});

describe('a view from the server', () => {
  test('of another game opens it afresh: live position, no hint, no selection, its own side at the bottom', () => {
    const s = holding({ second: 't2' }, { moves: threeMoves });
    s.viewPly = 0;
    s.flipped = false;
    s.selection = { from: 'b1', landings: [] };
    const arrival = receiveView(s, gameView({ id: 'g2' }), 5);
    expect(arrival?.first).toBe(true);
    expect(s.viewPly).toBeNull();
    expect(s.selection.from).toBeNull();
    expect(s.receivedAt).toBe(5);
    expect(bottomSide(s)).toBe('second');
  });

  test('older than the one shown is dropped', () => {
    const s = holding({ first: 't1' }, { version: 4 });
    expect(receiveView(s, gameView({ version: 3, moves: threeMoves }), 1)).toBeNull();
    expect(s.view?.version).toBe(4);
  });

  test('with a move made keeps the position the reader chose, but not the selection', () => {
    const s = holding({ first: 't1' }, { version: 1, moves: threeMoves.slice(0, 2) });
    s.viewPly = 0;
    s.selection = { from: 'a2', landings: [] };
    const arrival = receiveView(s, gameView({ version: 2, moves: threeMoves }), 1);
    expect(arrival).toMatchObject({ first: false, moved: true });
    expect(s.viewPly).toBe(0);
    expect(s.selection.from).toBeNull();
  });

  test('brings a draw offer\'s answer once, and none with the game first opened', () => {
    const answer = { by: 'second' as const, accepted: false, engine: false, ply: 2 };
    const answered = (version: number) => gameView({ version, draw_offer: { ...gameView().draw_offer, answer } });
    const s = newGameState(games);
    expect(receiveView(s, answered(1), 0)?.drawAnswer).toBeNull();
    const fresh = holding({ first: 't1' });
    expect(receiveView(fresh, answered(2), 0)?.drawAnswer).toEqual(answer);
    expect(receiveView(fresh, answered(3), 0)?.drawAnswer).toBeNull();
  });

  test('says when the rematch was made', () => {
    const s = holding({ first: 't1' });
    expect(receiveView(s, gameView({ version: 2, rematch: { offered_by: 'first' } }), 0)?.rematchMade).toBe(false);
    expect(receiveView(s, gameView({ version: 3, rematch: { game: 'g9' } }), 0)?.rematchMade).toBe(true);
  });

  test('of another game drops the review of the last one', () => {
    const s = holding({ first: 't1' }, { moves: threeMoves });
    s.review = { id: 'g1', plies: 3, data: { plies: [] } };
    s.reviewOpen = true;
    expect(reviewIsCurrent(s)).toBe(true);
    receiveView(s, gameView({ version: 2, moves: [...threeMoves, move('b1-a1')] }), 0);
    expect(reviewIsCurrent(s)).toBe(false);
    expect(s.reviewOpen).toBe(true);
    receiveView(s, gameView({ id: 'g2' }), 0);
    expect(s.review).toBeNull();
    expect(s.reviewOpen).toBe(false);
  });
});

test('a game closed leaves nothing shown and no seats held', () => {
  const s = holding({ first: 't1' });
  closeGame(s);
  expect(s.view).toBeNull();
  expect(mySides(s)).toEqual([]);
});
