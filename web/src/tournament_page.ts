// A tournament's page (/tournaments/<id>): what it is, its share link and QR
// code, its entrants (join, withdraw), the round in play with "Play my game"
// and a link to watch each game, the standings with their tie-break
// columns, the crosstable and the past rounds; for the organiser the
// controls that change it (add the engine, start a round, enter a result,
// withdraw an entrant). The page is a view of the server's document: it
// asks again every few seconds and draws again when the version changed.
import { Player, call, errorText } from './api';
import type { Account } from './account';
import { lockText } from './account_view';
import { GameCatalog, sideTitle } from './descriptor';
import { h } from './dom';
import { downloadText, recordKind } from './export';
import { t } from './i18n';
import { copyLink, drawLinkQr } from './invite';
import type { OpenGame } from './lobby';
import type { Board, BoardResult, Round, TournamentSeat, TournamentView } from './tournament_api';
import { MatchBox, Slot, bracketColumns, knockoutFacts, knockoutProgress, placings } from './tournament_bracket';
import { boardGroup, groupLetters, groupsOf, groupStageProgress, groupTable, groupsFacts, groupsOver } from './tournament_groups';
import {
  Controls, Table, boardCells, hasBracket, controlsFor, crossCellClass, crosstableTable, currentRound, formatText, myBoards, progressText,
  reporterOf, reportsText, resultChoices, scoringText, sideMarks, standingsTable, statusText, tieBreakName, timeControlText,
} from './tournament_view';

const EVERY_MS = 3000;

// The profiles joined from this device, by tournament: "Play my game" is theirs here.
const mineKey = (id: string) => `qi.tournament.${id}`;
function joinedHere(id: string): number[] {
  try { return JSON.parse(localStorage.getItem(mineKey(id)) ?? '[]'); } catch { return []; }
}
function noteJoined(id: string, playerId: number) {
  const known = joinedHere(id);
  if (!known.includes(playerId)) localStorage.setItem(mineKey(id), JSON.stringify([...known, playerId]));
}

// The join form offers the profiles not entered yet (the first of them chosen
// when the one chosen has joined); false when none is left.
function offerUnentered(sel: HTMLSelectElement, v: TournamentView): boolean {
  const entered = new Set(v.entrants.map((e) => String(e.player_id)));
  for (const o of Array.from(sel.options)) o.hidden = o.disabled = entered.has(o.value);
  const left = Array.from(sel.options).filter((o) => !o.hidden);
  if (left.length && sel.selectedOptions[0]?.hidden) {
    sel.value = left[0].value;
    sel.dispatchEvent(new Event('change'));  // its password row follows
  }
  return left.length > 0;
}

function table(tab: Table, cls: string, cellClass?: (row: number, col: number) => string): HTMLElement {
  const head = h('tr', {}, ...tab.headers.map((x) => h('th', { title: x.title }, x.text)));
  const body = tab.rows.map((r, i) => h('tr', {}, ...r.map((c, j) => h('td', { class: cellClass?.(i, j) ?? '' }, c))));
  return h('div', { class: 'table-scroll' }, h('table', { class: 'stats ' + cls }, h('thead', {}, head), h('tbody', {}, ...body)));
}

// The page's state: the tournament shown, its last version, and the refresh's timer.
export class TournamentPage {
  private timer: number | undefined;
  private view: TournamentView | null = null;
  private players: Player[] = [];

  constructor(private readonly games: GameCatalog, private readonly account: Account, private readonly go: (path: string) => void,
    private readonly open: OpenGame) {}

  stop() {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  async render(host: HTMLElement, id: string) {
    this.stop();
    this.view = null;
    let view: TournamentView;
    try {
      view = await call<TournamentView>('GET', '/api/tournaments/' + id);
    } catch (e) {
      host.replaceChildren(h('h1', {}, t('tournamentsTitle')), h('p', { class: 'message error' }, errorText(e)));
      return;
    }
    this.players = await call<Player[]>('GET', '/api/players').catch(() => [] as Player[]);
    const msg = h('div', { class: 'message', role: 'alert', id: 't-message' });
    const live = h('div', { id: 't-live' });
    const join = this.joinForm(id);
    host.replaceChildren(h('div', { class: 'tournament' }, h('h1', { id: 't-name' }, view.name), h('div', { id: 't-facts' }),
      msg, join, live));
    const draw = (v: TournamentView) => {
      this.view = v;
      host.querySelector('#t-facts')!.replaceWith(this.facts(v));
      const controls = controlsFor(v, this.mine(id));
      // A player logged in who has joined has nothing more to join with.
      const me = this.account.loggedIn();
      const joined = !!me && v.entrants.some((e) => e.player_id === me.id);
      join.hidden = !controls.join || joined || !offerUnentered(join.querySelector('select')!, v);
      live.replaceChildren(...this.sections(v, controls, msg));
      host.dataset.version = String(v.version);
    };
    draw(view);
    const refresh = async () => {
      const v = await call<TournamentView>('GET', '/api/tournaments/' + id).catch(() => null);
      if (v && v.version !== this.view?.version) draw(v);
    };
    // A change made here: the answer is the new view, drawn at once.
    this.apply = async (request: () => Promise<TournamentView>) => {
      try {
        draw(await request());
        msg.textContent = '';
        msg.className = 'message';
      } catch (e) {
        msg.textContent = errorText(e);
        msg.className = 'message error';
        await refresh();
      }
    };
    this.timer = window.setInterval(() => { if (document.body.dataset.page === 'tournament') refresh(); else this.stop(); }, EVERY_MS);
  }

  private apply: (request: () => Promise<TournamentView>) => Promise<void> = async () => {};

  // The account logged in and the profiles joined from this device.
  private mine(id: string): Set<number> {
    const me = this.account.loggedIn();
    return new Set([...(me ? [me.id] : []), ...joinedHere(id)]);
  }

  private facts(v: TournamentView): HTMLElement {
    const row = (k: string, value: string | Node) => [h('dt', {}, k), h('dd', {}, value)];
    const tb = v.tie_breaks.map((c) => h('abbr', { title: tieBreakName(c) }, c.toUpperCase()));
    const tbList = h('span', {});
    tb.forEach((a, i) => tbList.append(...(i ? [', ', a] : [a])));
    return h('dl', { class: 'facts tournament-facts', id: 't-facts' },
      ...row(t('game'), this.games.title(v.game, v.variant)),
      ...(v.time_control ? row(t('timeControl'), timeControlText(v.time_control)) : []),
      ...row(t('tFormat'), [formatText(v.format), v.format === 'groups-knockout' ? groupsFacts(v) : '', hasBracket(v.format) ? knockoutFacts(v) : '']
        .filter((x) => x).join(' · ')),
      ...row(t('tScoring'), scoringText(v.scoring)),
      ...row(t('tTieBreaks'), tbList),
      ...row(t('tOrganiser'), v.organiser.name + (v.you_organise ? ` (${t('you')})` : '')),
      ...(v.starts_ms && v.status === 'open' ? row(t('tStarts'), new Date(v.starts_ms).toLocaleString()) : []),
      ...row(t('tStatus'), `${statusText(v.status)} · ${this.progress(v)}${v.rated ? ' · ' + t('rated') : ''}`));
  }

  private progress(v: TournamentView): string {
    if (v.format === 'groups-knockout') return groupStageProgress(v) ?? knockoutProgress(v);
    return v.format === 'knockout' ? knockoutProgress(v) : progressText(v.rounds.length, v.rounds_planned);
  }

  // The groups' tables, each its own section: the two going through highlighted once the group is over.
  private groupTables(v: TournamentView): HTMLElement[] {
    const groups = groupsOf(v);
    if (!groups.length || !v.rounds.length) return [];
    const out: HTMLElement[] = [h('h2', { id: 't-groups-title' }, t('gkGroupStage'))];
    for (const g of groups) {
      const tab = groupTable(v, g);
      const through = new Set(g.qualified);
      const head = h('tr', {}, ...tab.headers.map((x) => h('th', { title: x.title }, x.text)));
      const body = tab.rows.map((r, i) => h('tr', { class: through.has(g.standings[i].entrant) ? 'qualified' : '', 'data-entrant': String(g.standings[i].entrant) },
        ...r.map((c, j) => h('td', { class: j === 2 ? 'points' : j >= 3 ? 'num' : '' }, c))));
      out.push(h('section', { class: 'printable group-table', 'data-group': g.name }, h('h3', {}, t('gkGroupN', { name: g.name })),
        h('div', { class: 'table-scroll' }, h('table', { class: 'stats standings group-standings' }, h('thead', {}, head), h('tbody', {}, ...body)))));
    }
    if (groups.some((g) => g.qualified.length)) out.push(h('p', { class: 'note' }, t('gkQualifiedNote')));
    return out;
  }

  // Join: one of the profiles (the account logged in by default), with the
  // password of a protected one the page is not logged in as.
  private joinForm(id: string): HTMLElement {
    const who = h('select', { id: 't-join-player', 'aria-label': t('tJoinAs') });
    who.append(...this.players.map((p) => new Option(p.name + lockText(p), String(p.id))));
    const me = this.account.loggedIn();
    const remembered = localStorage.getItem('qi.player');
    if (me) who.value = String(me.id); else if (remembered && this.players.some((p) => String(p.id) === remembered)) who.value = remembered;
    const password = h('input', { id: 't-join-password', type: 'password', maxlength: '256', placeholder: t('password'), 'aria-label': t('password') });
    const showPassword = () => { password.hidden = !this.account.needsPassword(this.players.find((p) => String(p.id) === who.value)); };
    who.onchange = showPassword;
    showPassword();
    const button = h('button', { id: 't-join', type: 'submit', class: 'primary' }, t('tJoin'));
    const form = h('form', { class: 'inline-form join-form' }, h('span', {}, t('tJoinAs')), who, password, button);
    form.onsubmit = async (e) => {
      e.preventDefault();
      if (!who.value) return;
      const playerId = Number(who.value);
      await this.apply(async () => {
        const v = await call<TournamentView>('POST', `/api/tournaments/${id}/join`,
          { player_id: playerId, ...(password.hidden || !password.value ? {} : { password: password.value }) });
        noteJoined(id, playerId);
        localStorage.setItem('qi.player', String(playerId));
        return v;
      });
    };
    if (!this.players.length) form.hidden = true;
    return h('div', { id: 't-join-box' }, form);
  }

  private sections(v: TournamentView, c: Controls, msg: HTMLElement): HTMLElement[] {
    const id = v.id;
    const post = (action: string, body: unknown) => this.apply(() => call<TournamentView>('POST', `/api/tournaments/${id}/${action}`, body));
    const out: HTMLElement[] = [];

    // The organiser's controls.
    if (v.you_organise) {
      const bar = h('div', { class: 'controls organiser-controls' }, h('span', { class: 'note' }, t('tYouOrganise')));
      if (c.startRound !== null) {
        const start = h('button', { id: 't-start-round', class: 'primary' }, t('tStartRound', { n: String(c.startRound) }));
        start.onclick = () => post('start-round', {});
        bar.append(start);
      }
      if (c.addEngine) {
        const level = h('select', { id: 't-engine-level', 'aria-label': t('level') });
        for (let n = 1; n <= 10; n++) level.append(new Option(t('level_n', { n: String(n) }), String(n)));
        level.value = '3';
        const add = h('button', { id: 't-add-engine' }, t('tAddEngine'));
        add.onclick = () => post('join', { level: Number(level.value) });
        bar.append(h('span', { class: 'inline-group' }, level, add));
      }
      out.push(bar);
    }

    // "Play my game" for each of this page's players with a game in the round.
    for (const { board, entrants } of myBoards(v, this.mine(id))) {
      const play = h('button', { class: 'primary big play-my-game', 'data-board': String(board.board) },
        `${t('tPlayMyGame')} — ${entrants.map((e) => e.name).join(' · ')} (${t('tBoard')} ${board.board})`);
      play.onclick = async () => {
        try {
          const seats = await Promise.all(entrants.map((e) =>
            call<TournamentSeat>('POST', `/api/tournaments/${id}/seat`, { player_id: e.player_id })));
          this.stop();
          this.open(seats[0].game_id, Object.fromEntries(seats.map((seat) => [seat.side, seat.token])));
        } catch (e) {
          msg.textContent = errorText(e);
          msg.className = 'message error';
        }
      };
      out.push(h('div', { class: 'my-game' }, play));
    }

    // Before the start the link is what the organiser needs first; later the games are.
    if (c.share && v.status === 'open') out.push(this.share(id));
    // A knockout's bracket comes first: it says who plays whom and who goes on.
    // After groups, the groups' tables come first while they play, the bracket once they are over.
    const grouped = v.format === 'groups-knockout';
    const groupsFirst = grouped && !groupsOver(v);
    if (groupsFirst) out.push(...this.groupTables(v));
    if (hasBracket(v.format) && v.bracket) out.push(...this.bracket(v));
    if (grouped && !groupsFirst) out.push(...this.groupTables(v));
    const round = currentRound(v);
    const stage = grouped && round ? (round.boards.some((b) => b.group) ? ' · ' + t('gkGroupStage') : ' · ' + t('gkKnockoutStage')) : '';
    if (round) out.push(h('h2', { id: 't-round-title' }, `${t('tPairings')} · ${t('tRoundN', { n: String(round.round) })}${stage}`),
      this.pairings(v, round, c, post, 'current-round'));

    // After groups, the groups' tables are the standings; one table across groups and knockout would rank nothing.
    if (v.standings.length && !grouped) {
      const tab = standingsTable(v);
      out.push(h('section', { class: 'printable' }, h('h2', { id: 't-standings-title' }, t('tStandings')), table(tab, 'standings', (_, j) => (j === 2 ? 'points' : j >= 3 ? 'num' : ''))));
    }
    if (v.crosstable.length && v.rounds.length && !grouped) {
      const variant = this.games.variantOf(v.game, v.variant);
      const marks = sideMarks(sideTitle(variant, 'first') ?? t('first'), sideTitle(variant, 'second') ?? t('second'));
      const tab = crosstableTable(v, marks);
      const rounds = tab.headers.length - 3;
      out.push(h('h2', {}, t('tCrosstable')), table(tab, 'crosstable', (i, j) => {
        if (j < 2 || j >= 2 + rounds) return j === 2 + rounds ? 'points' : '';
        const cell = v.crosstable[i].rounds[j - 2];
        return cell ? 'cross ' + crossCellClass(cell) : 'cross';
      }));
    }

    const past = v.rounds.slice(0, -1).reverse();
    if (past.length) {
      out.push(h('h2', {}, t('tPastRounds')));
      for (const r of past)
        out.push(h('details', { class: 'past-round' }, h('summary', {}, t('tRoundN', { n: String(r.round) })), this.pairings(v, r, c, post, 'past')));
    }

    out.push(h('h2', {}, t('tEntrants')), this.entrants(v, c, post));

    if (c.share && v.status !== 'open') out.push(this.share(id));
    out.push(this.exports(v, msg));
    return out;
  }

  // The bracket, a column for each bracket round, scrolling sideways in its
  // own box on a narrow screen; then the placings known so far.
  private bracket(v: TournamentView): HTMLElement[] {
    const slot = (x: Slot) => h('div', { class: 'slot' + (x.won ? ' won' : '') + (x.entrant ? '' : ' empty'), 'data-entrant': String(x.entrant) },
      h('span', { class: 'seed' }, x.seed), h('span', { class: 'name' }, x.name), h('span', { class: 'score' }, x.score));
    const box = (m: MatchBox) => {
      const games = m.games.map((g) => {
        const a = h('a', { href: g.game_id ? '/game/' + g.game_id : '#', class: 'match-game', title: g.title }, g.label);
        a.onclick = (e) => { e.preventDefault(); if (g.game_id) this.go('/game/' + g.game_id); };
        return a;
      });
      const state = [m.next, m.state === 'playing' ? t('koPlaying') : ''].filter((x) => x).join(' · ');
      return h('div', { class: `match-box ${m.state}${m.armageddon ? ' armageddon' : ''}`, 'data-match': String(m.number) },
        h('div', { class: 'match-head' }, h('span', {}, t('koMatchN', { n: String(m.number) })),
          m.decidedBy ? h('span', { class: 'decided-by' + (m.armageddon ? ' ko-armageddon' : '') }, m.decidedBy) : h('span', { class: 'note' }, state)),
        slot(m.a), slot(m.b), games.length ? h('div', { class: 'match-games' }, ...games) : '');
    };
    const columns = bracketColumns(v).map((col) => h('div', { class: 'bracket-col', 'data-round': String(col.round) },
      h('h3', {}, col.title), h('div', { class: 'bracket-matches' }, ...col.matches.map(box))));
    const out: HTMLElement[] = [h('h2', { id: 't-bracket-title' }, t('koBracket')),
      h('div', { class: 'bracket-scroll', id: 't-bracket' }, h('div', { class: 'bracket' }, ...columns))];
    const places = placings(v);
    if (places.length) {
      out.push(h('section', { class: 'printable' }, h('h2', { id: 't-placings-title' }, t('koPlacings')),
        h('ol', { class: 'placings', id: 't-placings' }, ...places.map((p) => h('li', { 'data-place': String(p.place) },
          h('span', { class: 'place' }, p.text), h('span', {}, p.names.join(' · ')))))));
    }
    return out;
  }

  private pairings(v: TournamentView, round: Round, c: Controls, post: (action: string, body: unknown) => Promise<void>, cls: string): HTMLElement {
    const grouped = round.boards.some((b) => b.group);
    const head = h('tr', {}, ...(grouped ? [h('th', {}, t('gkGroup'))] : []), h('th', {}, t('tBoard')), h('th', {}, t('first')), h('th', {}, t('second')), h('th', {}, t('result')), h('th', { class: 'no-print' }, ''));
    const rows = round.boards.map((b: Board) => {
      const cells = boardCells(v, b).map((text, i) => h('td', { class: i === 3 ? 'result' : '' }, text));
      if (b.result_by === 'organiser') cells[3].append(h('span', { class: 'note', title: t('tByOrganiser') }, ' ✎'));
      if (b.result_by === 'players') cells[3].append(h('span', { class: 'note', title: t('tByPlayers') }, ' ✓'));
      if (b.result_by === 'no-show') cells[3].append(h('span', { class: 'note no-show' }, ' · ' + t('tNoShow')));
      const reported = reportsText(b);
      if (reported) cells[3].append(h('span', { class: 'note reports', title: t('tReported') }, ' ' + t('tReported') + ': ' + reported));
      const actions = h('td', { class: 'no-print board-actions' });
      if (b.game_id) {
        const watch = h('a', { href: '/game/' + b.game_id, class: 'watch' }, t('tWatch'));
        watch.onclick = (e) => { e.preventDefault(); this.go('/game/' + b.game_id); };
        actions.append(watch);
      }
      const reporter = reporterOf(v, b, this.mine(v.id));
      if (reporter && !c.enterResults) {
        const sel = h('select', { class: 'report-entry', 'data-board': String(b.board), 'aria-label': t('tReportResult', { n: String(b.board) }) });
        sel.append(new Option(t('tReportResult', { n: String(b.board) }), ''), ...resultChoices().map((x) => new Option(x.text, x.value)));
        sel.value = b.reports?.[b.first === reporter.entrant ? 0 : 1] ?? '';
        sel.onchange = () => { if (sel.value) post('report', { player_id: reporter.player_id, round: round.round, board: b.board, result: sel.value as BoardResult }); };
        actions.append(sel);
      }
      if (c.enterResults && b.second !== 0) {
        const sel = h('select', { class: 'result-entry', 'data-board': String(b.board), 'aria-label': t('tSetResult', { n: String(b.board) }) });
        sel.append(new Option('…', ''), ...resultChoices().map((x) => new Option(x.text, x.value)));
        sel.value = b.result ?? '';
        sel.onchange = () => { if (sel.value) post('result', { round: round.round, board: b.board, result: sel.value as BoardResult }); };
        actions.append(sel);
      }
      const group = grouped ? [h('td', { class: 'group' }, boardGroup(v, b))] : [];
      return h('tr', { class: 'board-row', 'data-board': String(b.board), 'data-group': boardGroup(v, b) }, ...group, ...cells, actions);
    });
    return h('div', { class: 'table-scroll printable' }, h('table', { class: 'stats pairings ' + cls + (grouped ? ' grouped' : '') }, h('thead', {}, head), h('tbody', {}, ...rows)));
  }

  private entrants(v: TournamentView, c: Controls, post: (action: string, body: unknown) => Promise<void>): HTMLElement {
    if (!v.entrants.length) return h('p', {}, t('tNoEntrants'));
    const own = new Set(c.withdraw.map((e) => e.entrant));
    const letters = groupLetters(v);
    const items = v.entrants.map((e) => {
      const li = h('li', { class: 'entrant' + (e.withdrawn ? ' withdrawn' : ''), 'data-entrant': String(e.entrant) },
        h('span', { class: 'rank' }, String(e.entrant)), ' ',
        letters.has(e.entrant) ? h('span', { class: 'group-letter', title: t('gkGroupN', { name: letters.get(e.entrant)! }) }, letters.get(e.entrant)!) : '',
        e.player_id !== null ? h('a', { href: '/player/' + e.player_id }, e.name) : h('span', {}, e.name),
        e.withdrawn ? h('span', { class: 'note' }, ' · ' + t('tWithdrawn')) : '');
      const link = li.querySelector('a');
      if (link) link.onclick = (ev) => { ev.preventDefault(); this.go('/player/' + e.player_id); };
      if (!e.withdrawn && (own.has(e.entrant) || c.withdrawAny)) {
        const w = h('button', { class: 'withdraw' }, t('tWithdraw'));
        w.onclick = () => {
          if (!confirm(t('tConfirmWithdraw', { name: e.name }))) return;
          post('withdraw', own.has(e.entrant) && e.player_id !== null ? { player_id: e.player_id } : { entrant: e.entrant });
        };
        li.append(' ', w);
      }
      return li;
    });
    return h('ol', { class: 'entrants' }, ...items);
  }

  private share(id: string): HTMLElement {
    const link = `${location.origin}/tournaments/${id}`;
    const input = h('input', { id: 't-share-link', readonly: '', value: link, 'aria-label': t('tShare') });
    const copy = h('button', { type: 'button' }, t('copyLink'));
    const note = h('span', { class: 'note' });
    copy.onclick = () => { copyLink(input).then((text) => { note.textContent = text; }); };
    const canvas = h('canvas', { id: 't-share-qr', width: '176', height: '176' });
    drawLinkQr(canvas, link);
    return h('section', { class: 'invite-panel share-panel no-print' }, h('strong', {}, t('tShare')), h('p', { class: 'note' }, t('tShareNote')),
      h('div', { class: 'invite-row' }, input, copy), note, canvas);
  }

  private exports(v: TournamentView, msg: HTMLElement): HTMLElement {
    const fail = (e: unknown) => { msg.textContent = errorText(e); msg.className = 'message error'; return null; };
    const print = h('button', { id: 't-print' }, t('tPrint'));
    print.onclick = () => window.print();
    const trf = h('button', { id: 't-trf' }, t('tDownloadTrf'));
    trf.onclick = async () => {
      const r = await call<{ trf: string }>('GET', `/api/tournaments/${v.id}/trf`).catch(fail);
      if (r) downloadText(r.trf, `qi-tournament-${v.id}.trf`);
    };
    const kind = recordKind(this.games.variantOf(v.game, v.variant));
    const records = h('button', { id: 't-records' }, `${t('tDownloadGames')} (${kind})`);
    records.onclick = async () => {
      const r = await call<{ records: string }>('GET', `/api/tournaments/${v.id}/records`).catch(fail);
      if (r) downloadText(r.records, `qi-tournament-${v.id}.${kind.toLowerCase()}`);
    };
    return h('div', { class: 'controls no-print exports' }, print, trf, records);
  }
}
