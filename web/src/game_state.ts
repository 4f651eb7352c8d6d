// The game page's state: the game shown, the seats this page holds in it, and
// what the reader has done to the view of it (a piece selected, the board
// turned, an earlier position shown, the review open). One object, changed
// only through the functions here and in game_page.ts; every query is a
// plain function of it, so that the page's decisions can be tested without a
// browser.
import type { DrawAnswer, GameView, Hint, Review, Side } from './api';
import type { Selection } from './clicks';
import { GameCatalog, VariantDescriptor, otherSide } from './descriptor';
import { answerKey } from './draw_offer';
import { TakebackAnswer, takebackAnswerKey } from './takeback';

export type Tokens = { first?: string; second?: string };

export interface GameState {
  readonly games: GameCatalog;  // the games the server plays: the shown one's descriptor
  view: GameView | null;
  tokens: Tokens;  // the seats this page plays, by their tokens
  receivedAt: number;  // when the view came (performance.now()), for the clocks
  selection: Selection;  // the piece clicked and the landing squares chosen so far
  ringed: string[];  // the pieces that can move, shown after a click on one that cannot
  flipped: boolean;  // the board turned round from its diagram
  viewPly: number | null;  // the move whose position is shown; null: the live position
  notation: string;
  hint: Hint | null;  // the engine's last hint, drawn as an arrow
  review: { id: string; plies: number; data: Review } | null;
  reviewOpen: boolean;
  lastAnswer: string;  // the draw offer's last answer already said (draw_offer.answerKey)
  lastTakeback: string;  // the takeback's last answer already said (takeback.takebackAnswerKey)
}

export const noSelection: Selection = { from: null, landings: [] };

export function newGameState(games: GameCatalog): GameState {
  return {
    games, view: null, tokens: {}, receivedAt: 0, selection: noSelection, ringed: [], flipped: false, viewPly: null,
    notation: '', hint: null, review: null, reviewOpen: false, lastAnswer: '', lastTakeback: '',
  };
}

export function variant(s: GameState): VariantDescriptor | undefined {
  return s.view ? s.games.variantOf(s.view.game, s.view.variant) : undefined;
}

export function tokenFor(s: GameState, side: Side): string | undefined { return s.tokens[side]; }

// The seats this page plays: none (it watches), one, or both (two people at one screen).
export function mySides(s: GameState): Side[] { return (['first', 'second'] as const).filter((side) => s.tokens[side]); }

// The seat resigning and leaving act for: the side to move when the page holds it, else its own seat.
export function actingSide(s: GameState): Side | undefined {
  if (!s.view) return undefined;
  return tokenFor(s, s.view.side_to_move) ? s.view.side_to_move : mySides(s)[0];
}

export function isLive(v: GameView): boolean { return v.outcome.verdict === 'ongoing'; }

export function canMoveNow(s: GameState): boolean {
  return !!s.view && isLive(s.view) && !s.view.waiting_for_seat && !!tokenFor(s, s.view.side_to_move);
}

// The side drawn at the bottom of the screen.
export function bottomSide(s: GameState): Side {
  const bottom = variant(s)?.board.bottom_side ?? 'first';
  return s.flipped ? otherSide(bottom) : bottom;
}

// A newly opened game is drawn from its player's side: the page's own seat
// at the bottom; between two people or engines, the first mover's.
export function flippedFor(s: GameState): boolean {
  const mine = mySides(s);
  const viewer: Side = mine.length === 1 ? mine[0] : 'first';
  return viewer !== (variant(s)?.board.bottom_side ?? 'first');
}

// The move whose position is shown (-1: the start).
export function shownPly(s: GameState): number {
  return s.viewPly ?? (s.view ? s.view.moves.length - 1 : -1);
}

// The position to show after the reader asked for the one after move `ply`:
// the last move's is the live position (null), and nothing before the start.
export function plyToShow(s: GameState, ply: number | null): number | null {
  const last = s.view ? s.view.moves.length - 1 : -1;
  return ply === null || ply >= last ? null : Math.max(-1, ply);
}

// Remove is offered for an unrated game the page plays in (the server refuses a rated one).
export function mayRemove(s: GameState): boolean {
  return !!s.view && !s.view.rated && mySides(s).length > 0;
}

// The game the page holds seats of, for presence.
export function heldGame(s: GameState) {
  if (!s.view) return null;
  return { id: s.view.id, live: isLive(s.view), tokens: mySides(s).map((side) => s.tokens[side]!) };
}

// Whether the review the page holds is of the game shown as it stands now.
export function reviewIsCurrent(s: GameState): boolean {
  return !!s.view && s.review?.id === s.view.id && s.review.plies === s.view.moves.length;
}

export function clearSelection(s: GameState) { s.selection = noSelection; s.ringed = []; }

// Shows the position after move `ply` (null: the live one), with no piece selected.
export function showPly(s: GameState, ply: number | null) {
  s.viewPly = plyToShow(s, ply);
  clearSelection(s);
}

// What a view's arrival changed, for the page to say and do: another game
// than the one shown, a move made, the rematch made, and a draw offer's or
// a takeback's answer given since the last view (said once, and never the
// old one of a game just opened).
export interface Arrival {
  first: boolean;
  moved: boolean;
  rematchMade: boolean;
  drawAnswer: DrawAnswer | null;
  takebackAnswer: TakebackAnswer | null;
}

// Takes a view from the server, received at `now`; null, and nothing
// changed, when it is older than the one shown (answers and events may cross).
export function receiveView(s: GameState, v: GameView, now: number): Arrival | null {
  const before = s.view;
  const first = !before || before.id !== v.id;
  if (before && !first && v.version < before.version) return null;
  const moved = !!before && !first && v.moves.length !== before.moves.length;
  const rematchMade = !!before && !first && !!v.rematch?.game && !before.rematch?.game;
  s.view = v;
  s.receivedAt = now;
  const drawKey = answerKey(v), takebackKey = takebackAnswerKey(v);
  const drawAnswer = !first && isLive(v) && drawKey && drawKey !== s.lastAnswer ? v.draw_offer.answer : null;
  const takebackAnswer = !first && takebackKey && takebackKey !== s.lastTakeback ? v.takeback.answer : null;
  s.lastAnswer = drawKey;
  s.lastTakeback = takebackKey;
  if (first || moved) clearSelection(s);
  if (first) {
    s.viewPly = null;
    s.hint = null;
    if (s.review?.id !== v.id) { s.review = null; s.reviewOpen = false; }
    s.flipped = flippedFor(s);
  }
  return { first, moved, rematchMade, drawAnswer, takebackAnswer };
}

// The game closed (removed): nothing shown, no seats held.
export function closeGame(s: GameState) {
  s.view = null;
  s.tokens = {};
  clearSelection(s);
}
