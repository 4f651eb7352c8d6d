// Takebacks as the page shows them (as lichess plays them): against the
// engine, or between two people at one screen (the page holds both seats and
// consents for both), Undo takes the move back at once. Between people at two
// screens it proposes a takeback, which the opponent accepts or declines; a
// move or the proposer withdraws it. The server decides every rule; these
// functions only read its view (`undo`, `takeback`) for the seats the page holds.
import type { GameView, Side } from './api';
import { otherSide } from './descriptor';
import { t } from './i18n';
import { Words, said } from './server_words';

export interface TakebackAnswer { by: Side; kind: 'accepted' | 'declined' | 'withdrawn'; ply: number; words?: Words }
export interface TakebackView {
  proposed_by: Side | null;
  may_propose: Record<Side, boolean>;
  propose_refusal: Record<Side, { code: string; reason?: string; words?: Words } | null>;
  answer: TakebackAnswer | null;
}

// What the Undo button does for the page: take back at once (with the other
// seat's token when the page holds both), or propose to a person elsewhere.
export type UndoPlan =
  | { kind: 'undo'; side: Side; other?: Side }
  | { kind: 'propose'; side: Side }
  | null;

export function undoPlan(v: GameView, mine: Side[]): UndoPlan {
  // At one screen the player who moved last takes it back, for both.
  if (mine.length === 2) { const side = otherSide(v.side_to_move); return { kind: 'undo', side, other: otherSide(side) }; }
  const side = mine[0];
  if (!side) return null;
  return v.undo[side].needs_consent ? { kind: 'propose', side } : { kind: 'undo', side };
}

// Whether the button may be pressed, and otherwise why (the server's words;
// nothing for the plain "no move of yours yet").
export function undoState(v: GameView, plan: UndoPlan): { enabled: boolean; why: string } {
  if (!plan) return { enabled: false, why: '' };
  if (plan.kind === 'propose') {
    const refusal = v.takeback.propose_refusal[plan.side];
    const quiet = !refusal || refusal.code === 'nothing_to_undo' || refusal.code === 'takeback_pending';
    return { enabled: v.takeback.may_propose[plan.side], why: quiet ? '' : said(refusal.words, refusal.reason ?? '') };
  }
  const undo = v.undo[plan.side];
  return { enabled: undo.allowed, why: !undo.allowed && undo.code !== 'nothing_to_undo' ? said(undo.words, undo.reason ?? '') : '' };
}

// Redo plays both sides' moves again: for the engine's games and one screen only.
export function mayRedo(v: GameView, mine: Side[]): boolean {
  if (!v.can_redo || mine.length === 0) return false;
  return mine.length === 2 || !v.undo[mine[0]].needs_consent;
}

// The banner: a proposal to this page's seat (Accept / Decline), or this
// page's own proposal waiting (Withdraw); null when neither.
export type TakebackBanner = { kind: 'to_me' | 'mine'; side: Side } | null;
export function takebackBanner(v: GameView, mine: Side[]): TakebackBanner {
  const by = v.takeback.proposed_by;
  if (v.outcome.verdict !== 'ongoing' || !by || mine.length !== 1) return null;
  return by === mine[0] ? { kind: 'mine', side: by } : { kind: 'to_me', side: mine[0] };
}

export function bannerText(b: TakebackBanner): string {
  return !b ? '' : b.kind === 'mine' ? t('takebackSent') : t('takebackOffered');
}

// The last answer, as a key that changes when a new one is given.
export function takebackAnswerKey(v: GameView): string {
  const a = v.takeback.answer;
  return a ? `${a.by}|${a.kind}|${a.ply}` : '';
}

export function takebackAnswerText(a: TakebackAnswer): string {
  return said(a.words, t(a.kind === 'accepted' ? 'takebackAccepted' : a.kind === 'withdrawn' ? 'takebackWithdrawn' : 'takebackDeclined'));
}
