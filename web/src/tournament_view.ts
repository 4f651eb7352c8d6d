// What the tournament pages show, as pure functions of the server's view
// (tournament_api.ts): the words of formats, scorings and tie-breaks, the
// standings' and crosstable's cells, a board's result, and which controls a
// reader gets (organiser, player, visitor). The pages (tournament_page.ts,
// tournaments.ts) only put these into elements.
import type { Side } from './api';
import { WordKey, t } from './i18n';
import { TIME_CHOICES, timeControl, timeText } from './lobby';
import type { TimeControlView } from './api';
import type { Board, BoardResult, CrossCell, Decider, Entrant, Round, TournamentFormat, TournamentStatus, TournamentView } from './tournament_api';

// The tie-breaks an organiser may choose, by the server's codes (FIDE's
// C.07 abbreviations, lower case), in the order the form offers them.
export const TIE_BREAKS: readonly { code: string; name: WordKey }[] = [
  { code: 'de', name: 'tbDe' }, { code: 'win', name: 'tbWin' }, { code: 'won', name: 'tbWon' }, { code: 'net', name: 'tbNet' },
  { code: 'bh', name: 'tbBh' }, { code: 'bh-c1', name: 'tbBhC1' }, { code: 'bh-m1', name: 'tbBhM1' }, { code: 'sb', name: 'tbSb' },
  { code: 'ps', name: 'tbPs' }, { code: 'bpg', name: 'tbBpg' }, { code: 'aro', name: 'tbAro' }, { code: 'lot', name: 'tbLot' },
];

// The server's defaults: Buchholz first in a Swiss (the opponents differ),
// the games between the tied first in a round robin (everyone met everyone);
// a knockout's places come from its bracket, its standings only count wins;
// the xiangqi document's groups: 积分相同看胜负关系，胜负关系循环看净胜局数
// (level on points: the games between them, then net games won).
export function defaultTieBreaks(format: TournamentFormat): string[] {
  if (format === 'groups-knockout') return ['de', 'net'];
  return format === 'swiss' ? ['bh-c1', 'bh', 'sb'] : format === 'knockout' ? ['win'] : ['de', 'sb', 'win'];
}

// The scoring the form proposes: the xiangqi document's 3/1/0 for its groups, else 1/½/0.
export function defaultScoring(format: TournamentFormat): string {
  return format === 'groups-knockout' ? '3-1-0' : '1-0.5-0';
}

// The formats whose later stages are matches of a bracket.
export const hasBracket = (format: TournamentFormat) => format === 'knockout' || format === 'groups-knockout';

// A tie-break's name in the page's language; the code itself for one the page does not know.
export function tieBreakName(code: string): string {
  const known = TIE_BREAKS.find((tb) => tb.code === code.toLowerCase());
  return known ? t(known.name) : code;
}

export const FORMATS: readonly { value: TournamentFormat; name: WordKey }[] = [
  { value: 'swiss', name: 'fmtSwiss' }, { value: 'round-robin', name: 'fmtRoundRobin' }, { value: 'double-round-robin', name: 'fmtDoubleRoundRobin' },
  { value: 'knockout', name: 'fmtKnockout' }, { value: 'groups-knockout', name: 'fmtGroupsKnockout' },
];
export const SCORINGS: readonly { value: string; name: WordKey }[] = [
  { value: '1-0.5-0', name: 'scoring1' }, { value: '3-1-0', name: 'scoring3' }, { value: '2-1-0', name: 'scoring2' },
];

export function formatText(format: string): string {
  const f = FORMATS.find((x) => x.value === format);
  return f ? t(f.name) : format;
}
export function scoringText(scoring: string): string {
  const s = SCORINGS.find((x) => x.value === scoring);
  return s ? t(s.name) : scoring;
}
export function statusText(status: TournamentStatus): string {
  return t(status === 'open' ? 'tOpen' : status === 'running' ? 'tRunning' : 'tOver');
}

// Where the tournament is: "Round 2 of 5", or not started.
export function progressText(roundsStarted: number, planned: number): string {
  return roundsStarted === 0 ? t('tNotStarted') : t('tRoundOf', { n: String(roundsStarted), of: String(planned) });
}

// Where a tournament of the list is. A knockout's summary counts its game
// rounds (a match's games are played a round each) against its bracket
// rounds: only the game round is said.
export function listProgressText(s: { format: TournamentFormat; round: number; rounds_planned: number }): string {
  if (!hasBracket(s.format)) return progressText(s.round, s.rounds_planned);
  return s.round === 0 ? t('tNotStarted') : t('tRoundN', { n: String(s.round) });
}

// A tie-break's value as written: at most two decimals, no trailing zeros (Buchholz 12, Sonneborn-Berger 5.25).
export function numberText(n: number): string {
  return String(Math.round(n * 100) / 100);
}

export interface Header { text: string; title: string }
export interface Table { headers: Header[]; rows: string[][] }

// The standings: rank, name, points, games won, drawn and lost, then a
// column for each tie-break, headed by its code with its name as the title.
export function standingsTable(view: TournamentView): Table {
  const headers: Header[] = [
    { text: '#', title: t('tRank') }, { text: t('player'), title: t('player') }, { text: t('tPoints'), title: t('tPoints') },
    { text: t('wins'), title: t('wins') }, { text: t('draws'), title: t('draws') }, { text: t('losses'), title: t('losses') },
    ...view.tie_breaks.map((code) => ({ text: code.toUpperCase(), title: tieBreakName(code) })),
  ];
  const rows = view.standings.map((s) => [String(s.rank), s.name, s.points_text, String(s.wins), String(s.draws), String(s.losses),
    ...view.tie_breaks.map((_, i) => (s.tie_breaks[i] === undefined ? '' : numberText(s.tie_breaks[i])))]);
  return { headers, rows };
}

// The short marks of the two sides in a crosstable, from the sides' names
// in the page's language ("W"/"B" in chess, "红"/"黑" in xiangqi).
export function sideMarks(first: string, second: string): Record<Side, string> {
  const mark = (name: string, other: string) => {
    const a = [...name][0] ?? '';
    // Two names that begin alike (none so far) keep their first two letters.
    return a === ([...other][0] ?? '') ? [...name].slice(0, 2).join('') : a;
  };
  return { first: mark(first, second), second: mark(second, first) };
}

export type CellClass = 'win' | 'draw' | 'loss' | '';

// A crosstable cell: the opponent's starting rank, the side played, the score
// ("4W1": against 4 with the first side, won); a bye says so; an unplayed
// round is empty.
export function crossCellText(cell: CrossCell, marks: Record<Side, string>): string {
  if (cell.score === 'bye') return t('tBye');
  if (!cell.opponent) return cell.score;
  return `${cell.opponent}${cell.side ? marks[cell.side] : ''}${cell.score}`;
}

export function crossCellClass(cell: CrossCell): CellClass {
  if (cell.score === '1' || cell.score === '+') return 'win';
  if (cell.score === '½') return 'draw';
  if (cell.score === '0' || cell.score === '-') return 'loss';
  return '';
}

// The crosstable in starting rank: number, name, each round's cell, points.
export function crosstableTable(view: TournamentView, marks: Record<Side, string>): Table {
  const rounds = Math.max(view.rounds.length, ...view.crosstable.map((r) => r.rounds.length), 0);
  const headers: Header[] = [{ text: '#', title: t('tRank') }, { text: t('player'), title: t('player') },
    ...Array.from({ length: rounds }, (_, i) => ({ text: String(i + 1), title: t('tRoundN', { n: String(i + 1) }) })),
    { text: t('tPoints'), title: t('tPoints') }];
  const points = new Map(view.standings.map((s) => [s.entrant, s.points_text]));
  const rows = view.crosstable.map((r) => [String(r.entrant), entrantName(view, r.entrant),
    ...Array.from({ length: rounds }, (_, i) => (r.rounds[i] ? crossCellText(r.rounds[i], marks) : '')), points.get(r.entrant) ?? '']);
  return { headers, rows };
}

export function entrantName(view: TournamentView, entrant: number): string {
  if (entrant === 0) return t('tBye');
  return view.entrants.find((e) => e.entrant === entrant)?.name ?? String(entrant);
}

// A board's result as printed: ½ for a draw, the forfeit marks, or in play.
export function resultText(result: BoardResult | null): string {
  switch (result) {
    case null: return t('tResultPending');
    case '1/2-1/2': return '½–½';
    case '+-': return '+ / −';
    case '-+': return '− / +';
    case '--': return '− / −';
    case 'bye': return t('tBye');
    default: return result.replace('-', '–');
  }
}

// What an organiser may enter for a board, in the order of the select.
export function resultChoices(): { value: BoardResult; text: string }[] {
  return [
    { value: '1-0', text: '1–0' }, { value: '1/2-1/2', text: '½–½' }, { value: '0-1', text: '0–1' },
    { value: '+-', text: t('resForfeitFirst') }, { value: '-+', text: t('resForfeitSecond') }, { value: '--', text: t('resBothAbsent') },
  ];
}

// The round being played (or the last one played), if any has started.
export function currentRound(view: TournamentView): Round | null {
  return view.rounds.length ? view.rounds[view.rounds.length - 1] : null;
}

// The entrants this page plays for: those whose profile is one of `mine`
// (the account logged in, the profiles joined from this device).
export function myEntrants(view: TournamentView, mine: ReadonlySet<number>): Entrant[] {
  return view.entrants.filter((e) => e.player_id !== null && mine.has(e.player_id));
}

// The boards of the current round still in play where one of `mine` sits:
// "Play my game". Both players of a board may be this page's (a class at one
// screen): the game then opens with both seats.
export function myBoards(view: TournamentView, mine: ReadonlySet<number>): { board: Board; entrants: Entrant[] }[] {
  const round = currentRound(view);
  if (!round || view.status !== 'running') return [];
  const own = myEntrants(view, mine);
  const found: { board: Board; entrants: Entrant[] }[] = [];
  for (const board of round.boards) {
    if (board.second === 0 || board.result !== null) continue;
    const seated = own.filter((x) => x.entrant === board.first || x.entrant === board.second);
    if (seated.length) found.push({ board, entrants: seated });
  }
  return found;
}

// Which controls the page offers. Only the organiser changes the
// tournament; a player joins, withdraws and plays their own games; a visitor
// watches (and may join while entries are taken).
export interface Controls {
  join: boolean;  // entries taken: before the start, and late entries into a running Swiss
  withdraw: Entrant[];  // this page's own entrants still in
  addEngine: boolean;
  startRound: number | null;  // the number of the round the organiser may start
  enterResults: boolean;
  withdrawAny: boolean;
  share: boolean;
}

export function controlsFor(view: TournamentView, mine: ReadonlySet<number>): Controls {
  const entries = view.status === 'open' || (view.status === 'running' && view.format === 'swiss');
  const org = view.you_organise;
  return {
    join: entries,
    withdraw: view.status === 'over' ? [] : myEntrants(view, mine).filter((e) => !e.withdrawn),
    addEngine: org && entries,
    startRound: org && view.can_start_round ? view.rounds.length + 1 : null,
    enterResults: org && view.status === 'running',
    withdrawAny: org && view.status !== 'over',
    share: view.status !== 'over',
  };
}

// A board's cells for the pairings table: board, first, second, result.
export function boardCells(view: TournamentView, board: Board): string[] {
  const name = (n: number) => `${entrantName(view, n)} (${n})`;
  if (board.second === 0) return [String(board.board), name(board.first), t('tBye'), resultText('bye')];
  return [String(board.board), name(board.first), name(board.second), resultText(board.result)];
}

// The list page's three groups, each newest first as the server sends them.
export function groupByStatus<T extends { status: TournamentStatus }>(list: T[]): Record<TournamentStatus, T[]> {
  const groups: Record<TournamentStatus, T[]> = { open: [], running: [], over: [] };
  for (const x of list) groups[x.status]?.push(x);
  return groups;
}

// The create form's fields, as typed.
export interface TournamentForm {
  name: string; game: string; variant: string; time: string; format: TournamentFormat; rounds: number; scoring: string;
  tieBreaks: string[]; rated: boolean; starts: string; forfeitMinutes: number; byeScore: number;
  // The games are played over the board: the players report the results.
  overTheBoard?: boolean;
  // A knockout's: its regular games a match, the tie-break stages as typed ("2,2"), and the decider.
  matchGames?: number; tieBreakGames?: string; decider?: Decider;
  // A groups-then-knockout event's: the number of groups and the games each pair of a group plays.
  groups?: number; groupCycles?: number;
}

// The tie-break stages as typed: numbers of games separated by commas or
// spaces ("2, 2"); null when something else was typed. The server takes up
// to three stages of 1 to 4 games and says so when there are more.
export function tieBreakStages(typed: string): number[] | null {
  const parts = typed.split(/[\s,，、]+/).filter((x) => x !== '');
  if (!parts.every((x) => /^[0-9]+$/.test(x))) return null;
  return parts.map(Number);
}

// The body of POST /api/tournaments from the form: rounds and the bye's
// worth only for a Swiss (a round robin's rounds follow from its entrants
// and it has a bye only with an odd number, worth what the rules say); the
// start as the reader's local time typed into the form.
// Over the board: the player of `mine` (profiles this page holds) who may
// report a board's result, while it has none; null otherwise.
export function reporterOf(view: TournamentView, board: Board, mine: ReadonlySet<number>): Entrant | null {
  if (!view.over_the_board || board.result !== null || board.second === 0) return null;
  for (const n of [board.first, board.second]) {
    const e = view.entrants.find((x) => x.entrant === n);
    if (e && e.player_id !== null && mine.has(e.player_id)) return e;
  }
  return null;
}

// What the two players reported, while the board waits for them to agree: "1-0 / ½-½", or "".
export function reportsText(board: Board): string {
  if (board.result !== null || !board.reports || board.reports.every((r) => r === null)) return '';
  return board.reports.map((r) => (r === null ? '…' : resultText(r))).join(' / ');
}

export function tournamentRequest(f: TournamentForm): Record<string, unknown> {
  const swiss = f.format === 'swiss';
  const knockout = hasBracket(f.format);
  const grouped = f.format === 'groups-knockout';
  const startsMs = f.starts ? new Date(f.starts).getTime() : 0;
  return {
    name: f.name.trim(), game: f.game, variant: f.variant, time_control: timeControl(f.time), format: f.format,
    ...(swiss ? { rounds: f.rounds, bye_score: f.byeScore } : {}),
    ...(grouped ? { groups: f.groups ?? 2, group_cycles: f.groupCycles ?? 2 } : {}),
    ...(knockout ? { match_games: f.matchGames ?? 2, tie_break_games: tieBreakStages(f.tieBreakGames ?? '') ?? [], decider: f.decider ?? 'armageddon' } : {}),
    scoring: f.scoring, tie_breaks: f.tieBreaks.join(','), rated: f.rated,
    ...(f.overTheBoard ? { over_the_board: true } : {}),
    starts_ms: Number.isFinite(startsMs) ? startsMs : 0, forfeit_after_ms: Math.round(f.forfeitMinutes * 60000),
  };
}

// A time control in the page's words when it is one of those offered ("10 分 + 5 秒"), else as the lobby writes it.
export function timeControlText(tc: TimeControlView): string {
  const same = (a: TimeControlView, b: TimeControlView) => a.kind === b.kind && (a.base_ms ?? 0) === (b.base_ms ?? 0) &&
    (a.increment_ms ?? 0) === (b.increment_ms ?? 0) && (a.per_move_ms ?? 0) === (b.per_move_ms ?? 0);
  const offered = TIME_CHOICES.find(([value]) => same(timeControl(value), tc));
  return offered ? t(offered[1]) : timeText(tc);
}
