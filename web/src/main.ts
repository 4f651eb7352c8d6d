// The page: one game at a time, its board, clocks, moves and controls.
import './style.css';
import { ApiError, GameInfo, GameView, MoveText, call } from './api';
import { Board } from './board';
import { GameGeometry, chineseToWxf, firstSideIsDark, geometryFor } from './games';
import { Lang, applyStatic, currentLang, setLang, sideName, t } from './i18n';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let games: GameInfo[] = [];
let view: GameView | null = null;
let geometry: GameGeometry | null = null;
let tokens: { first?: string; second?: string } = {};
let receivedAt = 0;
let selected: string | null = null;
let flipped = false;
let viewPly: number | null = null;  // null: the live position
let arrow: [string, string] | null = null;
let notation = '';
let events: EventSource | null = null;
let pendingPath: string[] = [];  // checkers: landing squares clicked so far

const board = new Board($('board'), (key, dragged) => onSquare(key, dragged));
// For the end-to-end tests: where a square is, and the game as the page sees it.
(window as unknown as { qi: unknown }).qi = { centre: (key: string) => board.clientCentre(key), view: () => view };

function tokenFor(side: 'first' | 'second'): string | undefined { return tokens[side]; }
function mySides(): ('first' | 'second')[] { return (['first', 'second'] as const).filter((s) => tokens[s]); }
function canMoveNow(): boolean { return !!view && view.outcome.verdict === 'ongoing' && !!tokenFor(view.side_to_move); }
function sideIndex(s: 'first' | 'second') { return s === 'first' ? 0 : 1; }

function say(text: string, kind: 'error' | 'info' = 'info') {
  const m = $('message');
  m.textContent = text;
  m.className = 'message ' + kind;
}

function movesFrom(key: string): MoveText[] {
  return (view?.legal_moves ?? []).filter((m) => geometry!.move(m.id).from === key);
}

async function act(action: string, extra: Record<string, unknown> = {}, side?: 'first' | 'second') {
  if (!view) return;
  const s = side ?? (tokenFor(view.side_to_move) ? view.side_to_move : mySides()[0]);
  const token = s && tokenFor(s);
  if (!token) return;
  try {
    const res = await call<GameView & { move?: MoveText; reason?: string }>('POST', `/api/games/${view.id}/${action}`, { token, ...extra });
    if (action === 'hint' && res.move) {
      const sq = geometry!.move(res.move.id);
      arrow = [sq.from, sq.to];
      say(t('hintIs', { move: moveLabel(res.move), reason: res.reason ?? '' }));
      render();
      return;
    }
    arrow = null;
    say(action === 'offer-draw' ? t('drawOfferSent') : '');
    setView(res);
  } catch (e) {
    if (e instanceof ApiError) say(e.message, 'error'); else throw e;
  }
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
    const options = movesFrom(selected);
    const matches = options.filter((m) => geometry!.move(m.id).to === key);
    if (matches.length === 1) return playMove(matches[0].id);
    if (matches.length > 1) return choose(matches);
    // A landing square in the middle of a checkers capture: remember it.
    const through = options.filter((m) => { const p = geometry!.move(m.id).path; return p.slice(0, pendingPath.length + 1).join() === [...pendingPath, key].join() && p.length > pendingPath.length + 1; });
    if (through.length > 0) { pendingPath.push(key); render(); return; }
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

function choose(moves: MoveText[]) {
  const promotion = geometry!.name === 'chess';
  const box = document.createElement('div');
  box.className = 'chooser';
  const title = document.createElement('div');
  title.textContent = promotion ? t('promoteTo') : t('chooseCapture');
  box.appendChild(title);
  for (const m of moves) {
    const b = document.createElement('button');
    const promo = geometry!.move(m.id).promotion;
    b.textContent = promotion && promo ? { q: '♛', r: '♜', b: '♝', n: '♞' }[promo] ?? promo : m.display;
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
    selected = null; viewPly = null; arrow = null;
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
    const name = seat.kind === 'engine' ? t('level_n', { n: String(seat.level) }) : (tokens[idx === 0 ? 'first' : 'second'] && mySides().length === 1 ? t('you') : seat.name || sideName(seat.side_name));
    box.querySelector('.name')!.textContent = `${sideName(seat.side_name)} · ${name}`;
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
  if (last) { const sq = geometry.move(last.id); lastSquares = [sq.from, ...sq.path]; }
  let check: string | null = null;
  if (viewPly === null && view.in_check && (view.game === 'chess' || view.game === 'xiangqi')) {
    const stm = sideIndex(view.side_to_move);
    for (const [k, p] of geometry.pieces(fen)) if (p.type === 'k' && p.side === stm) check = k;
  }
  let targets: string[] = [];
  if (selected && viewPly === null) {
    const opts = movesFrom(selected).map((m) => geometry!.move(m.id));
    targets = [...new Set(opts.filter((o) => o.path.slice(0, pendingPath.length).join() === pendingPath.join()).map((o) => o.path[pendingPath.length] ?? o.to))];
  }
  board.render({ geometry, variant: view.variant, fen, flipped, selected, targets, lastMove: lastSquares, check, arrow: viewPly === null ? arrow : null, darkFirst: firstSideIsDark(view.game, view.variant), lang: currentLang() });
  // Status line.
  const o = view.outcome;
  let status: string;
  if (o.verdict !== 'ongoing') status = `${t('gameOver')}: ${o.reason} (${o.score})`;
  else if (view.engine_to_move) status = t('thinking');
  else status = (tokenFor(view.side_to_move) && mySides().length === 1 ? t('yourTurn') : t('toMove', { side: sideName(view.seats[sideIndex(view.side_to_move)].side_name) })) + (view.in_check ? ' — ' + t('check') : '');
  const st = $('status');
  st.textContent = status;
  st.className = 'status' + (o.verdict !== 'ongoing' ? ' over' : '');
  // Moves.
  const list = $('moves');
  list.replaceChildren();
  list.className = 'moves' + (view.game === 'chess' || view.game === 'xiangqi' ? ' pairs' : '');
  view.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = moveLabel(m);
    li.dataset.ply = String(i);
    if (i === ply) li.classList.add('current');
    li.onclick = () => { viewPly = i === view!.moves.length - 1 ? null : i; selected = null; render(); };
    list.appendChild(li);
  });
  const cur = list.querySelector('.current');
  if (cur && viewPly === null) list.scrollTop = list.scrollHeight;
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
  $<HTMLButtonElement>('undo').disabled = mine.length === 0 || view.moves.length === 0 || view.engine_to_move && mine.length === 0;
  $<HTMLButtonElement>('redo').disabled = !view.can_redo || mine.length === 0;
  $<HTMLButtonElement>('hint').disabled = !live || !canMoveNow();
  $<HTMLButtonElement>('resign').disabled = !live || mine.length === 0;
  $<HTMLButtonElement>('claim-draw').hidden = !(live && view.draw_claims.length > 0);
  $<HTMLButtonElement>('offer-draw').disabled = !live || mine.length === 0;
  const pending = view.draw_offer.pending;
  $('draw-banner').hidden = !(live && pending && tokenFor(pending === 'first' ? 'second' : 'first') && !tokenFor(pending));
  $<HTMLTextAreaElement>('record').value = view.record;
  $<HTMLTextAreaElement>('fen-out').value = fen;
  document.body.dataset.game = view.game;
  renderClocks();
}

// --- New game ----------------------------------------------------------------
function fillNewGame() {
  const gameSel = $<HTMLSelectElement>('ng-game');
  if (!gameSel.options.length) for (const g of games) { const o = document.createElement('option'); o.value = g.name; gameSel.appendChild(o); }
  for (const o of Array.from(gameSel.options)) o.textContent = t(o.value);
  const info = games.find((g) => g.name === gameSel.value)!;
  const variant = $<HTMLSelectElement>('ng-variant');
  variant.replaceChildren(...info.variants.map((v) => { const o = document.createElement('option'); o.value = v; o.textContent = t(v); return o; }));
  $('ng-variant-row').hidden = info.variants.length === 0;
  const hc = $<HTMLSelectElement>('ng-handicap');
  hc.replaceChildren(...['', ...info.handicaps].map((h) => { const o = document.createElement('option'); o.value = h; o.textContent = h ? t(h) : t('none'); return o; }));
  $('ng-handicap-row').hidden = info.handicaps.length === 0;
  const names: Record<string, [string, string]> = { chess: ['White', 'Black'], xiangqi: ['Red', 'Black'], tictactoe: ['X', 'O'], checkers: ['Black', 'White'] };
  let [a, b] = names[info.name] ?? ['First', 'Second'];
  if (info.name === 'checkers' && variant.value && variant.value !== 'english') [a, b] = ['White', 'Black'];
  $('ng-side-first').textContent = sideName(a);
  $('ng-side-second').textContent = sideName(b);
  const opp = $<HTMLSelectElement>('ng-opponent').value;
  $('ng-level-row').hidden = opp === 'human';
  $('ng-side-row').hidden = opp !== 'engine';
}

async function startNewGame() {
  const f = new FormData($<HTMLFormElement>('new-game-form'));
  const game = String(f.get('game'));
  const opponent = String(f.get('opponent'));
  const level = Number(f.get('level'));
  const side = String(f.get('side'));
  const engine = { kind: 'engine', level };
  const human = { kind: 'human' };
  const seats = opponent === 'human' ? [human, human] : opponent === 'watch' ? [engine, engine] : side === 'first' ? [human, engine] : [engine, human];
  const time = String(f.get('time')).split(':');
  const tc = time[0] === 'sd' ? { kind: 'sudden_death', base_ms: Number(time[1]) * 1000 }
    : time[0] === 'inc' ? { kind: 'increment', base_ms: Number(time[1]) * 1000, increment_ms: Number(time[2]) * 1000 }
      : time[0] === 'pm' ? { kind: 'per_move', per_move_ms: Number(time[1]) * 1000, max_overruns: 3 } : { kind: 'unlimited' };
  const body: Record<string, unknown> = { game, seats, time_control: tc };
  const variant = String(f.get('variant') ?? '');
  if (variant && games.find((g) => g.name === game)?.variants.length) body.variant = variant;
  const handicap = String(f.get('handicap') ?? '');
  if (handicap) body.handicap = handicap;
  const fen = String(f.get('fen') ?? '').trim();
  if (fen) body.fen = fen;
  try {
    const v = await call<GameView>('POST', '/api/games', body);
    tokens = v.tokens ?? {};
    localStorage.setItem('qi.tokens.' + v.id, JSON.stringify(tokens));
    localStorage.setItem('qi.last', v.id);
    view = null;
    say('');
    setView(v);
  } catch (e) {
    say(e instanceof Error ? e.message : String(e), 'error');
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

async function showGames() {
  const list = $('games-list');
  list.replaceChildren();
  const rows = await call<{ id: string; game: string; variant: string; status: string; score: string; names: string[]; plies: number }[]>('GET', '/api/games?limit=30');
  if (!rows.length) { const li = document.createElement('li'); li.textContent = t('noGames'); list.appendChild(li); }
  for (const g of rows) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.textContent = `${t(g.game)}${g.variant ? ' (' + t(g.variant) + ')' : ''} — ${g.names.join(' / ')} — ${g.status === 'over' ? g.score : t('ongoing')} · ${g.plies}`;
    b.onclick = () => { $<HTMLDialogElement>('games-dialog').close(); openGame(g.id); };
    li.appendChild(b);
    list.appendChild(li);
  }
  $<HTMLDialogElement>('games-dialog').showModal();
}

// --- Wiring ------------------------------------------------------------------
function wire() {
  $('new-game-button').onclick = () => { fillNewGame(); $<HTMLDialogElement>('new-game').showModal(); };
  $('games-button').onclick = () => { showGames(); };
  for (const id of ['ng-game', 'ng-opponent', 'ng-variant']) $(id).onchange = fillNewGame;
  $<HTMLInputElement>('ng-level').oninput = () => { $('ng-level-out').textContent = $<HTMLInputElement>('ng-level').value; };
  $<HTMLFormElement>('new-game-form').onsubmit = (e) => {
    const submitter = (e as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'start') startNewGame();
  };
  $('undo').onclick = () => {
    if (!view) return;
    // Between two people at one screen, the player who moved last takes it back.
    const lastMover = view.side_to_move === 'first' ? 'second' : 'first';
    act('undo', {}, mySides().length === 2 ? lastMover : mySides()[0]);
  };
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
  $<HTMLSelectElement>('notation').onchange = (e) => { notation = (e.target as HTMLSelectElement).value; render(); };
  const lang = $<HTMLSelectElement>('language');
  lang.value = currentLang();
  lang.onchange = () => {
    setLang(lang.value as Lang);
    if (view) notation = notationOptions()[0];
    $<HTMLSelectElement>('notation').dataset.options = '';
    fillNewGame();
    render();
  };
  document.addEventListener('keydown', (e) => {
    if (!view || (e.target as HTMLElement).tagName === 'INPUT') return;
    const last = view.moves.length - 1;
    const cur = viewPly ?? last;
    if (e.key === 'ArrowLeft') viewPly = Math.max(-1, cur - 1);
    else if (e.key === 'ArrowRight') viewPly = cur + 1 >= last ? null : cur + 1;
    else return;
    render();
  });
  setInterval(renderClocks, 200);
}

async function main() {
  setLang(currentLang());
  applyStatic();
  wire();
  games = (await call<{ games: GameInfo[] }>('GET', '/api/info')).games;
  fillNewGame();
  const m = location.pathname.match(/^\/game\/([0-9a-f]+)$/);
  const id = m?.[1] ?? localStorage.getItem('qi.last');
  if (id) await openGame(id);
  if (!view) { fillNewGame(); $<HTMLDialogElement>('new-game').showModal(); }
  document.body.dataset.ready = 'true';
}

main();
