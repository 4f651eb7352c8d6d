// The page: one game at a time, its board, clocks, moves and controls; and
// the other pages (saved games, players, a player's profile) by route. It is
// a view of the server's data: the game's descriptor says how to draw it, the
// game's view what stands where and which moves are legal, in words.
import './style.css';
import { GameView, Hint, MoveText, Review, Side, call, errorText } from './api';
import { loadMe, onAccountChange } from './account';
import { renderAccountBox, wireAccount } from './account_view';
import { Board } from './board';
import { evalGraph } from './charts';
import { ChooserItem, closeChooser, showChooser } from './chooser';
import { opponentPieceWords, whyNoMoveNow } from './click_refusal';
import { Selection, click, movable, targets } from './clicks';
import { GameDescriptor, VariantDescriptor, gameTitle, otherSide, setGames, sideTitle, variantOf } from './descriptor';
import { answerKey, answerText, mayOffer, offerNote, offerRefusal, offeredSide, offeringSide } from './draw_offer';
import { copyText, downloadRecord, recordKind } from './export';
import { Lang, applyStatic, currentLang, setLang, t } from './i18n';
import { copyInvite, rememberInvite, renderInvite } from './invite';
import { leaveOptions, opponentGone } from './leave';
import { renderJoin, renderLobby, stopLobby } from './lobby';
import { chooseGameOfRecord, clearStartPosition, fillNewGame, loadPlayers, showLevel, newGameRequest } from './newgame';
import { gameEnded, say } from './message_line';
import { boardLookFor, moveNumber, moveText, notationFor, rememberNotation } from './notation';
import { lookOf, piecesOn } from './pieces';
import { renderGamesPage } from './games_list';
import { renderPlayer, renderPlayers } from './profile';
import { evalPoint, explainMove, fetchReview, judgement, judgementMark, reviewText } from './review';
import { keepPresence, sendPresence } from './presence';
import { LiveView, act as liveAct, follow, liveForTests, onSocket as liveOnSocket, unfollow } from './live';
import { renderSeats } from './seats';
import { bannerText, mayRedo, takebackAnswerKey, takebackAnswerText, takebackBanner, undoPlan, undoState } from './takeback';
import { said } from './server_words';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let view: GameView | null = null;
let tokens: { first?: string; second?: string } = {};
let receivedAt = 0;
const noSelection: Selection = { from: null, landings: [] };
let selection: Selection = noSelection;  // the piece clicked and the landing squares chosen so far
let ringed: string[] = [];  // the pieces that can move, shown after a click on one that cannot
let flipped = false;  // the board turned round from its diagram
let viewPly: number | null = null;  // null: the live position
let notation = '';
let hint: Hint | null = null;  // the engine's last hint, drawn as an arrow
let review: { id: string; plies: number; data: Review } | null = null;
let reviewOpen = false;
let lastAnswer = '';  // the draw offer's last answer already said (draw_offer.answerKey)
let lastTakeback = '';  // the takeback's last answer already said (takeback.takebackAnswerKey)

const board = new Board($('board'), (key, dragged) => onSquare(key, dragged));
// For the end-to-end tests: where a square is, and the game as the page sees it.
// (live: how the page is connected, a way to drop its socket, and the answers to its actions.)
(window as unknown as { qi: unknown }).qi = {
  centre: (key: string) => board.clientCentre(key), view: () => view, live: liveForTests,
};

function variant(): VariantDescriptor | undefined { return view ? variantOf(view.game, view.variant) : undefined; }
function tokenFor(side: Side): string | undefined { return tokens[side]; }
function mySides(): Side[] { return (['first', 'second'] as const).filter((s) => tokens[s]); }
// The seat resigning and leaving act for: the side to move when the page holds it, else its own seat.
function actingSide(): Side | undefined {
  if (!view) return undefined;
  return tokenFor(view.side_to_move) ? view.side_to_move : mySides()[0];
}
function canMoveNow(): boolean { return !!view && view.outcome.verdict === 'ongoing' && !view.waiting_for_seat && !!tokenFor(view.side_to_move); }
// The side drawn at the bottom of the screen.
function bottomSide(): Side {
  const bottom = variant()?.board.bottom_side ?? 'first';
  return flipped ? otherSide(bottom) : bottom;
}

function clearSelection() { selection = noSelection; ringed = []; closeChooser($('board')); }

async function act(action: string, extra: Record<string, unknown> = {}, side?: Side) {
  if (!view) return;
  const s = side ?? (tokenFor(view.side_to_move) ? view.side_to_move : mySides()[0]);
  const token = s && tokenFor(s);
  if (!token) return;
  say('');  // before the answer: the view it brings may say something (a draw offer's answer)
  try {
    const res = await liveAct<GameView & Hint>(view.id, action, { token, ...extra });
    if (action === 'hint' && res.move) {
      hint = res;
      say(t('hintIs', { move: moveText(res.move, notation), reason: hintLabel() ?? '' }));
      render();
      return;
    }
    hint = null;
    setView(res);
  } catch (e) {
    // The server's words for the refusal, in the page's language.
    say(errorText(e), 'error');
  }
}

// The hint's reason in the page's language (again after a switch).
function hintLabel(): string | null { return hint ? said(hint.words, hint.reason) || null : null; }

function playMove(m: MoveText) {
  clearSelection();
  act('move', { move: m.id });
}

// The side whose piece stands on this square of the live position.
function sideOn(key: string): Side | undefined {
  const v = variant();
  if (!view || !v) return undefined;
  const code = piecesOn(view.boards[view.boards.length - 1] ?? '', v.board.squares.map((s) => s.key)).get(key);
  return code ? lookOf(v.pieces, code)?.side : undefined;
}
const ownPiece = (key: string) => !!view && sideOn(key) === view.side_to_move;

function onSquare(key: string, dragged: boolean) {
  if (!view) return;
  if (viewPly !== null) { viewPly = null; render(); return; }
  // A click that cannot start a move says why.
  const why = whyNoMoveNow(view, variant(), mySides());
  if (why) { say(why, 'info', view.outcome.verdict === 'ongoing'); return; }
  closeChooser($('board'));
  const c = click(view.legal_moves, selection, key, dragged, ownPiece);
  switch (c.kind) {
    case 'select': selection = { from: c.square, landings: [] }; ringed = []; break;
    case 'deselect': clearSelection(); break;
    case 'blocked':
      // Selected all the same: a click elsewhere asks the server why it cannot go there.
      selection = { from: c.square, landings: [] };
      ringed = movable(view.legal_moves);
      say(t('noMoveFrom'), 'error');
      break;
    case 'extend': selection = { from: selection.from, landings: c.landings }; break;
    case 'play': if (c.moves.length === 1) playMove(c.moves[0]); else choose(c.moves); return;
    case 'explain': clearSelection(); render(); act('move', { squares: c.squares }); return;
    case 'ignore':
      if (sideOn(key) && !ownPiece(key)) say(opponentPieceWords(variant(), mySides(), view.side_to_move), 'info', true);
      return;
  }
  render();
}

// Moves the clicks do not tell apart: a piece to choose (a promotion, by its
// glyph), or a route (by the move's text).
function choose(moves: MoveText[]) {
  const pieces = variant()?.pieces ?? [];
  const items: ChooserItem[] = moves.map((m) => {
    const glyph = m.choice ? lookOf(pieces, m.choice)?.glyph : undefined;
    return { move: m, label: glyph || moveText(m, notation), route: !glyph };
  });
  const sameSquares = moves.every((m) => m.squares.join() === moves[0].squares.join());
  const title = items.every((i) => !i.route) ? t('choosePiece') : sameSquares ? t('chooseMove') : t('chooseRoute');
  showChooser($('board'), title, items, playMove);
}

function setView(v: GameView) {
  const first = !view || view.id !== v.id;
  if (!first && v.version < view!.version) return;
  const moved = !first && v.moves.length !== view!.moves.length;
  const rematchMade = !first && !!v.rematch?.game && !view!.rematch?.game;
  view = v;
  receivedAt = performance.now();
  // A draw offer's answer, said once when it is given (not the old one of a game just opened).
  const answer = answerKey(v);
  const live = v.outcome.verdict === 'ongoing';
  if (!first && live && answer && answer !== lastAnswer && v.draw_offer.answer) say(answerText(v.draw_offer.answer), 'info', true);
  lastAnswer = answer;
  // A takeback's answer likewise: accepted, declined or withdrawn, said to both players.
  const takeback = takebackAnswerKey(v);
  if (!first && takeback && takeback !== lastTakeback && v.takeback?.answer) say(takebackAnswerText(v.takeback.answer), 'info', true);
  lastTakeback = takeback;
  if (!live) gameEnded();
  // The server counts one of this page's seats as gone (a background tab's timers are slowed): here again at once.
  if (!first && mySides().some((side) => v.presence?.[side]?.here === false)) sendPresence(heldGame());
  if (moved) clearSelection();
  // The rematch was made (the other player asked after this page did): on to it.
  if (rematchMade && mySides().length) followRematch(v.id);
  if (first) {
    clearSelection();
    viewPly = null; hint = null;
    if (review?.id !== v.id) { review = null; reviewOpen = false; }
    // The player's own side at the bottom; between two people or engines, the first mover's.
    const mine = mySides();
    const viewer: Side = mine.length === 1 ? mine[0] : 'first';
    flipped = viewer !== (variant()?.board.bottom_side ?? 'first');
    notation = notationFor(v.game, v.variant, variant(), currentLang());
    follow(v.id, v.version, mine.length ? tokens[mine[0]] : undefined, setView);
    if (location.pathname !== '/game/' + v.id) history.pushState({}, '', '/game/' + v.id);
    showPage(null);
    sendPresence(heldGame());
  }
  render();
}

function renderClocks() {
  if (!view) return;
  renderSeats({ view, variant: variant(), bottom: bottomSide(), mine: mySides(), receivedAt, go });
}

// The game the page holds seats of, for presence.
function heldGame() {
  if (!view) return null;
  return { id: view.id, live: view.outcome.verdict === 'ongoing', tokens: mySides().map((s) => tokens[s]!) };
}

// No game open (the new-game dialog cancelled on a first visit, a game
// removed): a clear way to start one, and no game buttons that look live.
function renderNoGame() {
  $('empty-game').hidden = false;
  for (const id of ['board', 'player-top', 'player-bottom']) $(id).hidden = true;
  document.querySelectorAll<HTMLButtonElement>('.game-controls button, .replay button, .export button').forEach((b) => { b.disabled = true; });
  for (const id of ['draw-banner', 'takeback-banner', 'gone-banner', 'draw-note', 'review-panel', 'watching']) $(id).hidden = true;
  $('status').textContent = '';
  $('moves').replaceChildren();
  $<HTMLTextAreaElement>('record').value = '';
  $<HTMLTextAreaElement>('fen-out').value = '';
  $('leave').textContent = t('leave');
  $<HTMLSelectElement>('notation').disabled = true;
  document.title = 'Qi';
}

function render() {
  applyStatic();
  if (!view) { renderNoGame(); return; }
  const v = variant();
  if (!v) return;
  $('empty-game').hidden = true;
  for (const id of ['board', 'player-top', 'player-bottom']) $(id).hidden = false;
  const ply = viewPly ?? view.moves.length - 1;
  const position = ply + 1;  // index of the shown position in boards, fens and a review
  const live = viewPly === null;
  const last = ply >= 0 ? view.moves[ply] : null;
  // Under review: the engine's choice in place of the move shown, as an arrow.
  const better = reviewOpen && review?.id === view.id ? explainMove(review.data.plies, position)?.better : null;
  const o = view.outcome;
  board.render({
    look: boardLookFor(v, notation), pieces: v.pieces, board: view.boards[position] ?? view.boards[view.boards.length - 1] ?? '', flipped,
    selected: live ? selection.from : null, targets: live && selection.from ? targets(view.legal_moves, selection) : [],
    movable: live ? ringed : [], lastMove: last?.squares ?? [], check: live ? view.check_square : null,
    arrow: live ? hint?.move.squares ?? null : null, arrowLabel: live ? hintLabel() : null, arrowKind: hint?.kind ?? null,
    bestArrow: better?.squares.length ? better.squares : null,
    pendingPath: live && selection.from ? [selection.from, ...selection.landings] : [],
    outcomeLine: live && o.verdict !== 'ongoing' ? o.squares ?? [] : [],
  });
  // Status line.
  let status: string;
  if (o.verdict !== 'ongoing') status = t('gameOverIs', { text: said(o.words, o.reason) });
  else if (view.waiting_for_seat) status = t('waitingForOpponent');
  else if (view.engine_to_move) status = t('thinking');
  else status = (tokenFor(view.side_to_move) && mySides().length === 1 ? t('yourTurn') : t('toMove', { side: sideTitle(v, view.side_to_move) ?? '' })) + (view.in_check ? ' — ' + t('check') : '');
  const st = $('status');
  st.textContent = status;
  const watching = (view as LiveView).spectators ?? 0;
  $('spectators').hidden = watching === 0;
  $('spectators').textContent = t('spectators', { n: String(watching) });
  $('watching').hidden = mySides().length > 0;
  if (o.verdict !== 'ongoing') { const sc = document.createElement('span'); sc.className = 'score'; sc.textContent = o.score; st.append(' ', sc); }
  document.title = `${status} — ${gameTitle(view.game)} — Qi`;
  st.className = 'status' + (o.verdict !== 'ongoing' ? ' over' : '');
  renderMoves(ply);
  renderReview(position);
  for (const [id, off] of [['nav-first', true], ['nav-prev', true], ['nav-next', false], ['nav-last', false]] as const)
    $<HTMLButtonElement>(id).disabled = off ? ply < 0 : live;
  renderNotations(v);
  renderControls();
  $<HTMLTextAreaElement>('record').value = view.record;
  $<HTMLTextAreaElement>('fen-out').value = view.fens[position] ?? view.fen;
  document.body.dataset.game = view.game;
  renderClocks();
}

// The moves in the chosen notation, numbered in pairs; a click shows the position after one.
function renderMoves(ply: number) {
  if (!view) return;
  const list = $('moves');
  list.replaceChildren();
  list.className = 'moves pairs';
  view.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = moveText(m, notation);
    li.dataset.ply = String(i);
    if (reviewOpen && review) {
      const j = judgement(review.data.plies, i + 1);
      if (j) { li.classList.add(j); li.title = t(j); const mark = document.createElement('span'); mark.className = 'judgement'; mark.textContent = judgementMark[j]; li.appendChild(mark); }
    }
    if (i === ply) li.classList.add('current');
    li.onclick = () => { viewPly = i === view!.moves.length - 1 ? null : i; clearSelection(); render(); };
    list.appendChild(li);
  });
  const cur = list.querySelector('.current');
  if (cur && viewPly === null) list.scrollTop = list.scrollHeight;
  else if (cur) (cur as HTMLElement).scrollIntoView({ block: 'nearest' });
}

// The game's notations, titled by the server.
function renderNotations(v: VariantDescriptor) {
  const sel = $<HTMLSelectElement>('notation');
  const key = v.notations.map((n) => n.id).join() + '|' + currentLang();
  if (sel.dataset.options !== key) {
    sel.replaceChildren(...v.notations.map((n) => new Option(said(n.title, n.id), n.id)));
    sel.dataset.options = key;
  }
  sel.value = notation;
  sel.disabled = false;
}

function renderControls() {
  if (!view) return;
  const live = view.outcome.verdict === 'ongoing';
  const mine = mySides();
  // Undo as the server judges it for the seat the button acts for: at once, or
  // proposed to an opponent at another screen (takeback.ts); refused ones say why.
  const plan = undoPlan(view, mine);
  const undo = undoState(view, plan);
  $<HTMLButtonElement>('undo').disabled = !undo.enabled;
  $<HTMLButtonElement>('undo').title = undo.why;
  $('undo').textContent = t(plan?.kind === 'propose' ? 'proposeTakeback' : 'undo');
  $<HTMLButtonElement>('redo').disabled = !mayRedo(view, mine);
  renderTakeback();
  $<HTMLButtonElement>('hint').disabled = !live || !canMoveNow();
  $<HTMLButtonElement>('flip').disabled = false;
  // Until the open seat is taken the game has not started: it may only be aborted.
  $<HTMLButtonElement>('resign').disabled = !live || mine.length === 0 || !!view.waiting_for_seat;
  $<HTMLButtonElement>('claim-draw').hidden = !(live && view.draw_claims.length > 0);
  $<HTMLButtonElement>('claim-draw').disabled = false;
  // What the claim would be for (threefold repetition, the fifty-move rule), in words.
  $<HTMLButtonElement>('claim-draw').title = view.draw_claims.map((c) => said(c.words, c.reason)).join('; ');
  renderDrawOffer();
  renderLeave();
  renderRematch();
  renderInvite(view);
  $<HTMLButtonElement>('review').disabled = view.moves.length === 0;
  $<HTMLButtonElement>('review').classList.toggle('active', reviewOpen);
  $<HTMLButtonElement>('review').classList.toggle('primary', !reviewOpen && !live && view.moves.length > 0);
  $('download-record').textContent = t('download', { kind: recordKind(view) });
  for (const id of ['download-record', 'copy-fen']) $<HTMLButtonElement>(id).disabled = false;
}

// Offer draw, the note on one's own offer (held, then pending), and Accept /
// Decline for a seat the page holds that is offered a draw.
function renderDrawOffer() {
  if (!view) return;
  const live = view.outcome.verdict === 'ongoing';
  const mine = mySides();
  const offerer = offeringSide(view, mine);
  const offer = $<HTMLButtonElement>('offer-draw');
  offer.disabled = !(live && offerer && mayOffer(view, offerer)) || !!view.waiting_for_seat;
  offer.title = live && offerer && offer.disabled ? said(offerRefusal(view, offerer)) : '';
  const note = offerNote(view, mine);
  const noteBox = $('draw-note');
  noteBox.hidden = !note;
  const sideName = (s: Side) => sideTitle(variant(), s) ?? t(s);
  noteBox.textContent = !note ? '' : note.kind === 'pending' ? t('drawOfferSent')
    : mine.length === 2 ? t('drawHeldBy', { side: sideName(note.side) }) : t('drawHeld');
  const offered = offeredSide(view, mine);
  $('draw-banner').hidden = !offered;
  $('draw-banner-text').textContent = !offered ? '' : mine.length === 2 ? t('drawOfferedBy', { side: sideName(otherSide(offered)) }) : t('drawOffered');
}

// A takeback proposed to this page's seat (Accept / Decline), or its own waiting (Withdraw).
function renderTakeback() {
  if (!view) return;
  const banner = takebackBanner(view, mySides());
  $('takeback-banner').hidden = !banner;
  $('takeback-text').textContent = bannerText(banner);
  $('accept-takeback').hidden = $('decline-takeback').hidden = banner?.kind !== 'to_me';
  $('withdraw-takeback').hidden = banner?.kind !== 'mine';
}

// Leave: abort before both first moves, else resign (confirmed); the claims
// when the opponent has gone; Remove for an unrated game the page holds.
function renderLeave() {
  if (!view) return;
  const live = view.outcome.verdict === 'ongoing';
  const mine = mySides();
  const options = leaveOptions(view, actingSide());
  const leave = $<HTMLButtonElement>('leave');
  leave.hidden = !live || mine.length === 0;
  leave.disabled = leave.hidden;
  leave.textContent = t(options.abort ? 'abort' : 'leave');
  leave.title = t(options.abort ? 'abortNote' : 'leaveNote');
  const gone = opponentGone(view, mine);
  $('gone-banner').hidden = !(gone || options.claim_win || options.claim_draw);
  $('gone-banner').querySelector('span')!.hidden = !gone;
  $<HTMLButtonElement>('claim-win').hidden = !options.claim_win;
  $<HTMLButtonElement>('claim-abandoned-draw').hidden = !options.claim_draw;
  $<HTMLButtonElement>('claim-win').disabled = $<HTMLButtonElement>('claim-abandoned-draw').disabled = false;
  const remove = $<HTMLButtonElement>('remove');
  remove.hidden = mine.length === 0 || view.rated !== false;
  remove.disabled = remove.hidden;
}

// Rematch, once the game is over: asked for, offered to this page, or made.
function renderRematch() {
  if (!view) return;
  const mine = mySides();
  const over = view.outcome.verdict !== 'ongoing';
  const r = view.rematch ?? null;
  const button = $<HTMLButtonElement>('rematch');
  button.hidden = !over || mine.length === 0 || !!view.waiting_for_seat;
  button.disabled = button.hidden || (mine.length === 1 && r?.offered_by === mine[0]);
  button.textContent = t(r?.game ? 'rematchReady' : 'rematch');
  const offeredToMe = mine.length === 1 && !!r?.offered_by && r.offered_by !== mine[0];
  const offeredByMe = mine.length === 1 && r?.offered_by === mine[0];
  $('rematch-banner').hidden = button.hidden || !(offeredToMe || offeredByMe);
  $('rematch-text').textContent = offeredToMe ? t('rematchOfferedToYou') : offeredByMe ? t('rematchOffered') : '';
  $('rematch-accept').hidden = !offeredToMe;
  $('rematch-accept').textContent = t('rematch');
}

// Asks for a rematch for every seat this page holds (at one screen, both);
// once made, the answers bring this page's tokens in the new game, which opens.
async function askRematch() {
  if (!view) return;
  const id = view.id;
  const next: Record<string, string> = {};
  let gameId = '';
  try {
    for (const side of mySides()) {
      const res = await call<GameView>('POST', `/api/games/${id}/rematch`, { token: tokens[side] });
      const r = res.rematch;
      if (r?.game && r.token && r.side) { gameId = r.game; next[r.side] = r.token; } else if (view?.id === id) setView(res);
    }
  } catch (e) {
    say(errorText(e), 'error');
    return;
  }
  if (gameId) openWithTokens(gameId, next);
}

// The other player made the rematch: this page's tokens in it, then the game.
function followRematch(id: string) {
  if (view?.id === id) askRematch();
}

// A game this page now holds seats of (an invite taken, a challenge
// accepted, a rematch): its tokens kept, then the game shown.
function openWithTokens(id: string, held: Record<string, string>) {
  const known = JSON.parse(localStorage.getItem('qi.tokens.' + id) ?? '{}');
  localStorage.setItem('qi.tokens.' + id, JSON.stringify({ ...known, ...held }));
  localStorage.setItem('qi.last', id);
  go('/game/' + id);
}

function leaveGame() {
  if (!view) return;
  const side = actingSide();
  if (leaveOptions(view, side).abort) act('abort', {}, side);
  else if (confirm(t('confirmLeave'))) act('resign', {}, side);
}

// Removes an unrated game for good (the server refuses a rated one) and shows the games list.
async function removeGame() {
  if (!view || !confirm(t('confirmRemove'))) return;
  const id = view.id;
  const token = tokenFor(actingSide() ?? 'first');
  if (!token) return;
  try {
    await call('POST', `/api/games/${id}/remove`, { token });
  } catch (e) {
    say(errorText(e), 'error');
    return;
  }
  unfollow();
  localStorage.removeItem('qi.tokens.' + id);
  if (localStorage.getItem('qi.last') === id) localStorage.removeItem('qi.last');
  view = null;
  tokens = {};
  say('');
  go('/games');
}

// --- Review ------------------------------------------------------------------
async function toggleReview() {
  if (!view) return;
  if (reviewOpen) { reviewOpen = false; render(); return; }
  reviewOpen = true;
  if (review && review.id === view.id && review.plies === view.moves.length) { render(); return; }
  const id = view.id, plies = view.moves.length;
  $('review-panel').hidden = false;
  $('review-graph').replaceChildren();
  $('review-text').textContent = t('reviewing');
  try {
    const data = await fetchReview(id);
    if (!data) { reviewOpen = false; $('review-panel').hidden = true; say(t('reviewUnavailable'), 'error'); return; }
    review = { id, plies, data };
  } catch (e) {
    reviewOpen = false;
    $('review-panel').hidden = true;
    say(errorText(e), 'error');
    return;
  }
  if (view?.id === id) render();
}

function renderReview(position: number) {
  const panel = $('review-panel');
  if (!reviewOpen || !review || !view || review.id !== view.id) { if (!reviewOpen) panel.hidden = true; return; }
  panel.hidden = false;
  const plies = review.data.plies;
  const graph = evalGraph(plies.map(evalPoint), position, (p) => {
    viewPly = p - 1 >= view!.moves.length - 1 ? null : p - 1;
    clearSelection();
    render();
  });
  graph.id = 'eval-graph';
  $('review-graph').replaceChildren(graph);
  $('review-text').textContent = reviewText(plies, position, notation);
}

// --- New game ----------------------------------------------------------------
async function openNewGame() {
  $('ng-error').textContent = '';
  await loadPlayers();
  fillNewGame();
  clearStartPosition();
  const d = $<HTMLDialogElement>('new-game');
  if (!d.open) d.showModal();
}

// The new-game dialog with this profile as the player (from a profile's page).
async function openNewGameAs(playerId: string) {
  await openNewGame();
  const sel = $<HTMLSelectElement>('ng-player');
  if (Array.from(sel.options).some((o) => o.value === playerId)) { sel.value = playerId; fillNewGame(); }
}

async function startNewGame() {
  const error = $('ng-error');
  error.textContent = '';
  $<HTMLButtonElement>('ng-start').disabled = true;
  try {
    const v = await call<GameView>('POST', '/api/games', await newGameRequest());
    tokens = v.tokens ?? {};
    localStorage.setItem('qi.tokens.' + v.id, JSON.stringify(tokens));
    for (const code of Object.values(v.invites ?? {})) if (code) rememberInvite(v.id, code);
    localStorage.setItem('qi.last', v.id);
    $<HTMLDialogElement>('new-game').close();
    view = null;
    say('');
    setView(v);
    // What the server read otherwise than written, or assumed: a FEN's dropped
    // castling right, a draughts record's variant; then a record that played on
    // past an ending by the rules (the first such ruling).
    const notes: string[] = (v.fen_warnings ?? []).map((text) => t('fenWarning', { text }));
    if (v.imported?.assumed) notes.push(t('variantAssumed', { variant: gameTitle(v.game, v.variant), text: v.imported.assumed }));
    const ruling = v.imported?.rulings[0];
    if (ruling && ruling.ply > 0) {
      const played = v.moves[ruling.ply - 1];
      const move = `${moveNumber(ruling.ply - 1)} ${played ? moveText(played, notation) : ''}`.trim();
      notes.push(t('recordPlaysOn', { move, words: said(ruling.outcome.words, ruling.outcome.reason) }));
    }
    if (notes.length) say(notes.join(' '));
  } catch (e) {
    // A record or position the server cannot read: its parser says why.
    error.textContent = errorText(e);
  } finally {
    $<HTMLButtonElement>('ng-start').disabled = false;
  }
}

async function openGame(id: string) {
  tokens = JSON.parse(localStorage.getItem('qi.tokens.' + id) ?? '{}');
  try {
    const v = await call<GameView>('GET', '/api/games/' + id);
    view = null;
    setView(v);
    localStorage.setItem('qi.last', id);
  } catch (e) {
    say(errorText(e), 'error');
  }
}

// --- Pages -------------------------------------------------------------------
// null shows the game; otherwise the page's content replaces it.
function showPage(name: string | null) {
  $('page').hidden = name === null;
  $('app').hidden = name !== null;
  document.body.dataset.page = name ?? 'game';
}

function go(path: string) {
  if (location.pathname !== path) history.pushState({}, '', path);
  route();
}

async function route() {
  const path = location.pathname;
  const page = $('page');
  let m: RegExpMatchArray | null;
  if (path !== '/lobby') stopLobby();
  if (path === '/lobby') {
    showPage('lobby');
    await renderLobby(page, openWithTokens);
  } else if ((m = path.match(/^\/join\/([0-9a-f]+)\/([0-9a-f]+)$/))) {
    // A page that holds this game's seats already (the link opened again) goes to the game.
    if (localStorage.getItem('qi.tokens.' + m[1])) { go('/game/' + m[1]); return; }
    showPage('join');
    await renderJoin(page, m[1], m[2], openWithTokens);
  } else if (path === '/games') {
    showPage('games');
    await renderGamesPage(page, (id) => openGame(id));
  } else if (path === '/players') {
    showPage('players');
    await renderPlayers(page, go);
  } else if ((m = path.match(/^\/player\/(\d+)$/))) {
    showPage('player');
    await renderPlayer(page, m[1], (id) => openGame(id), (player) => { openNewGameAs(player); });
  } else {
    m = path.match(/^\/game\/([0-9a-f]+)$/);
    const id = m?.[1] ?? localStorage.getItem('qi.last');
    if (id && view?.id !== id) await openGame(id);
    if (view) showPage(null);
    else { showPage(null); render(); await openNewGame(); }
  }
  document.body.dataset.ready = 'true';
}

// --- Wiring ------------------------------------------------------------------
function wire() {
  $('new-game-button').onclick = () => { openNewGame(); };
  $('games-button').onclick = () => go('/games');
  $('lobby-button').onclick = () => go('/lobby');
  $('copy-invite').onclick = () => { copyInvite().then(say); };
  $('rematch').onclick = () => { askRematch(); };
  $('rematch-accept').onclick = () => { askRematch(); };
  $('players-button').onclick = () => go('/players');
  wireAccount(go);
  // A login or logout changes which seats ask for a password, and what a profile's page offers.
  onAccountChange(() => {
    fillNewGame();
    if (document.body.dataset.page === 'player') route();
  });
  $('ng-cancel').onclick = () => { $<HTMLDialogElement>('new-game').close(); render(); };
  $('empty-new-game').onclick = () => { openNewGame(); };
  for (const id of ['ng-game', 'ng-opponent', 'ng-variant', 'ng-player', 'ng-player2']) $(id).onchange = fillNewGame;
  $<HTMLInputElement>('ng-level').oninput = showLevel;
  // A pasted record brings its own start position: no handicap with it (the server takes one or the other).
  $<HTMLTextAreaElement>('ng-record').oninput = () => { chooseGameOfRecord($<HTMLTextAreaElement>('ng-record').value); $<HTMLSelectElement>('ng-handicap').value = ''; };
  $<HTMLFormElement>('new-game-form').onsubmit = (e) => { e.preventDefault(); startNewGame(); };
  $('undo').onclick = () => {
    const plan = view && undoPlan(view, mySides());
    if (plan?.kind === 'propose') act('propose-takeback', {}, plan.side);
    else if (plan) act('undo', plan.other ? { other_token: tokenFor(plan.other) } : {}, plan.side);
  };
  $('redo').onclick = () => {
    const [side, other] = mySides();
    act('redo', other ? { other_token: tokenFor(other) } : {}, side);
  };
  const takebackAct = (action: string) => () => { const b = view && takebackBanner(view, mySides()); if (b) act(action, {}, b.side); };
  $('accept-takeback').onclick = takebackAct('accept-takeback');
  $('decline-takeback').onclick = takebackAct('decline-takeback');
  $('withdraw-takeback').onclick = takebackAct('withdraw-takeback');
  $('hint').onclick = () => act('hint');
  $('resign').onclick = () => { if (confirm(t('confirmResign'))) act('resign', {}, actingSide()); };
  $('offer-draw').onclick = () => { if (view) act('offer-draw', {}, offeringSide(view, mySides())); };
  $('leave').onclick = leaveGame;
  $('claim-win').onclick = () => act('claim-abandoned', { result: 'win' }, actingSide());
  $('claim-abandoned-draw').onclick = () => act('claim-abandoned', { result: 'draw' }, actingSide());
  $('remove').onclick = () => { removeGame(); };
  $('claim-draw').onclick = () => act('claim-draw');
  $('accept-draw').onclick = () => { const s = view && offeredSide(view, mySides()); if (s) act('accept-draw', {}, s); };
  $('decline-draw').onclick = () => { const s = view && offeredSide(view, mySides()); if (s) act('decline-draw', {}, s); };
  $('flip').onclick = () => { flipped = !flipped; render(); };
  $('review').onclick = () => { toggleReview(); };
  $('download-record').onclick = () => { if (view) downloadRecord(view); };
  $('copy-fen').onclick = () => { copyText($<HTMLTextAreaElement>('fen-out')).then(() => say(t('fenCopied'))); };
  $<HTMLSelectElement>('notation').onchange = (e) => {
    notation = (e.target as HTMLSelectElement).value;
    if (view) rememberNotation(view.game, view.variant, notation);
    render();
  };
  const lang = $<HTMLSelectElement>('language');
  lang.value = currentLang();
  lang.onchange = () => {
    setLang(lang.value as Lang);
    if (view) notation = notationFor(view.game, view.variant, variant(), currentLang());
    $<HTMLSelectElement>('notation').dataset.options = '';
    fillNewGame();
    renderAccountBox();
    render();
    if (document.body.dataset.page !== 'game') route();
  };
  const step = (to: (cur: number, last: number) => number | null) => {
    if (!view) return;
    const last = view.moves.length - 1;
    const next = to(viewPly ?? last, last);
    viewPly = next === null || next >= last ? null : Math.max(-1, next);
    clearSelection();
    render();
  };
  $('nav-first').onclick = () => step(() => -1);
  $('nav-prev').onclick = () => step((cur) => cur - 1);
  $('nav-next').onclick = () => step((cur) => cur + 1);
  $('nav-last').onclick = () => step(() => null);
  document.addEventListener('keydown', (e) => {
    const tag = (e.target as HTMLElement).tagName;
    if (!view || tag === 'INPUT' || tag === 'TEXTAREA' || document.body.dataset.page !== 'game') return;
    if (e.key === 'ArrowLeft') step((cur) => cur - 1);
    else if (e.key === 'ArrowRight') step((cur) => cur + 1);
    else if (e.key === 'Home') step(() => -1);
    else if (e.key === 'End') step(() => null);
  });
  window.addEventListener('popstate', () => { route(); });
  setInterval(renderClocks, 200);
  // Over the live socket the server keeps the seat it watches with present
  // itself; a second seat at the same screen still beats by HTTP.
  keepPresence(() => {
    const held = heldGame();
    if (!held || !liveOnSocket()) return held;
    const watching = tokens[mySides()[0]];
    return { ...held, tokens: held.tokens.filter((tk) => tk !== watching) };
  });
  document.addEventListener('visibilitychange', () => { if (!document.hidden) sendPresence(heldGame()); });
}

async function main() {
  setLang(currentLang());
  applyStatic();
  wire();
  render();  // no game yet: nothing looks live while the first one loads
  setGames((await call<{ games: GameDescriptor[] }>('GET', '/api/info')).games);
  await Promise.all([loadMe(), loadPlayers()]);  // who is logged in; whether any profile has a password
  fillNewGame();
  await route();
}

main();
