// The page: one game at a time, its board, clocks, moves and controls; and
// the other pages (saved games, players, a player's profile) by route.
import './style.css';
import { ApiError, GameInfo, GameView, MoveText, Review, call } from './api';
import { Board } from './board';
import { evalGraph } from './charts';
import { copyText, downloadRecord, recordKind } from './export';
import { GameGeometry, chineseToWxf, firstSideIsDark, geometryFor } from './games';
import { Lang, applyStatic, currentLang, has, setLang, sideName, t } from './i18n';
import { fillNewGame as fillDialog, guessGame, loadPlayers, newGameRequest } from './newgame';
import { renderGamesPage, renderPlayer, renderPlayers } from './profile';
import { HintFacts, commonRefusals, endingText, hintText, refusalText } from './server_words';
import { evalPoint, fetchReview, judgement, judgementMark, scoreText } from './review';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let games: GameInfo[] = [];
let view: GameView | null = null;
let geometry: GameGeometry | null = null;
let tokens: { first?: string; second?: string } = {};
let receivedAt = 0;
let selected: string | null = null;
let flipped = false;
let viewPly: number | null = null;  // null: the live position
let arrow: string[] | null = null;  // the hint's route
let notation = '';
let events: EventSource | null = null;
let pendingPath: string[] = [];  // checkers: landing squares clicked so far
let hint: (HintFacts & { move: MoveText }) | null = null;  // the engine's last hint, drawn as an arrow
let hintKind: string | null = null;  // the engine's kind of hint (mate, wins_material, ...): the bubble's colour
let review: { id: string; plies: number; data: Review } | null = null;
let reviewOpen = false;

const board = new Board($('board'), (key, dragged) => onSquare(key, dragged));
// For the end-to-end tests: where a square is, and the game as the page sees it.
(window as unknown as { qi: unknown }).qi = { centre: (key: string) => board.clientCentre(key), view: () => view, endingText, hintText };

function tokenFor(side: 'first' | 'second'): string | undefined { return tokens[side]; }
function mySides(): ('first' | 'second')[] { return (['first', 'second'] as const).filter((s) => tokens[s]); }
// The seat the undo button acts for: between two people at one screen, the
// player who moved last takes it back; otherwise the player's own seat.
function undoSide(): 'first' | 'second' | undefined {
  if (!view) return undefined;
  const lastMover = view.side_to_move === 'first' ? 'second' : 'first';
  return mySides().length === 2 ? lastMover : mySides()[0];
}
function canMoveNow(): boolean { return !!view && view.outcome.verdict === 'ongoing' && !!tokenFor(view.side_to_move); }
function sideIndex(s: 'first' | 'second') { return s === 'first' ? 0 : 1; }

function say(text: string, kind: 'error' | 'info' = 'info') {
  const m = $('message');
  m.textContent = text;
  m.className = 'message ' + kind;
}

function movesFrom(key: string): MoveText[] {
  return (view?.legal_moves ?? []).filter((m) => geometry!.move(m).from === key);
}

async function act(action: string, extra: Record<string, unknown> = {}, side?: 'first' | 'second') {
  if (!view) return;
  const s = side ?? (tokenFor(view.side_to_move) ? view.side_to_move : mySides()[0]);
  const token = s && tokenFor(s);
  if (!token) return;
  try {
    const res = await call<GameView & HintFacts & { move?: MoveText }>('POST', `/api/games/${view.id}/${action}`, { token, ...extra });
    if (action === 'hint' && res.move) {
      const sq = geometry!.move(res.move);
      arrow = [sq.from, ...sq.path];
      hint = { ...res, move: res.move };
      hintKind = res.kind ?? null;
      say(t('hintIs', { move: moveLabel(res.move), reason: hintLabel() ?? '' }));
      render();
      return;
    }
    arrow = null;
    hint = null;
    say(action === 'offer-draw' ? t('drawOfferSent') : '');
    setView(res);
  } catch (e) {
    // The server's English words, or on a Chinese page the sentence for the rule's code.
    if (e instanceof ApiError) {
      const reason = refusalText(e.code, e.message, view?.game);
      say(action === 'move' && !(e.code && e.code in commonRefusals) ? t('moveRefused', { reason }) : reason, 'error');
    } else throw e;
  }
}

// The hint's reason in the page's language (again after a switch), or the word for its kind.
function hintLabel(): string | null {
  if (!hint || !view) return null;
  const kindWord = hint.kind && has('hintKind_' + hint.kind) ? t('hintKind_' + hint.kind) : '';
  return hintText(hint, view.game) || kindWord || null;
}

function playMove(id: string) {
  selected = null;
  pendingPath = [];
  act('move', { move: id });
}

function onSquare(key: string, dragged: boolean) {
  if (!view || !geometry) return;
  if (viewPly !== null) { viewPly = null; render(); return; }
  if (!canMoveNow()) return;
  const pieces = geometry.pieces(view.fen);
  const mine = pieces.get(key);
  const stm = sideIndex(view.side_to_move);
  if (geometry.name === 'tictactoe') {
    const m = view.legal_moves.find((x) => x.id === key);
    if (m) playMove(m.id); else act('move', { move: key });
    return;
  }
  if (selected && key !== selected) {
    // The moves still open after the landing squares chosen so far.
    const options = movesFrom(selected).filter((m) => startsWith(geometry!.move(m).path, pendingPath));
    const next = options.filter((m) => geometry!.move(m).path[pendingPath.length] === key);
    if (next.length > 0) {
      const route = [...pendingPath, key];
      const ending = next.filter((m) => geometry!.move(m).path.length === route.length);
      if (ending.length === next.length) return ending.length === 1 ? playMove(ending[0].id) : choose(ending);
      if (ending.length === 0) { pendingPath = route; render(); return; }  // a capture goes on from here
      return choose(next);
    }
    // The last landing square straight away (or a drop there).
    const matches = options.filter((m) => geometry!.move(m).to === key);
    if (matches.length === 1) return playMove(matches[0].id);
    if (matches.length > 1) return choose(matches);
    if (mine && mine.side === stm && !dragged) { selected = key; pendingPath = []; render(); return; }
    // Not a legal move: let the server say why in words.
    const sep = geometry.name === 'checkers' ? (Math.abs(Number(key) - Number(selected)) > 5 ? 'x' : '-') : '';
    const attempt = selected + sep + key;
    selected = null;
    pendingPath = [];
    render();
    act('move', { move: attempt });
    return;
  }
  if (selected === key) { if (!dragged) { selected = null; pendingPath = []; render(); } return; }
  if (mine && mine.side === stm) {
    selected = key;
    pendingPath = [];
    if (geometry.name === 'checkers' && movesFrom(key).length === 0 && view.legal_moves.some((m) => m.id.includes('x')))
      say(t('forcedCapture'), 'error');
    render();
  }
}

function startsWith(path: string[], prefix: string[]) { return prefix.every((k, i) => path[i] === k); }

function choose(moves: MoveText[]) {
  const promotion = geometry!.name === 'chess';
  const box = document.createElement('div');
  box.className = 'chooser';
  const title = document.createElement('div');
  title.textContent = promotion ? t('promoteTo') : t('chooseCapture');
  box.appendChild(title);
  for (const m of moves) {
    const b = document.createElement('button');
    const promo = geometry!.move(m).promotion;
    b.textContent = promotion && promo ? { q: '♛', r: '♜', b: '♝', n: '♞' }[promo] ?? promo : m.display;
    if (!promotion) b.className = 'route';
    b.dataset.move = m.id;
    b.onclick = () => { box.remove(); playMove(m.id); };
    box.appendChild(b);
  }
  $('board').appendChild(box);
}

function moveLabel(m: MoveText): string {
  if (!view) return m.display;
  if (view.game === 'xiangqi') {
    if (notation === 'wxf') return chineseToWxf(m.display);
    if (notation === 'iccs') return m.id;
    return m.display;
  }
  if (view.game === 'chess' && notation === 'uci') return m.id;
  return m.display;
}

function notationOptions(): string[] {
  if (!view) return [];
  if (view.game === 'xiangqi') return currentLang() === 'zh' ? ['chinese', 'wxf', 'iccs'] : ['wxf', 'chinese', 'iccs'];
  if (view.game === 'chess') return ['san', 'uci'];
  if (view.game === 'checkers') return ['pdn'];
  return ['display'];
}

function setView(v: GameView) {
  const first = !view || view.id !== v.id;
  if (!first && v.version < view!.version) return;
  view = v;
  receivedAt = performance.now();
  geometry = geometryFor(v.game, v.variant);
  if (first) {
    selected = null; viewPly = null; arrow = null; hint = null; pendingPath = [];
    if (review?.id !== v.id) { review = null; reviewOpen = false; }
    const mine = mySides();
    const bottom = mine.length === 1 ? sideIndex(mine[0]) : 0;
    // Unflipped, White / Red / X sit at the bottom; English checkers' first side is Black.
    const whiteIsFirst = !firstSideIsDark(v.game, v.variant);
    const bottomIsWhiteSide = whiteIsFirst ? bottom === 0 : bottom === 1;
    flipped = !bottomIsWhiteSide;
    notation = notationOptions()[0];
    if (events) events.close();
    events = new EventSource(`/api/games/${v.id}/events`);
    events.onmessage = (e) => setView(JSON.parse(e.data));
    if (location.pathname !== '/game/' + v.id) history.pushState({}, '', '/game/' + v.id);
    showPage(null);
  }
  render();
}

function clockText(ms: number): string {
  if (ms < 0) ms = 0;
  const s = Math.ceil(ms / 1000);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

function renderClocks() {
  if (!view) return;
  const c = view.clock;
  const bottomIdx = flipped !== firstSideIsDark(view.game, view.variant) ? 1 : 0;
  for (const [id, idx] of [['player-bottom', bottomIdx], ['player-top', 1 - bottomIdx]] as const) {
    const box = $(id);
    const seat = view.seats[idx];
    // The side, then who plays it: the engine's level, the player's name, or "you".
    const mine = tokens[idx === 0 ? 'first' : 'second'] && mySides().length === 1;
    const who = seat.kind === 'engine' ? t('level_n', { n: String(seat.level) }) : seat.name ? (mine ? `${seat.name} (${t('you')})` : seat.name) : mine ? t('you') : '';
    const label = box.querySelector<HTMLElement>('.name')!;
    const key = [seat.side_name, who, seat.player_id ?? '', currentLang()].join('|');
    if (label.dataset.key !== key) {  // drawn again only when it changes, so that its link stays clickable
      label.dataset.key = key;
      label.replaceChildren(sideName(seat.side_name));
      if (who && seat.player_id) {
        const a = document.createElement('a');
        a.href = '/player/' + seat.player_id;
        a.textContent = who;
        a.onclick = (e) => { e.preventDefault(); go(a.getAttribute('href')!); };
        label.append(' · ', a);
      } else if (who) label.append(' · ' + who);
    }
    const clock = box.querySelector<HTMLElement>('.clock')!;
    if (c.control.kind === 'unlimited') { clock.textContent = ''; clock.hidden = true; continue; }
    clock.hidden = false;
    let ms = c.remaining_ms[idx];
    const running = c.running === (idx === 0 ? 'first' : 'second') && view.outcome.verdict === 'ongoing';
    if (running) ms -= performance.now() - receivedAt;
    let text = clockText(c.control.kind === 'per_move' ? ((ms % c.control.per_move_ms) + c.control.per_move_ms) % c.control.per_move_ms || c.control.per_move_ms : ms);
    if (c.control.kind === 'per_move') text += ` · ${t('overruns')} ${c.overruns[idx]}/${c.control.max_overruns}`;
    clock.textContent = text;
    clock.classList.toggle('running', running);
    clock.classList.toggle('low', running && ms < 10000);
    clock.classList.toggle('flagged', view.outcome.termination.startsWith('time') && ms <= 0);
    box.classList.toggle('to-move', view.side_to_move === (idx === 0 ? 'first' : 'second') && view.outcome.verdict === 'ongoing');
  }
}

function render() {
  applyStatic();
  if (!view || !geometry) return;
  const ply = viewPly ?? view.moves.length - 1;
  const fen = view.fens[ply + 1] ?? view.fen;
  const last = ply >= 0 ? view.moves[ply] : null;
  let lastSquares: string[] = [];
  if (last) { const sq = geometry.move(last); lastSquares = [sq.from, ...sq.path]; }
  const position = ply + 1;  // index of the shown position in fens and in a review
  const reviewed = reviewOpen && review ? review.data.plies[position] : undefined;
  let bestArrow: string[] | null = null;
  if (reviewed?.best) { try { const b = geometry.move({ id: reviewed.best, path: reviewed.best_path ?? undefined }); if (b.from && b.to) bestArrow = [b.from, ...b.path]; } catch { /* no arrow */ } }
  let check: string | null = null;
  if (viewPly === null && view.in_check && (view.game === 'chess' || view.game === 'xiangqi')) {
    const stm = sideIndex(view.side_to_move);
    for (const [k, p] of geometry.pieces(fen)) if (p.type === 'k' && p.side === stm) check = k;
  }
  let targets: string[] = [];
  if (selected && viewPly === null) {
    const opts = movesFrom(selected).map((m) => geometry!.move(m));
    targets = [...new Set(opts.filter((o) => o.path.slice(0, pendingPath.length).join() === pendingPath.join()).map((o) => o.path[pendingPath.length] ?? o.to))];
  }
  // Draughts: the pieces that must capture, while none is chosen.
  const mustCapture = geometry.name === 'checkers' && !selected && viewPly === null && canMoveNow() && view.legal_moves.some((m) => /[x:]/.test(m.id))
    ? [...new Set(view.legal_moves.map((m) => geometry!.move(m).from))] : [];
  board.render({
    geometry, variant: view.variant, fen, flipped, selected, targets, lastMove: lastSquares, check,
    arrow: viewPly === null ? arrow : null, arrowLabel: viewPly === null ? hintLabel() : null, arrowKind: hintKind, bestArrow,
    lastPath: geometry.name === 'checkers' ? lastSquares : [], mustCapture, pendingPath: selected ? [selected, ...pendingPath] : [],
    darkFirst: firstSideIsDark(view.game, view.variant), lang: currentLang(),
    winLine: viewPly === null && view.outcome.termination === 'three_in_a_row' ? threeInARow(geometry, fen) : undefined,
  });
  // Status line.
  const o = view.outcome;
  let status: string;
  if (o.verdict !== 'ongoing') status = t('gameOverIs', { text: endingText(o, endingContext(view)) });
  else if (view.engine_to_move) status = t('thinking');
  else status = (tokenFor(view.side_to_move) && mySides().length === 1 ? t('yourTurn') : t('toMove', { side: sideName(view.seats[sideIndex(view.side_to_move)].side_name) })) + (view.in_check ? ' — ' + t('check') : '');
  const st = $('status');
  st.textContent = status;
  if (o.verdict !== 'ongoing') { const sc = document.createElement('span'); sc.className = 'score'; sc.textContent = o.score; st.append(' ', sc); }
  document.title = `${status} — ${t(view.game)} — Qi`;
  st.className = 'status' + (o.verdict !== 'ongoing' ? ' over' : '');
  // Moves.
  const list = $('moves');
  list.replaceChildren();
  list.className = 'moves' + (view.game === 'chess' || view.game === 'xiangqi' ? ' pairs' : '');
  view.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = moveLabel(m);
    li.dataset.ply = String(i);
    if (reviewOpen && review) {
      const j = judgement(review.data.plies, i + 1, firstMovedAt(i));
      if (j) { li.classList.add(j); li.title = t(j); const mark = document.createElement('span'); mark.className = 'judgement'; mark.textContent = judgementMark[j]; li.appendChild(mark); }
    }
    if (i === ply) li.classList.add('current');
    li.onclick = () => { viewPly = i === view!.moves.length - 1 ? null : i; selected = null; render(); };
    list.appendChild(li);
  });
  const cur = list.querySelector('.current');
  if (cur && viewPly === null) list.scrollTop = list.scrollHeight;
  else if (cur) (cur as HTMLElement).scrollIntoView({ block: 'nearest' });
  renderReview(position);
  for (const [id, off] of [['nav-first', true], ['nav-prev', true], ['nav-next', false], ['nav-last', false]] as const)
    $<HTMLButtonElement>(id).disabled = off ? ply < 0 : viewPly === null;
  // Notation choice.
  const sel = $<HTMLSelectElement>('notation');
  const opts = notationOptions();
  if (sel.dataset.options !== opts.join() + currentLang()) {
    sel.replaceChildren(...opts.map((o) => { const op = document.createElement('option'); op.value = o; op.textContent = t('notation_' + o); return op; }));
    sel.dataset.options = opts.join() + currentLang();
  }
  sel.value = notation;
  // Controls.
  const live = o.verdict === 'ongoing';
  const mine = mySides();
  // Undo as the server judges it for the seat the button acts for (see act): refused ones say why.
  const undoBy = undoSide();
  const undo = undoBy ? view.undo?.[undoBy] : undefined;
  $<HTMLButtonElement>('undo').disabled = !undo?.allowed;
  $<HTMLButtonElement>('undo').title = undo && !undo.allowed && undo.reason && undo.code !== 'nothing_to_undo' ? refusalText(undo.code, undo.reason, view.game) : '';
  $<HTMLButtonElement>('redo').disabled = !view.can_redo || mine.length === 0;
  $<HTMLButtonElement>('hint').disabled = !live || !canMoveNow();
  $<HTMLButtonElement>('resign').disabled = !live || mine.length === 0;
  $<HTMLButtonElement>('claim-draw').hidden = !(live && view.draw_claims.length > 0);
  // What the claim would be for (threefold repetition, the fifty-move rule), in words.
  $<HTMLButtonElement>('claim-draw').title = view.draw_claims.map((c) => endingText({ verdict: 'draw', winner: 'first', termination: c.termination, reason: c.reason }, endingContext(view!))).join('; ');
  $<HTMLButtonElement>('offer-draw').disabled = !live || mine.length === 0;
  const pending = view.draw_offer.pending;
  $('draw-banner').hidden = !(live && pending && tokenFor(pending === 'first' ? 'second' : 'first') && !tokenFor(pending));
  $<HTMLButtonElement>('review').disabled = view.moves.length === 0;
  $<HTMLButtonElement>('review').classList.toggle('active', reviewOpen);
  $<HTMLButtonElement>('review').classList.toggle('primary', !reviewOpen && o.verdict !== 'ongoing' && view.moves.length > 0);
  $('download-record').textContent = t('download', { kind: recordKind(view.game) });
  $<HTMLTextAreaElement>('record').value = view.record;
  $<HTMLTextAreaElement>('fen-out').value = fen;
  document.body.dataset.game = view.game;
  renderClocks();
}

// Tic-tac-toe: the line of three equal marks, to draw through it.
function threeInARow(g: GameGeometry, fen: string): string[] | undefined {
  const pieces = g.pieces(fen);
  const lines = [[[0, 0], [1, 0], [2, 0]], [[0, 1], [1, 1], [2, 1]], [[0, 2], [1, 2], [2, 2]], [[0, 0], [0, 1], [0, 2]],
    [[1, 0], [1, 1], [1, 2]], [[2, 0], [2, 1], [2, 2]], [[0, 0], [1, 1], [2, 2]], [[0, 2], [1, 1], [2, 0]]];
  for (const line of lines) {
    const keys = line.map(([x, y]) => g.keyAt(x, y)!);
    const marks = keys.map((k) => pieces.get(k)?.type);
    if (marks[0] && marks.every((m) => m === marks[0])) return keys;
  }
  return undefined;
}

// What the words of a game's ending depend on besides its codes.
function endingContext(v: GameView) {
  const c = v.clock.control;
  return { game: v.game, sides: [v.seats[0].side_name, v.seats[1].side_name] as [string, string], perMove: c.kind === 'per_move', maxOverruns: c.max_overruns };
}

// Whether the first player made move i (moves alternate in all four games).
function firstMovedAt(i: number): boolean {
  if (!view) return i % 2 === 0;
  const odd = (view.moves.length - i) % 2 === 1;
  return odd ? view.side_to_move === 'second' : view.side_to_move === 'first';
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
    say(e instanceof Error ? e.message : String(e), 'error');
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
    selected = null;
    render();
  });
  graph.id = 'eval-graph';
  $('review-graph').replaceChildren(graph);
  const here = plies[position];
  const parts: string[] = [];
  if (here) {
    parts.push(`${t('evaluation')}: ${scoreText(here) || '–'}`);
    const played = view.moves[position];
    if (played) parts.push(`${t('played')}: ${moveLabel(played)}` + (played.id === here.best ? ` (${t('best').toLowerCase()})` : ''));
    if (here.best && here.best !== played?.id) parts.push(`${t('best')}: ${moveLabel({ id: here.best, display: here.best_display ?? here.best })}`);
  }
  $('review-text').textContent = parts.join(' · ');
}

// --- New game ----------------------------------------------------------------
function fillNewGame() { fillDialog(games); }

async function openNewGame() {
  $('ng-error').textContent = '';
  await loadPlayers();
  fillNewGame();
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
    const body = await newGameRequest(games);
    const v = await call<GameView>('POST', '/api/games', body);
    tokens = v.tokens ?? {};
    localStorage.setItem('qi.tokens.' + v.id, JSON.stringify(tokens));
    localStorage.setItem('qi.last', v.id);
    $<HTMLDialogElement>('new-game').close();
    view = null;
    say('');
    setView(v);
  } catch (e) {
    // A record or position the server cannot read: its parser says why.
    error.textContent = e instanceof Error ? e.message : String(e);
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
    say(e instanceof Error ? e.message : String(e), 'error');
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
  if (path === '/games') {
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
    else { showPage(null); await openNewGame(); }
  }
  document.body.dataset.ready = 'true';
}

// --- Wiring ------------------------------------------------------------------
function wire() {
  $('new-game-button').onclick = () => { openNewGame(); };
  $('games-button').onclick = () => go('/games');
  $('players-button').onclick = () => go('/players');
  $('ng-cancel').onclick = () => $<HTMLDialogElement>('new-game').close();
  for (const id of ['ng-game', 'ng-opponent', 'ng-variant', 'ng-player', 'ng-player2']) $(id).onchange = fillNewGame;
  $<HTMLInputElement>('ng-level').oninput = () => { $('ng-level-out').textContent = $<HTMLInputElement>('ng-level').value; };
  $<HTMLTextAreaElement>('ng-record').oninput = () => {
    // A pasted record that names its game chooses it in the dialog.
    const g = guessGame($<HTMLTextAreaElement>('ng-record').value);
    if (g.game && games.some((x) => x.name === g.game)) {
      $<HTMLSelectElement>('ng-game').value = g.game;
      fillNewGame();
      if (g.variant) { $<HTMLSelectElement>('ng-variant').value = g.variant; fillNewGame(); }
    }
  };
  $<HTMLFormElement>('new-game-form').onsubmit = (e) => { e.preventDefault(); startNewGame(); };
  $('undo').onclick = () => { const side = undoSide(); if (side) act('undo', {}, side); };
  $('redo').onclick = () => act('redo', {}, mySides()[0]);
  $('hint').onclick = () => act('hint');
  $('resign').onclick = () => { if (confirm(t('confirmResign'))) act('resign', {}, view && tokenFor(view.side_to_move) ? view.side_to_move : mySides()[0]); };
  $('offer-draw').onclick = () => {
    if (!view) return;
    const justMoved = view.side_to_move === 'first' ? 'second' : 'first';
    act('offer-draw', {}, tokenFor(justMoved) ? justMoved : mySides()[0]);
  };
  $('claim-draw').onclick = () => act('claim-draw');
  $('accept-draw').onclick = () => { const p = view?.draw_offer.pending; if (p) act('accept-draw', {}, p === 'first' ? 'second' : 'first'); };
  $('decline-draw').onclick = () => { const p = view?.draw_offer.pending; if (p) act('decline-draw', {}, p === 'first' ? 'second' : 'first'); };
  $('flip').onclick = () => { flipped = !flipped; render(); };
  $('review').onclick = () => { toggleReview(); };
  $('download-record').onclick = () => { if (view) downloadRecord(view); };
  $('copy-fen').onclick = () => { copyText($<HTMLTextAreaElement>('fen-out')).then(() => say(t('fenCopied'))); };
  $<HTMLSelectElement>('notation').onchange = (e) => { notation = (e.target as HTMLSelectElement).value; render(); };
  const lang = $<HTMLSelectElement>('language');
  lang.value = currentLang();
  lang.onchange = () => {
    setLang(lang.value as Lang);
    if (view) notation = notationOptions()[0];
    $<HTMLSelectElement>('notation').dataset.options = '';
    fillNewGame();
    render();
    if (document.body.dataset.page !== 'game') route();
  };
  const step = (to: (cur: number, last: number) => number | null) => {
    if (!view) return;
    const last = view.moves.length - 1;
    const next = to(viewPly ?? last, last);
    viewPly = next === null || next >= last ? null : Math.max(-1, next);
    selected = null;
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
}

async function main() {
  setLang(currentLang());
  applyStatic();
  wire();
  games = (await call<{ games: GameInfo[] }>('GET', '/api/info')).games;
  fillNewGame();
  await route();
}

main();
