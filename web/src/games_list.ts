// The saved games (/games, and a player's games on their profile): a table,
// newest first, each row opening its game. Tabs keep to the games in play or
// the finished ones; a game in play says whose turn it is for this page and
// which players have left it (the server's presence: their page out of touch),
// so that a game waiting on someone who left does not look like a live one.
import { GameSummary, Player, Side, call } from './api';
import { lockText } from './account_view';
import { GameCatalog, VariantDescriptor, sideTitle } from './descriptor';
import { h } from './dom';
import { WordKey, currentLang, t } from './i18n';
import { said } from './server_words';

export type StatusFilter = 'all' | 'ongoing' | 'over';
const filters: [StatusFilter, WordKey][] = [['all', 'allGames'], ['ongoing', 'gamesInPlay'], ['over', 'gamesFinished']];

const sideOf = (i: number): Side => (i === 0 ? 'first' : 'second');
const sideName = (v: VariantDescriptor | undefined, side: Side) => sideTitle(v, side) ?? t(side);

// The seats this page holds in a game (their tokens are kept per game).
function heldSeats(g: GameSummary): Record<string, string> {
  try {
    const held = JSON.parse(localStorage.getItem('qi.tokens.' + g.id) ?? '{}');
    return held && typeof held === 'object' ? held : {};
  } catch { return {}; }
}

// Who played a side of a saved game: the side, then a name or the engine's level.
function seatCell(g: GameSummary, v: VariantDescriptor | undefined, i: number): HTMLElement {
  const level = g.levels?.[i] ?? 0;
  const who = level > 0 ? t('engineLevel', { n: String(level) }) : g.names?.[i] || t('guestShort');
  return h('td', { class: 'nowrap seat seat-' + i }, h('span', { class: 'side-name' }, sideName(v, sideOf(i)) + ' '), who);
}

// Whose turn a game is, for this page: it holds the tokens of the seats it plays.
type Turn = 'yourMove' | 'theirMove' | 'finished' | 'ongoing';
function turnOf(g: GameSummary): Turn {
  if (g.status === 'over') return 'finished';
  const held = heldSeats(g);
  if (held[g.to_move]) return 'yourMove';
  return held.first || held.second ? 'theirMove' : 'ongoing';
}

// The players of a game in play who have left it, but for this page's own
// seats (whose turn badge already says the game waits on this page).
function leftBadges(g: GameSummary, v: VariantDescriptor | undefined): HTMLElement[] {
  if (g.status === 'over') return [];
  const held = heldSeats(g);
  const gone = (g.gone ?? []).filter((side) => !held[side]);
  if (gone.length === 2) return [h('span', { class: 'badge left', 'data-side': 'both' }, t('bothLeft'))];
  return gone.map((side) => h('span', { class: 'badge left', 'data-side': side }, t('sideLeft', { side: sideName(v, side) })));
}

function resultCell(g: GameSummary, v: VariantDescriptor | undefined): HTMLElement {
  const turn = turnOf(g);
  const badge = h('span', { class: 'badge turn-' + turn }, t(turn));
  if (g.status !== 'over') return h('td', { class: 'result' }, badge, ...leftBadges(g, v).flatMap((b) => [' ', b]));
  const words = said(g.words, g.reason ?? '');
  return h('td', { class: 'result' }, badge, ' ', h('strong', { class: 'score' }, g.score), ' ', words);
}

// Moves, not plies: a move is both sides' turns.
const movesOf = (plies: number) => Math.ceil(plies / 2);

function gameRow(g: GameSummary, games: GameCatalog, openGame: (id: string) => void): HTMLElement {
  const v = games.variantOf(g.game, g.variant);
  const when = g.updated_ms || g.created_ms;
  const left = g.status !== 'over' && (g.gone ?? []).length > 0;
  const tr = h('tr', { class: 'game-row ' + (g.status === 'over' ? 'over' : 'ongoing') + (g.rated ? ' rated-game' : '') + (left ? ' left' : ''), 'data-id': g.id, tabindex: '0' },
    h('td', { class: 'nowrap date' }, when ? new Date(when).toLocaleString(currentLang() === 'zh' ? 'zh-CN' : undefined, { dateStyle: 'short', timeStyle: 'short' }) : ''),
    h('td', { class: 'nowrap game' }, games.title(g.game, g.variant)),
    seatCell(g, v, 0), seatCell(g, v, 1), resultCell(g, v),
    h('td', { class: 'plies', 'data-label': t('moves') }, String(movesOf(g.plies))), h('td', { class: 'rated' + (g.rated ? '' : ' empty') }, g.rated ? '✓' : ''));
  tr.onclick = () => openGame(g.id);
  tr.onkeydown = (e) => { if (e.key === 'Enter') openGame(g.id); };
  return tr;
}

// The saved games as a table, newest first (the latest 100); `status` keeps
// to the games in play or the finished ones.
export async function renderGameList(host: HTMLElement, games: GameCatalog, player: number | null, openGame: (id: string) => void, status: StatusFilter = 'all') {
  let rows: GameSummary[] = [];
  try {
    rows = await call<GameSummary[]>('GET', '/api/games?limit=100' + (player ? '&player=' + player : ''));
  } catch (e) {
    host.replaceChildren(h('p', { class: 'message error' }, e instanceof Error ? e.message : String(e)));
    return;
  }
  rows = rows.filter((g) => status === 'all' || (status === 'over') === (g.status === 'over'));
  if (!rows.length) { host.replaceChildren(h('p', { class: 'empty-list' }, t(status === 'all' ? 'noGames' : status === 'over' ? 'noFinishedInList' : 'noGamesInPlay'))); return; }
  const table = h('table', { class: 'stats games-table' });
  table.append(h('thead', {}, h('tr', {}, ...[t('date'), t('game'), t('first'), t('second'), t('result'), t('moves'), t('ratedCol')].map((s) => h('th', {}, s)))));
  table.append(h('tbody', {}, ...rows.map((g) => gameRow(g, games, openGame))));
  host.replaceChildren(h('div', { class: 'table-scroll' }, table));
}

// The saved-games page: every game, or one player's; all, in play or finished.
export async function renderGamesPage(host: HTMLElement, games: GameCatalog, openGame: (id: string) => void) {
  const players = await call<Player[]>('GET', '/api/players').catch(() => [] as Player[]);
  const filter = h('select', { id: 'games-filter', 'aria-label': t('player') });
  filter.append(new Option(t('allPlayers'), ''), ...players.map((p) => new Option(p.name + lockText(p), String(p.id))));
  const list = h('div', { id: 'games-list' });
  let status: StatusFilter = 'all';
  const tabs = h('div', { class: 'tabs', role: 'tablist', id: 'games-status' });
  const show = () => {
    tabs.querySelectorAll<HTMLButtonElement>('button').forEach((b) => {
      const on = b.dataset.status === status;
      b.classList.toggle('active', on);
      b.setAttribute('aria-selected', String(on));
    });
    return renderGameList(list, games, filter.value ? Number(filter.value) : null, openGame, status);
  };
  for (const [value, word] of filters) {
    const b = h('button', { type: 'button', role: 'tab', 'data-status': value }, t(word));
    b.onclick = () => { status = value; show(); };
    tabs.append(b);
  }
  filter.onchange = () => { show(); };
  host.replaceChildren(h('div', { class: 'page-head' }, h('h1', {}, t('savedGamesTitle')), players.length ? filter : ''), tabs, list);
  await show();
}
