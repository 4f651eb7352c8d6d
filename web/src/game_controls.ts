// The game's controls as the game allows them now, for the seats this page
// holds: undo and redo (or a takeback proposed), hint, resign, a draw claimed
// or offered, leaving, a rematch, the invite, the review and the export.
// Each is drawn from the game state alone; game_page.ts wires the clicks.
import type { Side } from './api';
import { otherSide, sideTitle } from './descriptor';
import { mayOffer, offerNote, offerRefusal, offeredSide, offeringSide } from './draw_offer';
import { $ } from './dom';
import { recordKind } from './export';
import { GameState, actingSide, canMoveNow, isLive, mayRemove, mySides, variant } from './game_state';
import { t } from './i18n';
import { renderInvite } from './invite';
import { leaveOptions, opponentGone } from './leave';
import { said } from './server_words';
import { bannerText, mayRedo, takebackBanner, undoPlan, undoState } from './takeback';

export function renderControls(state: GameState) {
  if (!state.view) return;
  const live = isLive(state.view);
  const mine = mySides(state);
  // Undo as the server judges it for the seat the button acts for: at once, or
  // proposed to an opponent at another screen (takeback.ts); refused ones say why.
  const plan = undoPlan(state.view, mine);
  const undo = undoState(state.view, plan);
  $<HTMLButtonElement>('undo').disabled = !undo.enabled;
  $<HTMLButtonElement>('undo').title = undo.why;
  $('undo').textContent = t(plan?.kind === 'propose' ? 'proposeTakeback' : 'undo');
  $<HTMLButtonElement>('redo').disabled = !mayRedo(state.view, mine);
  renderTakeback(state);
  $<HTMLButtonElement>('hint').disabled = !live || !canMoveNow(state);
  $<HTMLButtonElement>('flip').disabled = false;
  // Until the open seat is taken the game has not started: it may only be aborted.
  $<HTMLButtonElement>('resign').disabled = !live || mine.length === 0 || state.view.waiting_for_seat;
  $<HTMLButtonElement>('claim-draw').hidden = !(live && state.view.draw_claims.length > 0);
  $<HTMLButtonElement>('claim-draw').disabled = false;
  // What the claim would be for (threefold repetition, the fifty-move rule), in words.
  $<HTMLButtonElement>('claim-draw').title = state.view.draw_claims.map((c) => said(c.words, c.reason)).join('; ');
  renderDrawOffer(state);
  renderLeave(state);
  renderRematch(state);
  renderInvite(state.view);
  $<HTMLButtonElement>('review').disabled = state.view.moves.length === 0;
  $<HTMLButtonElement>('review').classList.toggle('active', state.reviewOpen);
  $<HTMLButtonElement>('review').classList.toggle('primary', !state.reviewOpen && !live && state.view.moves.length > 0);
  $('download-record').textContent = t('download', { kind: recordKind(variant(state)) });
  for (const id of ['download-record', 'copy-fen']) $<HTMLButtonElement>(id).disabled = false;
}

// Offer draw, the note on one's own offer (held, then pending), and Accept /
// Decline for a seat the page holds that is offered a draw.
function renderDrawOffer(state: GameState) {
  if (!state.view) return;
  const live = isLive(state.view);
  const mine = mySides(state);
  const offerer = offeringSide(state.view, mine);
  const offer = $<HTMLButtonElement>('offer-draw');
  offer.disabled = !(live && offerer && mayOffer(state.view, offerer)) || state.view.waiting_for_seat;
  offer.title = live && offerer && offer.disabled ? said(offerRefusal(state.view, offerer)) : '';
  const note = offerNote(state.view, mine);
  const noteBox = $('draw-note');
  noteBox.hidden = !note;
  const sideName = (s: Side) => sideTitle(variant(state), s) ?? t(s);
  noteBox.textContent = !note ? '' : note.kind === 'pending' ? t('drawOfferSent')
    : mine.length === 2 ? t('drawHeldBy', { side: sideName(note.side) }) : t('drawHeld');
  const offered = offeredSide(state.view, mine);
  $('draw-banner').hidden = !offered;
  $('draw-banner-text').textContent = !offered ? '' : mine.length === 2 ? t('drawOfferedBy', { side: sideName(otherSide(offered)) }) : t('drawOffered');
}

// A takeback proposed to this page's seat (Accept / Decline), or its own waiting (Withdraw).
function renderTakeback(state: GameState) {
  if (!state.view) return;
  const banner = takebackBanner(state.view, mySides(state));
  $('takeback-banner').hidden = !banner;
  $('takeback-text').textContent = bannerText(banner);
  $('accept-takeback').hidden = $('decline-takeback').hidden = banner?.kind !== 'to_me';
  $('withdraw-takeback').hidden = banner?.kind !== 'mine';
}

// Leave: abort before both first moves, else resign (confirmed); the claims
// when the opponent has gone; Remove for an unrated game the page holds.
function renderLeave(state: GameState) {
  if (!state.view) return;
  const live = isLive(state.view);
  const mine = mySides(state);
  const options = leaveOptions(state.view, actingSide(state));
  const leave = $<HTMLButtonElement>('leave');
  leave.hidden = !live || mine.length === 0;
  leave.disabled = leave.hidden;
  leave.textContent = t(options.abort ? 'abort' : 'leave');
  leave.title = t(options.abort ? 'abortNote' : 'leaveNote');
  const gone = opponentGone(state.view, mine);
  $('gone-banner').hidden = !(gone || options.claim_win || options.claim_draw);
  $('gone-banner').querySelector('span')!.hidden = !gone;
  $<HTMLButtonElement>('claim-win').hidden = !options.claim_win;
  $<HTMLButtonElement>('claim-abandoned-draw').hidden = !options.claim_draw;
  $<HTMLButtonElement>('claim-win').disabled = $<HTMLButtonElement>('claim-abandoned-draw').disabled = false;
  const remove = $<HTMLButtonElement>('remove');
  remove.hidden = !mayRemove(state);
  remove.disabled = remove.hidden;
}

// Rematch, once the game is over: asked for, offered to this page, or made.
function renderRematch(state: GameState) {
  if (!state.view) return;
  const mine = mySides(state);
  const over = state.view.outcome.verdict !== 'ongoing';
  const r = state.view.rematch;
  const button = $<HTMLButtonElement>('rematch');
  button.hidden = !over || mine.length === 0 || state.view.waiting_for_seat;
  button.disabled = button.hidden || (mine.length === 1 && r?.offered_by === mine[0]);
  button.textContent = t(r?.game ? 'rematchReady' : 'rematch');
  const offeredToMe = mine.length === 1 && !!r?.offered_by && r.offered_by !== mine[0];
  const offeredByMe = mine.length === 1 && r?.offered_by === mine[0];
  $('rematch-banner').hidden = button.hidden || !(offeredToMe || offeredByMe);
  $('rematch-text').textContent = offeredToMe ? t('rematchOfferedToYou') : offeredByMe ? t('rematchOffered') : '';
  $('rematch-accept').hidden = !offeredToMe;
  $('rematch-accept').textContent = t('rematch');
}
