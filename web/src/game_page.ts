// The game page: one game at a time, its board, clocks, moves and controls.
// It is a view of the server's data: the game's descriptor says how to draw
// it, the game's view what stands where and which moves are legal, in words.
// What the reader has done to it lives in one GameState (game_state.ts),
// owned by the page made here; the page asks the router only to go elsewhere
// and to show the game.
import { GameView, Hint, MoveText, call, errorText } from './api';
import type { Side } from './api';
import { Board } from './board';
import { ChooserItem, closeChooser, showChooser } from './chooser';
import { opponentPieceWords, whyNoMoveNow } from './click_refusal';
import { click, movable, targets } from './clicks';
import { GameCatalog } from './descriptor';
import { answerText, offeredSide, offeringSide } from './draw_offer';
import { $ } from './dom';
import { copyText, downloadRecord } from './export';
import { renderControls } from './game_controls';
import { renderNoGame, renderStatus } from './game_status';
import {
  actingSide, bottomSide, clearSelection, closeGame, heldGame, isLive, mySides, newGameState, receiveView, showPly, shownPly, tokenFor,
  variant,
} from './game_state';
import { applyStatic, currentLang, t } from './i18n';
import { copyInvite, rememberInvite } from './invite';
import { leaveOptions } from './leave';
import { LiveConnection } from './live';
import { MessageLine } from './message_line';
import { renderMoves, renderNotations } from './move_list';
import { NewGameDialog } from './newgame';
import { boardLookFor, moveNumber, moveText, notationFor, rememberNotation } from './notation';
import { lookOf, piecesOn } from './pieces';
import { keepPresence, sendPresence } from './presence';
import { explainMove } from './review';
import { renderReview, toggleReview } from './review_pane';
import { renderSeats } from './seats';
import { said } from './server_words';
import { takebackAnswerText, takebackBanner, undoPlan } from './takeback';

// What the game page needs of the rest of the page.
export interface PageNavigation {
  go(path: string): void;  // another page by its path
  showGame(id: string): void;  // the game page shown, at its address
}

export interface GamePage {
  render(): void;
  openGame(id: string): Promise<void>;
  openWithTokens(id: string, held: Record<string, string>): void;
  startNewGame(): Promise<void>;
  shownGame(): string | null;  // the id of the game shown
  languageChanged(): void;
  forTests: { centre(key: string): unknown; view(): GameView | null };
}

// The parts of the page the game page uses: the games the server plays, the
// live connection (which brings the game's views and carries its actions),
// and the dialog a new game's request comes from.
export interface GamePageParts { games: GameCatalog; connection: LiveConnection; newGame: NewGameDialog }

export function createGamePage(nav: PageNavigation, { games, connection, newGame }: GamePageParts): GamePage {
  const state = newGameState(games);
  const messages = new MessageLine();
  const reviewHost = { render: () => render(), show: (ply: number | null) => show(ply), messages };
  const board = new Board($('board'), (key, dragged) => onSquare(key, dragged));

  // Shows the position after move `ply` (null: the live one).
  function show(ply: number | null) {
    showPly(state, ply);
    closeChooser($('board'));
    render();
  }

  function unselect() { clearSelection(state); closeChooser($('board')); }

  async function act(action: string, extra: Record<string, unknown> = {}, side?: Side) {
    if (!state.view) return;
    const s = side ?? (tokenFor(state, state.view.side_to_move) ? state.view.side_to_move : mySides(state)[0]);
    const token = s && tokenFor(state, s);
    if (!token) return;
    messages.say('');  // before the answer: the view it brings may say something (a draw offer's answer)
    try {
      const res = await connection.act<GameView & Hint>(state.view.id, action, { token, ...extra });
      if (action === 'hint' && res.move) {
        state.hint = res;
        messages.say(t('hintIs', { move: moveText(res.move, state.notation), reason: hintLabel() ?? '' }));
        render();
        return;
      }
      state.hint = null;
      setView(res);
    } catch (e) {
      // The server's words for the refusal, in the page's language.
      messages.say(errorText(e), 'error');
    }
  }

  // The hint's reason in the page's language (again after a switch).
  function hintLabel(): string | null { return state.hint ? said(state.hint.words, state.hint.reason) || null : null; }

  function playMove(m: MoveText) {
    unselect();
    act('move', { move: m.id });
  }

  // The side whose piece stands on this square of the live position.
  function sideOn(key: string): Side | undefined {
    const v = variant(state);
    if (!state.view || !v) return undefined;
    const code = piecesOn(state.view.boards[state.view.boards.length - 1] ?? '', v.board.squares.map((s) => s.key)).get(key);
    return code ? lookOf(v.pieces, code)?.side : undefined;
  }
  const ownPiece = (key: string) => !!state.view && sideOn(key) === state.view.side_to_move;

  function onSquare(key: string, dragged: boolean) {
    if (!state.view) return;
    if (state.viewPly !== null) { showPly(state, null); render(); return; }
    // A click that cannot start a move says why.
    const why = whyNoMoveNow(state.view, variant(state), mySides(state));
    if (why) { messages.say(why, 'info', isLive(state.view)); return; }
    closeChooser($('board'));
    const c = click(state.view.legal_moves, state.selection, key, dragged, ownPiece);
    switch (c.kind) {
      case 'select': state.selection = { from: c.square, landings: [] }; state.ringed = []; break;
      case 'deselect': unselect(); break;
      case 'blocked':
        // Selected all the same: a click elsewhere asks the server why it cannot go there.
        state.selection = { from: c.square, landings: [] };
        state.ringed = movable(state.view.legal_moves);
        messages.say(t('noMoveFrom'), 'error');
        break;
      case 'extend': state.selection = { from: state.selection.from, landings: c.landings }; break;
      case 'play': if (c.moves.length === 1) playMove(c.moves[0]); else choose(c.moves); return;
      case 'explain': unselect(); render(); act('move', { squares: c.squares }); return;
      case 'ignore':
        if (sideOn(key) && !ownPiece(key)) messages.say(opponentPieceWords(variant(state), mySides(state), state.view.side_to_move), 'info', true);
        return;
    }
    render();
  }

  // Moves the clicks do not tell apart: a piece to choose (a promotion, by its
  // glyph), or a route (by the move's text).
  function choose(moves: MoveText[]) {
    const pieces = variant(state)?.pieces ?? [];
    const items: ChooserItem[] = moves.map((m) => {
      const glyph = m.choice ? lookOf(pieces, m.choice)?.glyph : undefined;
      return { move: m, label: glyph || moveText(m, state.notation), route: !glyph };
    });
    const sameSquares = moves.every((m) => m.squares.join() === moves[0].squares.join());
    const title = items.every((i) => !i.route) ? t('choosePiece') : sameSquares ? t('chooseMove') : t('chooseRoute');
    showChooser($('board'), title, items, playMove);
  }

  function setView(v: GameView) {
    const arrival = receiveView(state, v, performance.now());
    if (!arrival) return;
    if (arrival.first || arrival.moved) closeChooser($('board'));
    // Answers to a draw offer or a takeback: said to both players when given.
    if (arrival.drawAnswer) messages.say(answerText(arrival.drawAnswer), 'info', true);
    if (arrival.takebackAnswer) messages.say(takebackAnswerText(arrival.takebackAnswer), 'info', true);
    if (!isLive(v)) messages.gameEnded();
    // The server counts one of this page's seats as gone (a background tab's timers are slowed): here again at once.
    if (!arrival.first && mySides(state).some((side) => v.presence[side].here === false)) sendPresence(heldGame(state));
    // The rematch was made (the other player asked after this page did): on to it.
    if (arrival.rematchMade && mySides(state).length) followRematch(v.id);
    if (arrival.first) {
      state.notation = notationFor(v.game, v.variant, variant(state), currentLang());
      const mine = mySides(state);
      connection.follow(v.id, v.version, mine.length ? state.tokens[mine[0]] : undefined, setView);
      nav.showGame(v.id);
      sendPresence(heldGame(state));
    }
    render();
  }

  function renderClocks() {
    if (!state.view) return;
    renderSeats({ view: state.view, variant: variant(state), bottom: bottomSide(state), mine: mySides(state), receivedAt: state.receivedAt, go: nav.go });
  }

  function render() {
    applyStatic();
    if (!state.view) { renderNoGame(); return; }
    const v = variant(state);
    if (!v) return;
    $('empty-game').hidden = true;
    for (const id of ['board', 'player-top', 'player-bottom']) $(id).hidden = false;
    const ply = shownPly(state);
    const position = ply + 1;  // index of the shown position in boards, fens and a review
    const live = state.viewPly === null;
    const last = ply >= 0 ? state.view.moves[ply] : null;
    // Under review: the engine's choice in place of the move shown, as an arrow.
    const better = state.reviewOpen && state.review?.id === state.view.id ? explainMove(state.review.data.plies, position)?.better : null;
    const o = state.view.outcome;
    board.render({
      look: boardLookFor(v, state.notation), pieces: v.pieces, board: state.view.boards[position] ?? state.view.boards[state.view.boards.length - 1] ?? '', flipped: state.flipped,
      selected: live ? state.selection.from : null, targets: live && state.selection.from ? targets(state.view.legal_moves, state.selection) : [],
      movable: live ? state.ringed : [], lastMove: last?.squares ?? [], check: live ? state.view.check_square : null,
      arrow: live ? state.hint?.move.squares ?? null : null, arrowLabel: live ? hintLabel() : null, arrowKind: state.hint?.kind ?? null,
      bestArrow: better?.squares.length ? better.squares : null,
      pendingPath: live && state.selection.from ? [state.selection.from, ...state.selection.landings] : [],
      outcomeLine: live && o.verdict !== 'ongoing' ? o.squares ?? [] : [],
    });
    renderStatus(state, v, games.title(state.view.game));
    renderMoves(state, ply, show);
    renderReview(state, position, reviewHost);
    for (const [id, off] of [['nav-first', true], ['nav-prev', true], ['nav-next', false], ['nav-last', false]] as const)
      $<HTMLButtonElement>(id).disabled = off ? ply < 0 : live;
    renderNotations(state, v);
    renderControls(state);
    $<HTMLTextAreaElement>('record').value = state.view.record;
    $<HTMLTextAreaElement>('fen-out').value = state.view.fens[position] ?? state.view.fen;
    document.body.dataset.game = state.view.game;
    renderClocks();
  }

  // Asks for a rematch for every seat this page holds (at one screen, both);
  // once made, the answers bring this page's tokens in the new game, which opens.
  async function askRematch() {
    if (!state.view) return;
    const id = state.view.id;
    const next: Record<string, string> = {};
    let gameId = '';
    try {
      for (const side of mySides(state)) {
        const res = await call<GameView>('POST', `/api/games/${id}/rematch`, { token: state.tokens[side] });
        const r = res.rematch;
        if (r?.game && r.token && r.side) { gameId = r.game; next[r.side] = r.token; } else if (state.view?.id === id) setView(res);
      }
    } catch (e) {
      messages.say(errorText(e), 'error');
      return;
    }
    if (gameId) openWithTokens(gameId, next);
  }

  // The other player made the rematch: this page's tokens in it, then the game.
  function followRematch(id: string) {
    if (state.view?.id === id) askRematch();
  }

  // A game this page now holds seats of (an invite taken, a challenge
  // accepted, a rematch): its tokens kept, then the game shown.
  function openWithTokens(id: string, held: Record<string, string>) {
    const known = JSON.parse(localStorage.getItem('qi.tokens.' + id) ?? '{}');
    localStorage.setItem('qi.tokens.' + id, JSON.stringify({ ...known, ...held }));
    localStorage.setItem('qi.last', id);
    nav.go('/game/' + id);
  }

  function leaveGame() {
    if (!state.view) return;
    const side = actingSide(state);
    if (leaveOptions(state.view, side).abort) act('abort', {}, side);
    else if (confirm(t('confirmLeave'))) act('resign', {}, side);
  }

  // Removes an unrated game for good (the server refuses a rated one) and shows the games list.
  async function removeGame() {
    if (!state.view || !confirm(t('confirmRemove'))) return;
    const id = state.view.id;
    const token = tokenFor(state, actingSide(state) ?? 'first');
    if (!token) return;
    try {
      await call('POST', `/api/games/${id}/remove`, { token });
    } catch (e) {
      messages.say(errorText(e), 'error');
      return;
    }
    connection.unfollow();
    localStorage.removeItem('qi.tokens.' + id);
    if (localStorage.getItem('qi.last') === id) localStorage.removeItem('qi.last');
    closeGame(state);
    messages.say('');
    nav.go('/games');
  }

  // --- Games opened ------------------------------------------------------------
  async function startNewGame() {
    const error = $('ng-error');
    error.textContent = '';
    $<HTMLButtonElement>('ng-start').disabled = true;
    try {
      const v = await call<GameView>('POST', '/api/games', await newGame.request());
      state.tokens = v.tokens ?? {};
      localStorage.setItem('qi.tokens.' + v.id, JSON.stringify(state.tokens));
      for (const code of Object.values(v.invites ?? {})) if (code) rememberInvite(v.id, code);
      localStorage.setItem('qi.last', v.id);
      $<HTMLDialogElement>('new-game').close();
      state.view = null;
      messages.say('');
      setView(v);
      // What the server read otherwise than written, or assumed: a FEN's dropped
      // castling right, a draughts record's variant; then a record that played on
      // past an ending by the rules (the first such ruling).
      const notes: string[] = (v.fen_warnings ?? []).map((text) => t('fenWarning', { text }));
      if (v.imported?.assumed) notes.push(t('variantAssumed', { variant: games.title(v.game, v.variant), text: v.imported.assumed }));
      const ruling = v.imported?.rulings[0];
      if (ruling && ruling.ply > 0) {
        const played = v.moves[ruling.ply - 1];
        const move = `${moveNumber(ruling.ply - 1)} ${played ? moveText(played, state.notation) : ''}`.trim();
        notes.push(t('recordPlaysOn', { move, words: said(ruling.outcome.words, ruling.outcome.reason) }));
      }
      if (notes.length) messages.say(notes.join(' '));
    } catch (e) {
      // A record or position the server cannot read: its parser says why.
      error.textContent = errorText(e);
    } finally {
      $<HTMLButtonElement>('ng-start').disabled = false;
    }
  }

  async function openGame(id: string) {
    state.tokens = JSON.parse(localStorage.getItem('qi.tokens.' + id) ?? '{}');
    try {
      const v = await call<GameView>('GET', '/api/games/' + id);
      state.view = null;
      setView(v);
      localStorage.setItem('qi.last', id);
    } catch (e) {
      messages.say(errorText(e), 'error');
    }
  }
  // The game's own controls: moves and offers, the board turned, the review,
  // the notation, stepping through the moves, and presence while it is held.
  function wireControls() {
    $('copy-invite').onclick = () => { copyInvite().then((text) => messages.say(text)); };
    $('rematch').onclick = () => { askRematch(); };
    $('rematch-accept').onclick = () => { askRematch(); };
    $('undo').onclick = () => {
      const plan = state.view && undoPlan(state.view, mySides(state));
      if (plan?.kind === 'propose') act('propose-takeback', {}, plan.side);
      else if (plan) act('undo', plan.other ? { other_token: tokenFor(state, plan.other) } : {}, plan.side);
    };
    $('redo').onclick = () => {
      const [side, other] = mySides(state);
      act('redo', other ? { other_token: tokenFor(state, other) } : {}, side);
    };
    const takebackAct = (action: string) => () => { const b = state.view && takebackBanner(state.view, mySides(state)); if (b) act(action, {}, b.side); };
    $('accept-takeback').onclick = takebackAct('accept-takeback');
    $('decline-takeback').onclick = takebackAct('decline-takeback');
    $('withdraw-takeback').onclick = takebackAct('withdraw-takeback');
    $('hint').onclick = () => act('hint');
    $('resign').onclick = () => { if (confirm(t('confirmResign'))) act('resign', {}, actingSide(state)); };
    $('offer-draw').onclick = () => { if (state.view) act('offer-draw', {}, offeringSide(state.view, mySides(state))); };
    $('leave').onclick = leaveGame;
    $('claim-win').onclick = () => act('claim-abandoned', { result: 'win' }, actingSide(state));
    $('claim-abandoned-draw').onclick = () => act('claim-abandoned', { result: 'draw' }, actingSide(state));
    $('remove').onclick = () => { removeGame(); };
    $('claim-draw').onclick = () => act('claim-draw');
    $('accept-draw').onclick = () => { const s = state.view && offeredSide(state.view, mySides(state)); if (s) act('accept-draw', {}, s); };
    $('decline-draw').onclick = () => { const s = state.view && offeredSide(state.view, mySides(state)); if (s) act('decline-draw', {}, s); };
    $('flip').onclick = () => { state.flipped = !state.flipped; render(); };
    $('review').onclick = () => { toggleReview(state, reviewHost); };
    $('download-record').onclick = () => { if (state.view) downloadRecord(state.view, variant(state)); };
    $('copy-fen').onclick = () => { copyText($<HTMLTextAreaElement>('fen-out')).then(() => messages.say(t('fenCopied'))); };
    $<HTMLSelectElement>('notation').onchange = (e) => {
      state.notation = (e.target as HTMLSelectElement).value;
      if (state.view) rememberNotation(state.view.game, state.view.variant, state.notation);
      render();
    };
    const step = (to: (shown: number) => number | null) => { if (state.view) show(to(shownPly(state))); };
    $('nav-first').onclick = () => step(() => -1);
    $('nav-prev').onclick = () => step((shown) => shown - 1);
    $('nav-next').onclick = () => step((shown) => shown + 1);
    $('nav-last').onclick = () => step(() => null);
    document.addEventListener('keydown', (e) => {
      const tag = (e.target as HTMLElement).tagName;
      if (!state.view || tag === 'INPUT' || tag === 'TEXTAREA' || document.body.dataset.page !== 'game') return;
      if (e.key === 'ArrowLeft') step((shown) => shown - 1);
      else if (e.key === 'ArrowRight') step((shown) => shown + 1);
      else if (e.key === 'Home') step(() => -1);
      else if (e.key === 'End') step(() => null);
    });
    setInterval(renderClocks, 200);
    // Over the live socket the server keeps the seat it watches with present
    // itself; a second seat at the same screen still beats by HTTP.
    keepPresence(() => {
      const held = heldGame(state);
      if (!held || !connection.onSocket()) return held;
      const watching = state.tokens[mySides(state)[0]];
      return { ...held, tokens: held.tokens.filter((tk) => tk !== watching) };
    });
    document.addEventListener('visibilitychange', () => { if (!document.hidden) sendPresence(heldGame(state)); });
  }

  wireControls();
  return {
    render, openGame, openWithTokens, startNewGame,
    shownGame: () => state.view?.id ?? null,
    // The reader's language reads its own notation first, unless one was chosen.
    languageChanged() {
      if (state.view) state.notation = notationFor(state.view.game, state.view.variant, variant(state), currentLang());
      $<HTMLSelectElement>('notation').dataset.options = '';
      render();
    },
    forTests: { centre: (key: string) => board.clientCentre(key), view: () => state.view },
  };
}
