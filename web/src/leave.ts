// Leaving a game, as the server allows it to a seat (the view's `leave`):
// before both sides have made their first move the game is aborted (no
// result, nothing rated); when the opponent, a person, has gone, the win or a
// draw may be claimed; otherwise leaving resigns.
import type { GameView, LeaveOptions, Side } from './api';
import { sideIndex } from './descriptor';

const none: LeaveOptions = { abort: false, claim_win: false, claim_draw: false };

export function leaveOptions(v: GameView, side: Side | undefined): LeaveOptions {
  if (!side || v.outcome.verdict !== 'ongoing') return none;
  return v.leave[side];
}

// Whether a person's seat the page does not hold has gone from the game (its
// page out of contact for the server's 30 s); engines never go.
export function opponentGone(v: GameView, mine: Side[]): boolean {
  if (v.outcome.verdict !== 'ongoing' || mine.length !== 1) return false;
  const other: Side = mine[0] === 'first' ? 'second' : 'first';
  return v.seats[sideIndex(other)]?.kind === 'human' && v.presence[other].here === false;
}
