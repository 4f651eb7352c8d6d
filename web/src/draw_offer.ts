// Draw offers as the page shows them (FIDE 9.1.2, as lichess plays it): a
// player may press Offer draw at any time while the game is live; the offer
// is held and made with that player's next move, then waits (pending) for the
// opponent, who accepts, declines, or declines by moving. The server decides
// every rule; these functions only read its view for the seats the page holds.
import type { DrawAnswer, GameView, Side } from './api';
import { otherSide } from './descriptor';
import { t } from './i18n';
import { Words, said } from './server_words';

const live = (v: GameView) => v.outcome.verdict === 'ongoing';

// Whether the server allows this side to press Offer draw now.
export function mayOffer(v: GameView, side: Side): boolean {
  return v.draw_offer.may_offer[side];
}

// Why this side may not offer now, in words.
export function offerRefusal(v: GameView, side: Side): Words | undefined {
  return v.draw_offer.offer_refusal[side]?.words;
}

// The seat Offer draw acts for: the page's own seat; between two people at
// one screen, the side to move (who makes the offer with the move).
export function offeringSide(v: GameView, mine: Side[]): Side | undefined {
  return mine.length === 2 ? v.side_to_move : mine[0];
}

// The seat an offer waits on, when the page holds it: it is shown Accept and
// Decline (between two people at one screen too).
export function offeredSide(v: GameView, mine: Side[]): Side | undefined {
  const by = v.draw_offer.pending;
  if (!live(v) || !by) return undefined;
  return mine.includes(otherSide(by)) ? otherSide(by) : undefined;
}

// What the page says of the offers of its own seats; nothing once the game is over.
export type OfferNote = { kind: 'held' | 'pending'; side: Side };
export function offerNote(v: GameView, mine: Side[]): OfferNote | null {
  if (!live(v)) return null;
  const held = mine.find((s) => v.draw_offer.held[s]);
  if (held) return { kind: 'held', side: held };
  const by = v.draw_offer.pending;
  // An offer to a seat the page also holds is shown as that seat's question instead.
  if (by && mine.includes(by) && !mine.includes(otherSide(by))) return { kind: 'pending', side: by };
  return null;
}

// The last answer given, as a key that changes when a new answer is given.
export function answerKey(v: GameView): string {
  const a = v.draw_offer.answer;
  return a ? `${a.by}|${a.ply}|${a.accepted}` : '';
}

// An answer in the server's words (the engine's reason; who accepted or
// declined), else a plain yes or no.
export function answerText(a: DrawAnswer): string {
  return said(a.words, t(a.accepted ? 'drawAccepted' : 'drawDeclined'));
}
