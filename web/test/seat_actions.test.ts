// What the page offers the seats it holds, read from the server's view:
// draw offers, takebacks and leaving. The server decides every rule.
import { describe, expect, test } from 'vitest';
import { answerKey, mayOffer, offerNote, offeredSide, offeringSide, offerRefusal } from '../src/draw_offer';
import { leaveOptions, opponentGone } from '../src/leave';
import { mayRedo, takebackAnswerKey, takebackBanner, undoPlan, undoState } from '../src/takeback';
import { gameView } from './fixtures';

const over = { verdict: 'win' as const, winner: 'first' as const, termination: 'resignation', score: '1-0', reason: '' };

describe('draw offers', () => {
  test('may be made as the server says, with its refusal in words', () => {
    const words = { en: 'Not yet', zh: '还不行' };
    const v = gameView({ draw_offer: { ...gameView().draw_offer, may_offer: { first: false, second: true }, offer_refusal: { first: { code: 'too_soon', words }, second: null } } });
    expect(mayOffer(v, 'first')).toBe(false);
    expect(mayOffer(v, 'second')).toBe(true);
    expect(offerRefusal(v, 'first')).toEqual(words);
    expect(offerRefusal(v, 'second')).toBeUndefined();
  });

  test('are made by the page\'s seat, or at one screen by the side to move', () => {
    const v = gameView({ side_to_move: 'second' });
    expect(offeringSide(v, ['first'])).toBe('first');
    expect(offeringSide(v, ['first', 'second'])).toBe('second');
    expect(offeringSide(v, [])).toBeUndefined();
  });

  test('are answered by the seat offered, when the page holds it', () => {
    const v = gameView({ draw_offer: { ...gameView().draw_offer, pending: 'first' } });
    expect(offeredSide(v, ['second'])).toBe('second');
    expect(offeredSide(v, ['first'])).toBeUndefined();
    expect(offeredSide(gameView({ ...v, outcome: over }), ['second'])).toBeUndefined();
  });

  test('are noted while held, then while pending, and not once the game is over', () => {
    const base = gameView().draw_offer;
    expect(offerNote(gameView({ draw_offer: { ...base, held: { first: true, second: false } } }), ['first'])).toEqual({ kind: 'held', side: 'first' });
    expect(offerNote(gameView({ draw_offer: { ...base, pending: 'first' } }), ['first'])).toEqual({ kind: 'pending', side: 'first' });
    expect(offerNote(gameView({ draw_offer: { ...base, pending: 'first' } }), ['first', 'second'])).toBeNull();
    expect(offerNote(gameView({ draw_offer: { ...base, pending: 'first' }, outcome: over }), ['first'])).toBeNull();
  });

  test('have an answer key that changes with each answer', () => {
    const answer = { by: 'second' as const, accepted: false, engine: true, ply: 6 };
    expect(answerKey(gameView())).toBe('');
    const a = answerKey(gameView({ draw_offer: { ...gameView().draw_offer, answer } }));
    const b = answerKey(gameView({ draw_offer: { ...gameView().draw_offer, answer: { ...answer, ply: 8 } } }));
    expect(a).not.toBe('');
    expect(a).not.toBe(b);
  });
});

describe('takebacks', () => {
  const consent = { allowed: true, needs_consent: true };

  test('at one screen, the player who moved last takes back at once for both', () => {
    expect(undoPlan(gameView({ side_to_move: 'first' }), ['first', 'second'])).toEqual({ kind: 'undo', side: 'second', other: 'first' });
  });

  test('against a person elsewhere, are proposed; against the engine, undone', () => {
    expect(undoPlan(gameView({ undo: { first: consent, second: consent } }), ['first'])).toEqual({ kind: 'propose', side: 'first' });
    expect(undoPlan(gameView(), ['first'])).toEqual({ kind: 'undo', side: 'first' });
    expect(undoPlan(gameView(), [])).toBeNull();
  });

  test('say why not, except that there is nothing to take back', () => {
    const words = { en: 'Rated games allow no undo', zh: '等级赛不能悔棋' };
    const refused = gameView({ undo: { first: { allowed: false, code: 'rated', words, needs_consent: false }, second: gameView().undo.second } });
    expect(undoState(refused, { kind: 'undo', side: 'first' })).toEqual({ enabled: false, why: words.en });
    expect(undoState(gameView(), { kind: 'undo', side: 'first' })).toEqual({ enabled: false, why: '' });
    expect(undoState(gameView(), null)).toEqual({ enabled: false, why: '' });
  });

  test('redo only against the engine or at one screen', () => {
    expect(mayRedo(gameView({ can_redo: true }), ['first'])).toBe(true);
    expect(mayRedo(gameView({ can_redo: true, undo: { first: consent, second: consent } }), ['first'])).toBe(false);
    expect(mayRedo(gameView({ can_redo: true, undo: { first: consent, second: consent } }), ['first', 'second'])).toBe(true);
    expect(mayRedo(gameView({ can_redo: false }), ['first', 'second'])).toBe(false);
  });

  test('show a banner to the seat proposed to, and one to the proposer', () => {
    const proposed = gameView({ takeback: { ...gameView().takeback, proposed_by: 'second' } });
    expect(takebackBanner(proposed, ['first'])).toEqual({ kind: 'to_me', side: 'first' });
    expect(takebackBanner(proposed, ['second'])).toEqual({ kind: 'mine', side: 'second' });
    expect(takebackBanner(proposed, ['first', 'second'])).toBeNull();
    expect(takebackAnswerKey(gameView())).toBe('');
  });
});

describe('leaving', () => {
  test('is as the server allows the seat, and nothing once the game is over', () => {
    const v = gameView({ leave: { first: { abort: false, claim_win: true, claim_draw: true }, second: { abort: false, claim_win: false, claim_draw: false } } });
    expect(leaveOptions(v, 'first')).toEqual({ abort: false, claim_win: true, claim_draw: true });
    expect(leaveOptions(v, undefined)).toEqual({ abort: false, claim_win: false, claim_draw: false });
    expect(leaveOptions(gameView({ ...v, outcome: over }), 'first')).toEqual({ abort: false, claim_win: false, claim_draw: false });
  });

  test('a person gone is told to the other seat; an engine never goes', () => {
    const gone = { first: { here: true, away_ms: 0 }, second: { here: false, away_ms: 40000 } };
    expect(opponentGone(gameView({ presence: gone }), ['first'])).toBe(true);
    expect(opponentGone(gameView({ presence: gone }), ['second'])).toBe(false);
    expect(opponentGone(gameView({ presence: gone }), ['first', 'second'])).toBe(false);
    const engine = gameView({ presence: gone, seats: [gameView().seats[0], { kind: 'engine', level: 3, name: 'Qi' }] });
    expect(opponentGone(engine, ['first'])).toBe(false);
  });
});
