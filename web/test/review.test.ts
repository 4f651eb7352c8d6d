// A review as the page shows it: the server's evaluations and marks, read
// and worded, never judged again.
import { expect, test } from 'vitest';
import type { ReviewPly } from '../src/api';
import { CLAMP_CP, evalPoint, explainMove, judgement, reviewText, scoreText } from '../src/review';
import { move } from './fixtures';

const ply = (n: number, more: Partial<ReviewPly> = {}): ReviewPly => ({ ply: n, fen: '', move: null, display: null, ...more });

test('scores read from the first player\'s side, in pawns or moves to mate', () => {
  expect(scoreText(ply(0, { score: { cp: 35 } }))).toBe('+0.35');
  expect(scoreText(ply(0, { score: { cp: -120 } }))).toBe('−1.20');
  expect(scoreText(ply(0, { score: { cp: 0 } }))).toBe('0.00');
  expect(scoreText(ply(0, { score: { mate: 3 } }))).toBe('#3');
  expect(scoreText(ply(0, { score: { mate: -2 } }))).toBe('#−2');
  expect(scoreText(ply(0))).toBe('');
});

test('the graph clamps mates to its edge, and a mate on the board to the winner\'s', () => {
  expect(evalPoint(ply(4, { score: { cp: 80 } }), 0)).toEqual({ ply: 4, value: 80, mate: false });
  expect(evalPoint(ply(5, { score: { mate: -1 } }), 0)).toEqual({ ply: 5, value: -CLAMP_CP, mate: true });
  expect(evalPoint(ply(6, { score: { mate: 0 }, win: 0, loss: 1 }), 0).value).toBe(-CLAMP_CP);
  expect(evalPoint(ply(6, { score: { mate: 0 }, win: 1, loss: 0 }), 0).value).toBe(CLAMP_CP);
  expect(evalPoint(ply(7), 0).value).toBeNull();
});

test('a move\'s judgement is the server\'s mark, whatever the scores around it', () => {
  // A fall of four pawns, marked nothing by the server (a book move, say): no judgement.
  const plies = [ply(0, { score: { cp: 400 }, win: 0.9, draw: 0.1, loss: 0 }), ply(1, { score: { cp: 0 }, win: 0.1, draw: 0.8, loss: 0.1, mark: null })];
  expect(judgement(plies, 1)).toBeNull();
  // No mark at all is no judgement either: the page keeps no thresholds of its own.
  const unmarked = [plies[0], ply(1, { score: { cp: -400 }, win: 0, draw: 0.1, loss: 0.9 })];
  expect(judgement(unmarked, 1)).toBeNull();
  expect(judgement([ply(0), ply(1, { mark: '??' })], 1)).toBe('blunder');
  expect(judgement([ply(0), ply(1, { mark: '?' })], 1)).toBe('mistake');
  expect(judgement([ply(0), ply(1, { mark: '?!' })], 1)).toBe('inaccuracy');
  expect(judgement([ply(0), ply(1, { mark: '!!' })], 1)).toBeNull();
  expect(judgement([ply(0)], 3)).toBeNull();
});

test('a move is explained by its own entry: the move played, the better one and the mark', () => {
  const played = move('e7-e5', { san: 'e5' }), better = move('g8-f6', { san: 'Nf6' });
  const plies = [ply(0), ply(1, { played, better, mark: '?' }), ply(2, { played: move('d2-d4'), better: null, mark: null })];
  expect(explainMove(plies, 0)).toBeNull();
  expect(explainMove(plies, 1)).toEqual({ played, better, judgement: 'mistake' });
  expect(explainMove(plies, 2)).toEqual({ played: plies[2].played, better: null, judgement: null });
  expect(explainMove(plies, 3)).toBeNull();
});

test('the review\'s line names the evaluation, the move with its mark, and the best move', () => {
  const plies = [ply(0, { score: { cp: 20 } }), ply(1, { score: { cp: -90 }, played: move('e2-e4', { san: 'e4' }), better: move('d2-d4', { san: 'd4' }), mark: '?!' })];
  expect(reviewText(plies, 1, 'san')).toBe('Evaluation: −0.90 · Played: 1. e4 ?! (Inaccuracy) · Best: d4');
  expect(reviewText(plies, 0, 'san')).toBe('Evaluation: +0.20');
  expect(reviewText(plies, 5, 'san')).toBe('');
});
