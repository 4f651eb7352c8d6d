// The xiangqi document's event (groups, then a crossover knockout) as the
// page draws it, as pure functions of the server's view (tournament_api.ts):
// each group's table, the letters of the players' groups, the labels of the
// qualified ("1A" the winner of group A, "2B" the runner-up of group B), and
// where the event is. The server ranks the groups and makes the crossover;
// the page only says what it sent.
import { t } from './i18n';
import type { Board, Group, TournamentView } from './tournament_api';
import { Table, numberText, tieBreakName } from './tournament_view';

// The event's groups with their tables; none in the other formats.
export function groupsOf(view: TournamentView): Group[] {
  return view.group_tables ?? [];
}

// A group's table: rank, name, points, won, drawn, lost, net games, then a
// column for each tie-break as in the standings. When net games are one of
// the tie-breaks (the document's NET) its column is the net games' own, with
// their sign, not a second one alike.
export function groupTable(view: TournamentView, group: Group): Table {
  const netIsTieBreak = view.tie_breaks.some((code) => code.toLowerCase() === 'net');
  const headers = [
    { text: '#', title: t('tRank') }, { text: t('player'), title: t('player') }, { text: t('tPoints'), title: t('tPoints') },
    { text: t('wins'), title: t('wins') }, { text: t('draws'), title: t('draws') }, { text: t('losses'), title: t('losses') },
    ...(netIsTieBreak ? [] : [{ text: t('gkNet'), title: t('tbNet') }]),
    ...view.tie_breaks.map((code) => ({ text: code.toUpperCase(), title: tieBreakName(code) })),
  ];
  const tieBreak = (code: string, value: number | undefined) =>
    value === undefined ? '' : code.toLowerCase() === 'net' ? signed(value) : numberText(value);
  const rows = group.standings.map((s) => [String(s.rank), s.name, s.points_text, String(s.wins), String(s.draws), String(s.losses),
    ...(netIsTieBreak ? [] : [signed(s.net)]), ...view.tie_breaks.map((code, i) => tieBreak(code, s.tie_breaks[i]))]);
  return { headers, rows };
}

// Net games with their sign: +2, 0, −1.
export function signed(n: number): string {
  return n > 0 ? '+' + numberText(n) : n < 0 ? '−' + numberText(-n) : '0';
}

// Each entrant's group letter.
export function groupLetters(view: TournamentView): Map<number, string> {
  const letters = new Map<number, string>();
  for (const g of groupsOf(view)) for (const e of g.entrants) letters.set(e, g.name);
  return letters;
}

// A board's group letter in the group stage; '' for a knockout game.
export function boardGroup(view: TournamentView, board: Board): string {
  return board.group ? groupsOf(view)[board.group - 1]?.name ?? String(board.group) : '';
}

// The qualified by their labels: the winner of group A is "1A", its runner-up "2A".
export function qualifierLabels(view: TournamentView): Map<number, string> {
  const labels = new Map<number, string>();
  for (const g of groupsOf(view)) g.qualified.forEach((e, i) => labels.set(e, `${i + 1}${g.name}`));
  return labels;
}

// The group stage is over when every group has its two going through.
export function groupsOver(view: TournamentView): boolean {
  const groups = groupsOf(view);
  return groups.length > 0 && groups.every((g) => g.qualified.length > 0);
}

// The crossover's slots before the groups end, with two groups (the
// document's case): match 1 is 1A v 2B, match 2 is 1B v 2A. With more groups
// the server's order of the matches is not said ahead, so nothing is.
export function crossoverSlots(view: TournamentView): [string, string][] {
  const groups = groupsOf(view);
  if (groups.length !== 2) return [];
  const [a, b] = groups.map((g) => g.name);
  return [[`1${a}`, `2${b}`], [`1${b}`, `2${a}`]];
}

// The game rounds of the group stage: every pair of a group meets
// `group_cycles` times, a round robin of the largest group's size.
export function groupRounds(view: TournamentView): number {
  const largest = Math.max(0, ...groupsOf(view).map((g) => g.entrants.length));
  const perCycle = largest % 2 ? largest : largest - 1;
  return Math.max(0, perCycle) * (view.group_cycles ?? 2);
}

// The event's own terms as the facts say them: "2 groups · 2 games a pair".
export function groupsFacts(view: TournamentView): string {
  const groups = groupsOf(view).length;
  const cycles = view.group_cycles ?? 2;
  return [groups ? t('gkGroupsFacts', { n: String(groups) }) : '', cycles === 1 ? t('gkCycles1') : t('gkCyclesN', { n: String(cycles) })]
    .filter((x) => x).join(' · ');
}

// Where the group stage is: not started, or "Group stage · Round 1 of 2";
// null once it is over (the bracket then says where the event is).
export function groupStageProgress(view: TournamentView): string | null {
  if (groupsOver(view)) return null;
  if (!view.rounds.length) return t('tNotStarted');
  return `${t('gkGroupStage')} · ${t('tRoundOf', { n: String(view.rounds.length), of: String(groupRounds(view)) })}`;
}
