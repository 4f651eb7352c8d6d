// Why a click on the board plays nothing, in words: a click is never dropped
// silently. The page may hold no seat of the game (it watches), the engine
// or the other person may be to move, the game may wait for its second
// player or be over; or the square clicked holds the opponent's piece.
import type { GameView, Side } from './api';
import { VariantDescriptor, otherSide, sideTitle } from './descriptor';
import { t } from './i18n';

// Why no move can be started now, or null when one can.
export function whyNoMoveNow(v: GameView, variant: VariantDescriptor | undefined, mine: Side[]): string | null {
  if (v.outcome.verdict !== 'ongoing') return t('gameIsOver');
  if (mine.length === 0) return t('youAreWatching');
  if (v.waiting_for_seat) return t('waitingForOpponent');
  if (v.engine_to_move) return t('engineThinking');
  if (!mine.includes(v.side_to_move)) return t('theirTurn', { side: sideTitle(variant, v.side_to_move) ?? t(v.side_to_move) });
  return null;
}

// A click on a piece of the side not to move, when a move could be started.
export function opponentPieceWords(variant: VariantDescriptor | undefined, mine: Side[], toMove: Side): string {
  if (mine.length === 1) return t('opponentsPiece');
  const name = (s: Side) => sideTitle(variant, s) ?? t(s);
  return t('otherSidesPiece', { side: name(toMove), other: name(otherSide(toMove)) });
}
