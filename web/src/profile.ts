// The players page (/players) and a player's profile (/player/<id>):
// ratings with their history as charts, and the statistics as tables and
// charts. The server's player JSON grows over time, so every field is read
// defensively.
import { ApiError, Player, call, errorText } from './api';
import { renderGameList } from './games_list';
import { Account, passwordProblem } from './account';
import { AccountView, lockIcon } from './account_view';
import { Tally, lineChart, resultBars, resultRing } from './charts';
import { GameCatalog } from './descriptor';
import { h } from './dom';
import { WordKey, currentLang, t } from './i18n';
import { lessonsDoneSection } from './learn_profile';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function tally(label: string, v: unknown): Tally {
  const o = obj(v);
  return { label, wins: num(o.wins) ?? 0, draws: num(o.draws) ?? 0, losses: num(o.losses) ?? 0 };
}

// "engine level 3" and "person" as the server names opponents, in words.
export function opponentName(key: string): string {
  const m = key.match(/^engine level (\d+)$/);
  if (m) return t('engineLevel', { n: m[1] });
  if (key === 'person') return t('person');
  return key;
}

export function durationText(ms: number): string {
  const minutes = Math.round(ms / 60000);
  if (minutes < 60) return t('minutes', { m: String(minutes) });
  return t('hours', { h: String(Math.floor(minutes / 60)), m: String(minutes % 60) });
}

function tallyTable(rows: Tally[], firstHeader: string): HTMLTableElement {
  const table = h('table', { class: 'stats' });
  table.append(h('thead', {}, h('tr', {}, h('th', {}, firstHeader), h('th', {}, t('wins')), h('th', {}, t('draws')), h('th', {}, t('losses')), h('th', {}, '%'))));
  const body = h('tbody');
  for (const r of rows) {
    const n = r.wins + r.draws + r.losses;
    const pct = n ? Math.round(((r.wins + r.draws / 2) / n) * 100) + '%' : '–';
    body.append(h('tr', {}, h('td', {}, r.label), h('td', { class: 'win' }, String(r.wins)), h('td', {}, String(r.draws)), h('td', { class: 'loss' }, String(r.losses)), h('td', {}, pct)));
  }
  table.append(body);
  return table;
}

// File 002's levels: 100 points reach level 30, each further 100 one level
// higher, up to level 1 at 3000; below 100 unranked.
export function levelOf(points: number): number { return points < 100 ? 0 : Math.max(1, 31 - Math.floor(points / 100)); }
function levelText(points: number, given?: unknown): string {
  const l = typeof given === 'number' ? given : levelOf(points);  // the server's level when it says
  return l ? t('levelRank', { n: String(l) }) : t('unranked');
}
function levelGiven(o: Json): unknown {
  let lp = o.level_points;
  if (typeof lp === 'string') { try { lp = JSON.parse(lp); } catch { /* none */ } }
  return obj(lp).level ?? o.level;
}

// The level-and-points figure of a history point or a rating, in whichever
// shape the server gives it: a number, {points, level}, or that as JSON text.
function pointsOf(o: Json): number | null {
  let lp = o.level_points ?? o.points;
  if (typeof lp === 'string') { try { lp = JSON.parse(lp); } catch { return null; } }
  if (typeof lp === 'number') return lp;
  return num(obj(lp).points);
}

const dateText = (ms: number) => new Date(ms).toLocaleDateString();

// A game's colour in the charts: by its place in the server's menu, so that any game has one.
const SERIES_COLOURS = 6;
function seriesClass(catalog: GameCatalog, game: string): string {
  const i = catalog.all().findIndex((g) => g.name === game);
  return 'series-' + ((i < 0 ? SERIES_COLOURS - 1 : i) % SERIES_COLOURS);
}

export async function renderPlayer(host: HTMLElement, id: string, catalog: GameCatalog, logins: AccountView, openGame: (gameId: string) => void, newGame?: (playerId: string) => void) {
  host.replaceChildren(h('p', {}, '…'));
  let p: Json;
  try {
    p = await call<Json>('GET', '/api/players/' + encodeURIComponent(id));
  } catch (e) {
    host.replaceChildren(h('p', { class: 'message error' }, e instanceof ApiError ? e.message : t('noPlayer')));
    return;
  }
  // Its name (with a lock when it has a password), then who may play as it and its password form.
  const player: Player = { id: Number(id), name: String(p.name ?? ''), protected: p.protected === true };
  const out: Node[] = [h('h1', {}, player.name, ...(player.protected ? [' ', lockIcon()] : [])), logins.passwordSection(player)];
  // Charts are drawn at the width they are shown at: one column on a phone, two from 820 px.
  const pageWidth = host.clientWidth - 16;
  const chartWidth = Math.round(Math.max(260, Math.min(560, pageWidth >= 820 ? (pageWidth - 20) / 2 : pageWidth)));
  const stats = obj(p.statistics);
  const total = tally(t('total'), stats.total);

  // Summary: the results ring, streaks and time.
  const n = total.wins + total.draws + total.losses;
  const summary = h('div', { class: 'profile-summary' });
  summary.append(resultRing(total, String(n)));
  const facts = h('dl', { class: 'facts' });
  const fact = (k: string, v: string) => facts.append(h('dt', {}, k), h('dd', {}, v));
  fact(t('gamesPlayed'), String(n));
  fact(`${t('wins')} / ${t('draws')} / ${t('losses')}`, `${total.wins} / ${total.draws} / ${total.losses}`);
  // Streaks: the current run of equal results (none before a first game), and the longest runs.
  const streaks = obj(stats.streaks);
  const current = obj(streaks.current);
  const runKey: Record<string, [WordKey, WordKey]> = { win: ['runWin', 'runWin1'], draw: ['runDraw', 'runDraw1'], loss: ['runLoss', 'runLoss1'] };
  if (typeof current.result === 'string' && runKey[current.result] && num(current.length))
    fact(t('currentRun'), t(runKey[current.result][num(current.length) === 1 ? 1 : 0], { n: String(num(current.length)) }));
  else fact(t('currentStreak'), String(num(stats.current_win_streak) ?? 0));
  fact(t('bestStreak'), String(num(streaks.longest_win) ?? 0));
  fact(t('longestUnbeaten'), String(num(streaks.longest_unbeaten) ?? 0));
  fact(t('longestLoss'), String(num(streaks.longest_loss) ?? 0));
  fact(t('timePlayed'), durationText(num(stats.time_played_ms) ?? 0));
  summary.append(facts);
  if (n > 0) out.push(summary);
  else {
    // A player without a finished game: say so once, and offer one, rather than empty charts and tables.
    const play = h('button', { class: 'primary', id: 'play-as' }, t('playAs', { name: String(p.name ?? '') }));
    play.onclick = () => newGame?.(id);
    out.push(h('div', { class: 'empty-state' }, h('p', {}, t('noFinishedGames')), newGame ? play : ''));
  }

  // The lessons it has done (Learn), when any.
  const lessons = await lessonsDoneSection(player.id, catalog);
  if (lessons) out.push(lessons);

  // Ratings: a table, the Elo history and the level-and-points history.
  const ratings = obj(p.ratings);
  const games = Object.keys(ratings);
  // A variant rated apart (Chess960) comes with its game and variant names.
  const ratingTitle = (key: string) => {
    const r = obj(ratings[key]);
    return typeof r.game === 'string' ? catalog.title(r.game, typeof r.variant === 'string' ? r.variant : '') : catalog.title(key);
  };
  if (games.length > 0 || n > 0) out.push(h('h2', {}, t('ratings')));
  if (games.length === 0) { if (n > 0) out.push(h('p', {}, t('noRatedGames'))); }
  else {
    const table = h('table', { class: 'stats ratings' });
    table.append(h('thead', {}, h('tr', {}, h('th', {}, t('game')), h('th', {}, t('elo')), h('th', {}, t('gamesPlayed')), h('th', {}, t('levelHistory')))));
    const body = h('tbody');
    const eloSeries = [], pointSeries = [];
    for (const g of games) {
      const r = obj(ratings[g]);
      const history = arr(r.history).map(obj);
      const pts = pointsOf(r) ?? (history.length ? pointsOf(history[history.length - 1]) : null);
      body.append(h('tr', {}, h('td', {}, ratingTitle(g)), h('td', {}, String(Math.round(num(r.elo) ?? 0))), h('td', {}, String(num(r.games) ?? history.length)),
        h('td', {}, pts === null ? '–' : `${levelText(pts, pointsOf(r) !== null ? levelGiven(r) : undefined)} · ${pts}`)));
      const at = (o: Json, i: number) => num(o.at_ms) ?? i;
      eloSeries.push({ label: ratingTitle(g), cls: seriesClass(catalog, g), points: history.filter((o) => num(o.elo) !== null).map((o, i) => ({ x: at(o, i), y: num(o.elo)!, title: `${ratingTitle(g)} ${Math.round(num(o.elo)!)} — ${dateText(at(o, i))}` })) });
      pointSeries.push({ label: ratingTitle(g), cls: seriesClass(catalog, g), points: history.filter((o) => pointsOf(o) !== null).map((o, i) => ({ x: at(o, i), y: pointsOf(o)!, title: `${ratingTitle(g)} ${pointsOf(o)} (${levelText(pointsOf(o)!, levelGiven(o))})` })) });
    }
    table.append(body);
    out.push(table);
    const legend = () => h('div', { class: 'legend' }, ...games.map((g) => h('span', { class: 'key ' + seriesClass(catalog, g) }, ratingTitle(g))));
    // Dates on the time axis; hours and minutes when the history spans less than two days.
    const times = games.flatMap((g) => arr(obj(ratings[g]).history).map((o) => num(obj(o).at_ms) ?? 0));
    const shortSpan = times.length > 0 && Math.max(...times) - Math.min(...times) < 2 * 86400000;
    const fmtTime = (x: number) => (x <= 1e11 ? String(x) : shortSpan ? new Date(x).toLocaleTimeString(currentLang() === 'zh' ? 'zh-CN' : undefined, { hour: '2-digit', minute: '2-digit' }) : dateText(x));
    const grid = h('div', { class: 'chart-grid' });
    if (eloSeries.some((s) => s.points.length)) {
      const chart = lineChart(eloSeries, { xFormat: fmtTime, width: chartWidth });
      chart.id = 'rating-chart';
      grid.append(h('div', { class: 'chart-box' }, h('h3', {}, t('ratingHistory')), legend(), chart));
    }
    if (pointSeries.some((s) => s.points.length)) {
      const chart = lineChart(pointSeries, { xFormat: fmtTime, yFormat: (y) => `${y}`, yPad: 10, width: chartWidth });
      chart.id = 'points-chart';
      grid.append(h('div', { class: 'chart-box' }, h('h3', {}, t('levelHistory')), legend(), chart));
    }
    out.push(grid);
  }

  // Results by game and by opponent.
  const byGame = Object.entries(obj(stats.by_game)).map(([g, v]) => tally(catalog.title(g), v));
  const byOpponent = Object.entries(obj(stats.by_opponent)).map(([o, v]) => tally(opponentName(o), v));
  const words = { wins: t('wins'), draws: t('draws'), losses: t('losses') };
  if (byGame.length || byOpponent.length) out.push(h('h2', {}, t('results')));
  const grid = h('div', { class: 'chart-grid' });
  if (byGame.length) {
    const chart = resultBars(byGame, words, chartWidth);
    chart.id = 'results-chart';
    grid.append(h('div', { class: 'chart-box' }, h('h3', {}, t('byGame')), chart, tallyTable([...byGame, total], t('game'))));
  }
  if (byOpponent.length) grid.append(h('div', { class: 'chart-box' }, h('h3', {}, t('byOpponent')), resultBars(byOpponent, words, chartWidth), tallyTable(byOpponent, t('opponentCol'))));
  const byPerson = Object.entries(obj(stats.by_person)).map(([o, v]) => tally(o, v));
  if (byPerson.length) grid.append(h('div', { class: 'chart-box' }, h('h3', {}, t('byPerson')), tallyTable(byPerson, t('opponentCol'))));
  out.push(grid);

  // The player's games.
  const list = h('div', { class: 'profile-games' });
  out.push(h('h2', {}, t('savedGames')), list);
  host.replaceChildren(...out);
  await renderGameList(list, catalog, Number(id), openGame);
}

export async function renderPlayers(host: HTMLElement, account: Account, logins: AccountView, go: (path: string) => void) {
  const players = await call<Player[]>('GET', '/api/players').catch(() => [] as Player[]);
  logins.notePlayers(players);
  const list = h('ul', { class: 'player-list' });
  for (const p of players) {
    const a = h('a', { href: '/player/' + p.id }, p.name, ...(p.protected ? [' ', lockIcon()] : []));
    a.onclick = (e) => { e.preventDefault(); go('/player/' + p.id); };
    list.append(h('li', {}, a));
  }
  // A new profile: a name and, if wished (or when the server keeps accounts), a password.
  const input = h('input', { id: 'new-player-name', maxlength: '32', placeholder: t('newPlayerName'), 'aria-label': t('newPlayerName') });
  const passwordWord = account.accountsRequired() ? t('password') : t('passwordOptional');
  const password = h('input', { id: 'new-player-password', type: 'password', maxlength: '256', autocomplete: 'new-password', placeholder: passwordWord, 'aria-label': passwordWord });
  const button = h('button', { id: 'create-player', type: 'submit' }, t('createPlayer'));
  const msg = h('div', { class: 'message', role: 'alert' });
  const form = h('form', { class: 'inline-form' }, input, password, button);
  form.onsubmit = async (e) => {
    e.preventDefault();
    const problem = password.value ? passwordProblem(password.value) : null;
    if (problem) { msg.textContent = t(problem); msg.className = 'message error'; return; }
    try {
      const p = await account.createProfile(input.value.trim(), password.value);
      go('/player/' + p.id);
    } catch (err) { msg.textContent = errorText(err); msg.className = 'message error'; }
  };
  host.replaceChildren(h('h1', {}, t('playersTitle')), players.length ? list : h('p', {}, t('noPlayers')), form, msg);
}
