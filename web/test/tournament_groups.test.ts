// The xiangqi document's event as the page draws it: the group tables'
// cells, the qualified's labels on the crossover's slots (1A v 2B, 1B v 2A),
// the boards' group letters, where the event is, and the create form's
// defaults and request, from an event of four in two groups as the server
// shows it.
import { beforeEach, expect, test } from 'vitest';
import { setLang } from '../src/i18n';
import type { Group, GroupStanding, TournamentView } from '../src/tournament_api';
import { bracketColumns } from '../src/tournament_bracket';
import {
  boardGroup, crossoverSlots, groupLetters, groupsOf, groupRounds, groupStageProgress, groupTable, groupsFacts, groupsOver, qualifierLabels, signed,
} from '../src/tournament_groups';
import { defaultScoring, defaultTieBreaks, formatText, listProgressText, tournamentRequest } from '../src/tournament_view';

const standing = (rank: number, entrant: number, name: string, w: number, d: number, l: number, de: number): GroupStanding => ({
  rank, entrant, name, points: 3 * w + d, points_text: String(3 * w + d), games: w + d + l, wins: w, draws: d, losses: l, net: w - l,
  tie_breaks: [de, w - l],
});

// Four entrants by serpentine seeding: group A holds 1 and 4, group B 2 and
// 3; two games a pair. In A, Dan (4) won both; in B, Bo (2) and Cai (3)
// drew one and Cai won the other.
function event(overrides: Partial<TournamentView> = {}, over = true): TournamentView {
  const groups: Group[] = [
    { name: 'A', entrants: [1, 4], standings: [standing(1, 4, 'Dan', 2, 0, 0, 6), standing(2, 1, 'Ann', 0, 0, 2, 0)], qualified: over ? [4, 1] : [] },
    { name: 'B', entrants: [2, 3], standings: [standing(1, 3, 'Cai', 1, 1, 0, 4), standing(2, 2, 'Bo', 0, 1, 1, 1)], qualified: over ? [3, 2] : [] },
  ];
  return {
    id: 'g1', name: 'School cup', game: 'xiangqi', variant: '', format: 'groups-knockout', rounds_planned: 4, scoring: '3-1-0',
    tie_breaks: ['DE', 'NET'], rated: false, starts_ms: 0, forfeit_after_ms: 300000, bye_score: 1,
    organiser: { id: 9, name: 'Teacher' }, you_organise: false, status: 'running', version: 7,
    entrants: ['Ann', 'Bo', 'Cai', 'Dan'].map((name, i) => ({ entrant: i + 1, player_id: i + 20, name, level: 0, withdrawn: false })),
    rounds: [
      { round: 1, complete: true, boards: [
        { board: 1, first: 1, second: 4, game_id: 'a', result: '0-1', result_by: 'game', group: 1, stage: 0, match: 0 },
        { board: 2, first: 2, second: 3, game_id: 'b', result: '1/2-1/2', result_by: 'organiser', group: 2, stage: 0, match: 0 }] },
    ],
    standings: [], crosstable: [], match_games: 2, tie_break_games: [], decider: 'armageddon', groups: 2, group_tables: groups, group_cycles: 2,
    bracket: { rounds: [], rounds_planned: 2, champion: 0, placings: {} },
    ...overrides,
  };
}

if (!('document' in globalThis)) Object.assign(globalThis, { document: { documentElement: {} } });
beforeEach(() => setLang('en'));

test('a group\'s table: rank, name, points, won, drawn, lost, then the tie-breaks in the view\'s order, net games signed and not twice', () => {
  const v = event();
  const a = groupTable(v, groupsOf(v)[0]);
  expect(a.headers.map((x) => x.text)).toEqual(['#', 'Player', 'Points', 'Wins', 'Draws', 'Losses', 'DE', 'NET']);
  expect(a.headers[6].title).toBe('Direct encounter');
  expect(a.rows).toEqual([['1', 'Dan', '6', '2', '0', '0', '6', '+2'], ['2', 'Ann', '0', '0', '0', '2', '0', '−2']]);
  expect(groupTable(v, groupsOf(v)[1]).rows.map((r) => r.slice(0, 8))).toEqual([['1', 'Cai', '4', '1', '1', '0', '4', '+1'], ['2', 'Bo', '1', '0', '1', '1', '1', '−1']]);
  // Tie-breaks without net games: a net column of its own before them.
  const other = groupTable({ ...v, tie_breaks: ['DE', 'WIN'] }, groupsOf(v)[0]);
  expect(other.headers.map((x) => x.text).slice(6)).toEqual(['Net', 'DE', 'WIN']);
  expect(other.rows[1].slice(6)).toEqual(['−2', '0', '-2']);
  expect([signed(0), signed(1.5), signed(-3)]).toEqual(['0', '+1.5', '−3']);
});

test('the players\' group letters, and each board of the group stage labelled with its group', () => {
  const v = event();
  expect([...groupLetters(v).entries()].sort()).toEqual([[1, 'A'], [2, 'B'], [3, 'B'], [4, 'A']]);
  expect(v.rounds[0].boards.map((b) => boardGroup(v, b))).toEqual(['A', 'B']);
  expect(boardGroup(v, { ...v.rounds[0].boards[0], group: 0, stage: 1, match: 1 })).toBe('');
});

test('the qualified labelled by place and group once their group is over; the crossover\'s slots 1A v 2B and 1B v 2A before', () => {
  expect([...qualifierLabels(event()).entries()]).toEqual([[4, '1A'], [1, '2A'], [3, '1B'], [2, '2B']]);
  expect(qualifierLabels(event({}, false)).size).toBe(0);
  expect(crossoverSlots(event({}, false))).toEqual([['1A', '2B'], ['1B', '2A']]);
  // Four groups: the server's order of the crossover is not said ahead.
  const four = event({ groups: 4, group_tables: ['A', 'B', 'C', 'D'].map((name) => ({ name, entrants: [], standings: [], qualified: [] })) });
  expect(crossoverSlots(four)).toEqual([]);
  // The bracket before the groups end: two semi-finals waiting for 1A v 2B and 1B v 2A, then the final.
  const waiting = bracketColumns(event({}, false));
  expect(waiting.map((c) => c.title)).toEqual(['Semi-finals', 'Final']);
  expect(waiting[0].matches.map((m) => [m.a.seed, m.a.name, m.b.seed, m.b.name])).toEqual([
    ['1A', '1 of group A', '2B', '2 of group B'], ['1B', '1 of group B', '2A', '2 of group A']]);
  expect(waiting[1].matches[0].a.name).toBe('Winner of match 1');
  // Once the crossover is made, its slots are the players, their seeds the labels.
  const made = bracketColumns(event({ bracket: { rounds_planned: 2, champion: 0, placings: {}, rounds: [{ round: 1, matches: [
    { match: 1, a: 4, b: 2, score_a: 0, score_b: 0, stage: 'regular', playing: true, winner: 0, decided_by: '', games: [] },
    { match: 2, a: 3, b: 1, score_a: 0, score_b: 0, stage: 'regular', playing: true, winner: 0, decided_by: '', games: [] }] }] } }));
  expect(made[0].matches.map((m) => `${m.a.seed} ${m.a.name} v ${m.b.seed} ${m.b.name}`)).toEqual(['1A Dan v 2B Bo', '1B Cai v 2A Ann']);
});

test('a view of another format, with the groups\' number but no group tables, has no groups', () => {
  const v = event({ format: 'round-robin', groups: 2, group_tables: undefined });
  expect(groupsOf(v)).toEqual([]);
  expect(groupLetters(v).size).toBe(0);
  expect(qualifierLabels(v).size).toBe(0);
  expect(crossoverSlots(v)).toEqual([]);
  expect(groupsOver(v)).toBe(false);
  expect(boardGroup(v, { ...v.rounds[0].boards[0], group: undefined })).toBe('');
});

test('where the event is: the group stage\'s rounds counted from the largest group, then the bracket', () => {
  expect(groupsOver(event())).toBe(true);
  expect(groupsOver(event({}, false))).toBe(false);
  expect(groupsOver(event({ group_tables: [] }))).toBe(false);
  expect(groupRounds(event())).toBe(2);
  expect(groupRounds(event({ group_cycles: 1 }))).toBe(1);
  // Groups of three: a round robin of three rounds (one sits out each), twice.
  const three = event({ group_tables: [{ name: 'A', entrants: [1, 4, 5], standings: [], qualified: [] }, { name: 'B', entrants: [2, 3, 6], standings: [], qualified: [] }] });
  expect(groupRounds(three)).toBe(6);
  expect(groupStageProgress(event({}, false))).toBe('Group stage · Round 1 of 2');
  expect(groupStageProgress(event({ rounds: [] }, false))).toBe('Not started');
  expect(groupStageProgress(event())).toBeNull();
  expect(groupsFacts(event())).toBe('2 groups · 2 games a pair');
  expect(groupsFacts(event({ group_cycles: 1 }))).toBe('2 groups · one game a pair');
  setLang('zh');
  expect(groupsFacts(event())).toBe('2 个小组 · 每对 2 局');
  expect(groupTable({ ...event(), tie_breaks: ['DE'] }, groupsOf(event())[0]).headers[6].text).toBe('净胜局');
});

test('the create form: the document\'s 3/1/0 and DE, NET proposed; the request carries the groups and the matches\' settings', () => {
  expect(defaultScoring('groups-knockout')).toBe('3-1-0');
  expect(defaultScoring('swiss')).toBe('1-0.5-0');
  expect(defaultTieBreaks('groups-knockout')).toEqual(['de', 'net']);
  expect(formatText('groups-knockout')).toBe('Groups, then crossover knockout');
  expect(listProgressText({ format: 'groups-knockout', round: 3, rounds_planned: 4 })).toBe('Round 3');
  const body = tournamentRequest({
    name: ' Seed cup ', game: 'xiangqi', variant: '', time: 'unlimited', format: 'groups-knockout', rounds: 5, scoring: '3-1-0',
    tieBreaks: ['de', 'net'], rated: false, starts: '', forfeitMinutes: 5, byeScore: 1, matchGames: 2, tieBreakGames: '', decider: 'armageddon',
    groups: 4, groupCycles: 1,
  });
  expect(body).toMatchObject({ name: 'Seed cup', format: 'groups-knockout', groups: 4, group_cycles: 1, match_games: 2, tie_break_games: [],
    decider: 'armageddon', scoring: '3-1-0', tie_breaks: 'de,net' });
  expect(body).not.toHaveProperty('rounds');
  // Other formats carry no groups.
  expect(tournamentRequest({ name: 'k', game: 'xiangqi', variant: '', time: 'unlimited', format: 'knockout', rounds: 5, scoring: '1-0.5-0',
    tieBreaks: [], rated: false, starts: '', forfeitMinutes: 5, byeScore: 1, groups: 4 })).not.toHaveProperty('groups');
  setLang('zh');
  expect(formatText('groups-knockout')).toBe('小组循环赛 + 交叉淘汰赛');
});
