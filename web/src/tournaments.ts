// The tournaments page (/tournaments): the tournaments open for entries, in
// play and finished, each a link to its page; and for a logged-in account the
// form that creates one (the organiser is that account). The form offers
// the games of the server's menu, the time controls of a game between
// devices, the formats and scorings, and the tie-breaks as an ordered list.
import { call, errorText } from './api';
import type { Account } from './account';
import { GameCatalog, hasVariants } from './descriptor';
import { h } from './dom';
import { t } from './i18n';
import { TIME_CHOICES } from './lobby';
import { said } from './server_words';
import type { Decider, TournamentFormat, TournamentSummary, TournamentView } from './tournament_api';
import {
  FORMATS, SCORINGS, TIE_BREAKS, defaultScoring, defaultTieBreaks, hasBracket, formatText, groupByStatus, listProgressText, statusText, tieBreakName, tieBreakStages,
  tournamentRequest,
} from './tournament_view';

export const tournamentPath = (id: string) => '/tournaments/' + id;

function listTable(list: TournamentSummary[], games: GameCatalog, go: (path: string) => void): HTMLElement {
  const rows = list.map((s) => {
    const link = h('a', { href: tournamentPath(s.id), class: 'tournament-link' }, s.name);
    link.onclick = (e) => { e.preventDefault(); go(tournamentPath(s.id)); };
    return h('tr', { class: 'tournament-row', 'data-id': s.id },
      h('td', {}, link), h('td', {}, games.title(s.game, s.variant)), h('td', {}, formatText(s.format)),
      h('td', { class: 'nowrap' }, t('tEntrantsCount', { n: String(s.entrants) })),
      h('td', { class: 'nowrap' }, listProgressText(s)), h('td', { class: 'note' }, s.organiser.name));
  });
  return h('div', { class: 'table-scroll' }, h('table', { class: 'stats tournaments-table' }, h('tbody', {}, ...rows)));
}

// The tie-breaks chosen, in order: each can move up or go; the others can be added.
class TieBreakChooser {
  private chosen: string[] = [];
  readonly element = h('div', { class: 'tie-break-chooser', id: 'tn-tie-breaks' });

  set(codes: string[]) { this.chosen = [...codes]; this.draw(); }
  codes(): string[] { return [...this.chosen]; }

  private draw() {
    const items = this.chosen.map((code, i) => {
      const up = h('button', { type: 'button', class: 'tb-up', title: t('tMoveUp'), 'aria-label': t('tMoveUp') }, '↑');
      up.disabled = i === 0;
      up.onclick = () => { [this.chosen[i - 1], this.chosen[i]] = [this.chosen[i], this.chosen[i - 1]]; this.draw(); };
      const remove = h('button', { type: 'button', class: 'tb-remove', title: t('remove'), 'aria-label': t('remove') }, '×');
      remove.onclick = () => { this.chosen.splice(i, 1); this.draw(); };
      return h('li', { 'data-code': code }, h('div', {}, h('span', { class: 'tb-code' }, code.toUpperCase()),
        h('span', { class: 'tb-name' }, tieBreakName(code)), up, remove));
    });
    const rest = TIE_BREAKS.filter((tb) => !this.chosen.includes(tb.code));
    const add = h('select', { id: 'tn-tie-break-add', 'aria-label': t('tTieBreakAdd') });
    add.append(new Option(t('tTieBreakAdd') + '…', ''), ...rest.map((tb) => new Option(`${tb.code.toUpperCase()} · ${t(tb.name)}`, tb.code)));
    add.onchange = () => { if (add.value) { this.chosen.push(add.value); this.draw(); } };
    this.element.replaceChildren(h('ol', { class: 'tie-breaks' }, ...items), add);
  }
}

function createForm(games: GameCatalog, go: (path: string) => void): HTMLFormElement {
  const field = (label: string, input: HTMLElement, id = '') => h('label', id ? { id } : {}, h('span', {}, label), input);
  const name = h('input', { id: 'tn-name', maxlength: '80', required: '' });
  const game = h('select', { id: 'tn-game' });
  game.append(...games.all().map((g) => new Option(said(g.title, g.name), g.name)));
  game.value = localStorage.getItem('qi.game') ?? game.value;
  const variant = h('select', { id: 'tn-variant' });
  const variantRow = field(t('variant'), variant);
  const fillVariants = () => {
    const g = games.named(game.value);
    variant.replaceChildren(...(g?.variants ?? []).map((v) => new Option(said(v.title, v.name), v.name)));
    variantRow.hidden = !g || !hasVariants(g);
  };
  game.onchange = fillVariants;
  fillVariants();
  const time = h('select', { id: 'tn-time' });
  for (const [value, key] of TIME_CHOICES) time.append(new Option(t(key), value));
  time.value = 'inc:600:5';
  const format = h('select', { id: 'tn-format' });
  format.append(...FORMATS.map((f) => new Option(t(f.name), f.value)));
  const rounds = h('input', { id: 'tn-rounds', type: 'number', min: '1', max: '30', value: '5' });
  const roundsRow = field(t('tRounds'), rounds);
  const scoring = h('select', { id: 'tn-scoring' });
  scoring.append(...SCORINGS.map((s) => new Option(t(s.name), s.value)));
  const tieBreaks = new TieBreakChooser();
  const bye = h('select', { id: 'tn-bye' });
  bye.append(new Option('1', '1'), new Option('½', '0.5'));
  const byeRow = field(t('tByeScore'), bye);
  // A knockout's matches: their games, the tie-break stages, and what decides a match still level.
  const matchGames = h('select', { id: 'tn-match-games' });
  for (let n = 1; n <= 7; n++) matchGames.append(new Option(String(n), String(n)));
  matchGames.value = '2';
  const tieBreakGames = h('input', { id: 'tn-tie-break-games', inputmode: 'numeric', placeholder: '2,2', maxlength: '20' });
  const decider = h('select', { id: 'tn-decider' });
  decider.append(new Option(t('koArmageddon'), 'armageddon'), new Option(t('koLot'), 'lot'));
  const deciderNote = h('p', { class: 'note', id: 'tn-decider-note' }, t('koArmageddonNote'));
  decider.onchange = () => { deciderNote.hidden = decider.value !== 'armageddon'; };
  const knockoutRows = h('div', { class: 'knockout-rows', id: 'tn-knockout' }, field(t('koMatchGames'), matchGames),
    field(t('koTieBreakGames'), tieBreakGames), h('p', { class: 'note' }, t('koTieBreakNote')), field(t('koDecider'), decider), deciderNote);
  // The xiangqi document's groups: how many, and the games each pair of a group plays (its "two games").
  const groups = h('select', { id: 'tn-groups' });
  groups.append(...['2', '4', '8'].map((n) => new Option(n, n)));
  const groupCycles = h('select', { id: 'tn-group-cycles' });
  groupCycles.append(new Option(t('gkCycles1'), '1'), new Option(t('gkCyclesN', { n: '2' }), '2'));
  groupCycles.value = '2';
  const groupRows = h('div', { class: 'group-rows', id: 'tn-groups-rows' }, field(t('gkGroups'), groups), field(t('gkGroupCycles'), groupCycles),
    h('p', { class: 'note' }, t('gkGroupsNote')));
  const forFormat = () => {
    const chosen = format.value as TournamentFormat;
    const swiss = chosen === 'swiss';
    roundsRow.hidden = !swiss;
    byeRow.hidden = !swiss;
    knockoutRows.hidden = !hasBracket(chosen);
    groupRows.hidden = chosen !== 'groups-knockout';
    scoring.value = defaultScoring(chosen);
    tieBreaks.set(defaultTieBreaks(chosen));
  };
  format.onchange = forFormat;
  forFormat();
  const starts = h('input', { id: 'tn-starts', type: 'datetime-local' });
  const forfeit = h('input', { id: 'tn-forfeit', type: 'number', min: '0', max: '120', value: '5' });
  const rated = h('input', { id: 'tn-rated', type: 'checkbox' });
  const overTheBoard = h('input', { id: 'tn-otb', type: 'checkbox' });
  const msg = h('div', { class: 'message', role: 'alert' });
  const form = h('form', { class: 'tournament-form', id: 'tournament-form' },
    field(t('tName'), name), field(t('game'), game), variantRow, field(t('timeControl'), time), field(t('tFormat'), format), roundsRow, groupRows, knockoutRows,
    field(t('tScoring'), scoring), h('div', { class: 'tie-break-row' }, h('span', {}, t('tTieBreaks')), tieBreaks.element), byeRow,
    field(t('tStarts'), starts), field(t('tForfeitAfter'), forfeit), h('label', { class: 'check' }, rated, ' ', t('tRatedTournament')),
    h('label', { class: 'check' }, overTheBoard, ' ', t('tOverTheBoard')),
    msg, h('div', {}, h('button', { id: 'tn-create', type: 'submit', class: 'primary' }, t('tCreate'))));
  form.onsubmit = async (e) => {
    e.preventDefault();
    try {
      if (hasBracket(format.value as TournamentFormat) && tieBreakStages(tieBreakGames.value) === null) throw new Error(t('koTieBreakGames') + ': ' + tieBreakGames.value);
      const body = tournamentRequest({
        name: name.value, game: game.value, variant: variant.value, time: time.value, format: format.value as TournamentFormat,
        rounds: Number(rounds.value), scoring: scoring.value, tieBreaks: tieBreaks.codes(), rated: rated.checked, starts: starts.value,
        forfeitMinutes: Number(forfeit.value), byeScore: Number(bye.value), overTheBoard: overTheBoard.checked,
        matchGames: Number(matchGames.value), tieBreakGames: tieBreakGames.value, decider: decider.value as Decider,
        groups: Number(groups.value), groupCycles: Number(groupCycles.value),
      });
      const made = await call<TournamentView>('POST', '/api/tournaments', body);
      go(tournamentPath(made.id));
    } catch (err) {
      msg.textContent = errorText(err);
      msg.className = 'message error';
    }
  };
  return form;
}

export async function renderTournaments(host: HTMLElement, games: GameCatalog, account: Account, go: (path: string) => void) {
  const sections: HTMLElement[] = [h('h1', {}, t('tournamentsTitle'))];
  try {
    const { tournaments } = await call<{ tournaments: TournamentSummary[] }>('GET', '/api/tournaments');
    const groups = groupByStatus(tournaments);
    if (!tournaments.length) sections.push(h('p', { class: 'empty-note' }, t('noTournaments')));
    for (const status of ['running', 'open', 'over'] as const) {
      if (!groups[status].length) continue;
      sections.push(h('h2', {}, statusText(status)), listTable(groups[status], games, go));
    }
  } catch (e) {
    sections.push(h('p', { class: 'message error' }, errorText(e)));
  }
  sections.push(h('h2', { id: 'create-tournament' }, t('createTournament')));
  sections.push(account.loggedIn() ? createForm(games, go) : h('p', { class: 'note-box' }, t('loginToCreate')));
  host.replaceChildren(...sections);
}
