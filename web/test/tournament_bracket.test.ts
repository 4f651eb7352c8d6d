// A knockout's bracket as the page draws it: its columns from the first
// round to the final, the slots of rounds the results have not reached,
// which side of a match is highlighted as its winner, the armageddon mark,
// and the placings' words, from a knockout of five as the server shows it.
import { beforeEach, expect, test } from 'vitest';
import { setLang } from '../src/i18n';
import type { BracketMatch, TournamentView } from '../src/tournament_api';
import {
  bracketColumns, knockoutFacts, knockoutProgress, matchNumber, matchesInRound, placeText, placings, roundTitle, scoreText,
} from '../src/tournament_bracket';
import { defaultTieBreaks, formatText, listProgressText, tieBreakStages, tournamentRequest } from '../src/tournament_view';

const played = (round: number, first: number, result: '1-0' | '0-1' | '1/2-1/2' | null) =>
  ({ round, board: 1, first, game_id: `g${round}-${first}`, result });
const bye = (match: number, a: number): BracketMatch =>
  ({ match, a, b: 0, score_a: 0, score_b: 0, stage: 'decided', playing: false, winner: a, decided_by: 'bye', games: [] });

// Five entrants seeded by entry, a bracket of eight: seeds 1, 2 and 3 have
// byes; Dan (4) and Eva (5) drew their two games and Eva, second in the
// armageddon game, drew it and went on. In the semi-finals Ann plays Eva
// (one game played), Bo beat Cai 2-0; the final waits.
function knockout(overrides: Partial<TournamentView> = {}): TournamentView {
  return {
    id: 'k1', name: 'School knockout', game: 'xiangqi', variant: '', format: 'knockout', rounds_planned: 3, scoring: '1-0.5-0',
    tie_breaks: ['WIN'], rated: false, starts_ms: 0, forfeit_after_ms: 300000, bye_score: 1,
    organiser: { id: 9, name: 'Teacher' }, you_organise: false, status: 'running', version: 12,
    entrants: ['Ann', 'Bo', 'Cai', 'Dan', 'Eva'].map((name, i) => ({ entrant: i + 1, player_id: i + 20, name, level: 0, withdrawn: false })),
    rounds: [], standings: [], crosstable: [],
    match_games: 2, tie_break_games: [], decider: 'armageddon',
    bracket: {
      rounds_planned: 3, champion: 0, placings: { '4': 5, '3': 3 },
      rounds: [
        { round: 1, matches: [
          bye(1, 1),
          { match: 2, a: 4, b: 5, score_a: 1, score_b: 1, stage: 'decided', playing: false, winner: 5, decided_by: 'armageddon',
            games: [played(1, 4, '1-0'), played(2, 5, '1-0'), played(3, 4, '1/2-1/2')] },
          bye(3, 2), bye(4, 3)] },
        { round: 2, matches: [
          { match: 1, a: 1, b: 5, score_a: 0, score_b: 0, stage: 'regular', playing: true, winner: 0, decided_by: '',
            games: [played(4, 1, null)] },
          { match: 2, a: 2, b: 3, score_a: 2, score_b: 0, stage: 'decided', playing: false, winner: 2, decided_by: 'games',
            games: [played(4, 2, '1-0'), played(5, 3, '0-1')] }] },
      ],
    },
    ...overrides,
  };
}

if (!('document' in globalThis)) Object.assign(globalThis, { document: { documentElement: {} } });
beforeEach(() => setLang('en'));

test('a column for each bracket round, first to final, its matches numbered through the bracket', () => {
  const columns = bracketColumns(knockout());
  expect(columns.map((c) => c.title)).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
  expect(columns.map((c) => c.matches.map((m) => m.number))).toEqual([[1, 2, 3, 4], [5, 6], [7]]);
  expect([1, 2, 3].map((r) => matchesInRound(r, 3))).toEqual([4, 2, 1]);
  expect(matchNumber(2, 2, 3)).toBe(6);
  expect(matchNumber(1, 1, 1)).toBe(1);
  expect(bracketColumns(knockout({ bracket: { rounds: [], rounds_planned: 0, champion: 0, placings: {} } }))).toEqual([]);
});

test('a match decided by armageddon: its score, its winner highlighted, the mark, the links to its three games', () => {
  const m = bracketColumns(knockout())[0].matches[1];
  expect([m.a.name, m.a.seed, m.a.score, m.b.name, m.b.seed, m.b.score]).toEqual(['Dan', '4', '1', 'Eva', '5', '1']);
  expect([m.a.won, m.b.won]).toEqual([false, true]);
  expect(m.state).toBe('decided');
  expect(m.armageddon).toBe(true);
  expect(m.decidedBy).toBe('armageddon');
  expect(m.games.map((g) => g.label)).toEqual(['1', '2', 'A']);
  expect(m.games[2]).toEqual({ game_id: 'g3-4', label: 'A', result: '½–½', title: 'Armageddon game: Dan moves first, ½–½' });
  // With a tie-break stage of two games, the third game is a tie-break game and the fifth the armageddon game.
  const longer = knockout({ tie_break_games: [2] });
  longer.bracket!.rounds[0].matches[1].games.push(played(4, 5, '1/2-1/2'), played(5, 4, '1/2-1/2'));
  expect(bracketColumns(longer)[0].matches[1].games.map((g) => g.label)).toEqual(['1', '2', 'T1', 'T2', 'A']);
});

test('a bye: the seed goes on without a score, the other side says bye', () => {
  const m = bracketColumns(knockout())[0].matches[0];
  expect(m.state).toBe('bye');
  expect([m.a.name, m.a.won, m.a.score, m.b.name, m.b.entrant, m.b.won]).toEqual(['Ann', true, '', 'bye', 0, false]);
  expect(m.decidedBy).toBe('bye');
  expect(m.armageddon).toBe(false);
});

test('only the winners of decided matches are highlighted; a match in play is marked so', () => {
  const columns = bracketColumns(knockout());
  const highlighted = columns.map((c) => c.matches.flatMap((m) => [m.a, m.b].filter((x) => x.won).map((x) => x.name)));
  expect(highlighted).toEqual([['Ann', 'Eva', 'Bo', 'Cai'], ['Bo'], []]);
  const inPlay = columns[1].matches[0];
  expect([inPlay.state, inPlay.a.score, inPlay.b.score, inPlay.decidedBy]).toEqual(['playing', '0', '0', '']);
});

test('a round the results have not reached: slots waiting for earlier winners, a name once that match is decided', () => {
  const final = bracketColumns(knockout())[2].matches[0];
  expect(final.state).toBe('waiting');
  expect([final.a.entrant, final.a.name, final.a.won]).toEqual([0, 'Winner of match 5', false]);
  expect([final.b.entrant, final.b.name, final.b.seed, final.b.won]).toEqual([2, 'Bo', '2', false]);
  // Before the start: every slot of the later rounds waits.
  const start = knockout();
  start.bracket!.rounds = start.bracket!.rounds.slice(0, 1);
  const semis = bracketColumns(start)[1].matches;
  expect(semis.map((m) => [m.a.name, m.b.name])).toEqual([['Ann', 'Eva'], ['Bo', 'Cai']]);
  setLang('zh');
  expect(bracketColumns(knockout())[2].matches[0].a.name).toBe('第 5 场胜者');
});

test('between two games of a match: what the next game is when it is not a regular one', () => {
  const v = knockout();
  v.bracket!.rounds[1].matches[0] = { ...v.bracket!.rounds[1].matches[0], playing: false, stage: 'armageddon', score_a: 1, score_b: 1,
    games: [played(4, 1, '1-0'), played(5, 5, '1-0')] };
  const m = bracketColumns(v)[1].matches[0];
  expect([m.state, m.next, m.a.score, m.b.score]).toEqual(['between', 'Armageddon game', '1', '1']);
});

test('the bracket rounds\' names, in both languages', () => {
  expect([1, 2, 3, 4, 5].map((r) => roundTitle(r, 5))).toEqual(['Round of 32', 'Round of 16', 'Quarter-finals', 'Semi-finals', 'Final']);
  setLang('zh');
  expect([1, 3, 4, 5].map((r) => roundTitle(r, 5))).toEqual(['32 进 16', '四分之一决赛', '半决赛', '决赛']);
});

test('a match score: halves as ½', () => {
  expect([0, 0.5, 1, 1.5, 2].map(scoreText)).toEqual(['0', '½', '1', '1½', '2']);
});

test('the placings: best first, a place shared by the losers of a round written as a range', () => {
  expect(placings(knockout())).toEqual([{ place: 3, text: '3rd', names: ['Cai'] }, { place: 5, text: '5th', names: ['Dan'] }]);
  const over = knockout({ bracket: { ...knockout().bracket!, champion: 2, placings: { '2': 1, '5': 2, '1': 3, '3': 3, '4': 5 } } });
  expect(placings(over).map((p) => [p.text, p.names.join()])).toEqual([['1st', 'Bo'], ['2nd', 'Eva'], ['3rd–4th', 'Ann,Cai'], ['5th', 'Dan']]);
  expect([placeText(5, 4), placeText(9, 8), placeText(11, 1), placeText(21, 1), placeText(22, 1)]).toEqual(['5th–8th', '9th–16th', '11th', '21st', '22nd']);
  expect(knockoutProgress(over)).toBe('Champion: Bo');
  setLang('zh');
  expect([placeText(1, 1), placeText(3, 2)]).toEqual(['第 1 名', '第 3–4 名']);
  expect(knockoutProgress(over)).toBe('冠军：Bo');
});

test('where a knockout is, and its terms', () => {
  expect(knockoutProgress(knockout())).toBe('Semi-finals');
  expect(knockoutProgress(knockout({ bracket: { rounds: [], rounds_planned: 0, champion: 0, placings: {} } }))).toBe('Not started');
  expect(knockoutFacts(knockout())).toBe('2 games a match · An armageddon game');
  expect(knockoutFacts(knockout({ match_games: 1, tie_break_games: [2, 2], decider: 'lot' }))).toBe('one game a match · tie-break games 2+2 · Drawing of lots');
});

test('the create form\'s knockout: its match games, tie-break stages and decider; no Swiss rounds', () => {
  expect(tieBreakStages('2,2')).toEqual([2, 2]);
  expect(tieBreakStages(' 2, 1 ')).toEqual([2, 1]);
  expect(tieBreakStages('2，2')).toEqual([2, 2]);
  expect(tieBreakStages('')).toEqual([]);
  expect(tieBreakStages('two')).toBe(null);
  const body = tournamentRequest({
    name: 'Crossover final', game: 'xiangqi', variant: '', time: 'unlimited', format: 'knockout', rounds: 5, scoring: '1-0.5-0',
    tieBreaks: defaultTieBreaks('knockout'), rated: false, starts: '', forfeitMinutes: 5, byeScore: 1, matchGames: 2, tieBreakGames: '2,2',
    decider: 'armageddon',
  });
  expect(body).toMatchObject({ format: 'knockout', match_games: 2, tie_break_games: [2, 2], decider: 'armageddon', tie_breaks: 'win' });
  expect('rounds' in body || 'bye_score' in body).toBe(false);
});

test('the formats\' names: the Swiss is 瑞士制 in Chinese (积分编排制 is the CXA\'s own system)', () => {
  expect(formatText('knockout')).toBe('Knockout (matches, seeded)');
  setLang('zh');
  expect(formatText('swiss')).toBe('瑞士制（FIDE 荷兰制）');
  expect(formatText('knockout')).toBe('淘汰赛（对抗赛，按种子排位）');
});

test('the list says a knockout\'s game round alone (its bracket has fewer rounds than its games)', () => {
  expect(listProgressText({ format: 'knockout', round: 3, rounds_planned: 1 })).toBe('Round 3');
  expect(listProgressText({ format: 'knockout', round: 0, rounds_planned: 0 })).toBe('Not started');
  expect(listProgressText({ format: 'swiss', round: 2, rounds_planned: 5 })).toBe('Round 2 of 5');
});
