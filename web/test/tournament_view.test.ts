// The tournament pages' view logic: the standings' and crosstable's cells,
// results, which controls show for the organiser, a player and a visitor,
// and the create form's request, from a small Swiss as the server shows it.
import { beforeEach, expect, test } from 'vitest';
import { setLang } from '../src/i18n';
import { routeOf } from '../src/router';
import type { TournamentView } from '../src/tournament_api';
import {
  TIE_BREAKS, boardCells, controlsFor, crossCellClass, crossCellText, crosstableTable, defaultTieBreaks, groupByStatus, myBoards,
  numberText, progressText, reporterOf, reportsText, timeControlText, resultChoices, resultText, sideMarks, standingsTable, tieBreakName,
  tournamentRequest,
} from '../src/tournament_view';

// Four entrants (3 an engine), round 1 played (1 beat 3, 2 drew 4), round 2
// in play: 1 against 2 in progress, 4 against 3 forfeited by 3.
function swiss(overrides: Partial<TournamentView> = {}): TournamentView {
  return {
    id: 't1', name: 'Spring club Swiss', game: 'chess', variant: '', format: 'swiss', rounds_planned: 3, scoring: '1-0.5-0',
    tie_breaks: ['BH-C1', 'BH', 'SB'], rated: false, starts_ms: 0, forfeit_after_ms: 300000, bye_score: 1,
    organiser: { id: 9, name: 'Teacher' }, you_organise: false, status: 'running', version: 7,
    entrants: [
      { entrant: 1, player_id: 5, name: 'Xiaoyu', level: 0, withdrawn: false },
      { entrant: 2, player_id: 6, name: 'Bo', level: 0, withdrawn: false },
      { entrant: 3, player_id: null, name: 'Qi level 3', level: 3, withdrawn: false },
      { entrant: 4, player_id: 7, name: 'Mei', level: 0, withdrawn: false },
    ],
    rounds: [
      { round: 1, complete: true, boards: [
        { board: 1, first: 1, second: 3, game_id: 'g1', result: '1-0', result_by: 'game' },
        { board: 2, first: 4, second: 2, game_id: 'g2', result: '1/2-1/2', result_by: 'organiser' }] },
      { round: 2, complete: false, boards: [
        { board: 1, first: 2, second: 1, game_id: 'g3', result: null, result_by: null },
        { board: 2, first: 4, second: 3, game_id: 'g4', result: '+-', result_by: 'organiser' }] },
    ],
    can_start_round: false,
    standings: [
      { rank: 1, entrant: 1, name: 'Xiaoyu', points: 1, points_text: '1', games: 1, wins: 1, draws: 0, losses: 0, tie_breaks: [0, 0, 0] },
      { rank: 2, entrant: 4, name: 'Mei', points: 1.5, points_text: '1½', games: 2, wins: 1, draws: 1, losses: 0, tie_breaks: [0.5, 0.5, 0.25] },
    ],
    crosstable: [
      { entrant: 1, rounds: [{ opponent: 3, side: 'first', score: '1' }, { opponent: 2, side: 'second', score: '' }] },
      { entrant: 4, rounds: [{ opponent: 2, side: 'first', score: '½' }, { opponent: 3, side: 'first', score: '+' }] },
    ],
    ...overrides,
  };
}

// setLang marks the document's language: the one thing of a document it needs.
if (!('document' in globalThis)) Object.assign(globalThis, { document: { documentElement: {} } });
beforeEach(() => setLang('en'));

test('the standings: rank, name, points, wins, draws, losses, then a column for each tie-break headed by its code', () => {
  const tab = standingsTable(swiss());
  expect(tab.headers.map((x) => x.text)).toEqual(['#', 'Player', 'Points', 'Wins', 'Draws', 'Losses', 'BH-C1', 'BH', 'SB']);
  expect(tab.headers[6].title).toBe('Buchholz cut 1 (without the lowest)');
  expect(tab.rows[1]).toEqual(['2', 'Mei', '1½', '1', '1', '0', '0.5', '0.5', '0.25']);
});

test('the tie-break headers\' names follow the page\'s language', () => {
  setLang('zh');
  const tab = standingsTable(swiss());
  expect(tab.headers.slice(6).map((x) => x.title)).toEqual(['对手分（去掉最低一个）', '对手分', '索伯分（Sonneborn-Berger）']);
  expect(tab.headers[2].text).toBe('积分');
});

test('every tie-break the server takes has a name in both languages', () => {
  const codes = ['de', 'win', 'won', 'net', 'bh', 'bh-c1', 'bh-m1', 'sb', 'ps', 'bpg', 'aro', 'lot'];
  expect(TIE_BREAKS.map((tb) => tb.code)).toEqual(codes);
  for (const lang of ['en', 'zh'] as const) {
    setLang(lang);
    const names = codes.map(tieBreakName);
    expect(new Set(names).size).toBe(codes.length);
    for (const [i, n] of names.entries()) expect(n).not.toBe(codes[i]);
  }
  expect(tieBreakName('XYZ')).toBe('XYZ');
});

test('tie-break values: at most two decimals, no trailing zeros', () => {
  expect(numberText(12)).toBe('12');
  expect(numberText(5.25)).toBe('5.25');
  expect(numberText(4.5)).toBe('4.5');
  expect(numberText(1 / 3)).toBe('0.33');
});

test('the crosstable\'s cells: opponent, side, score; a bye; a round not yet played', () => {
  const marks = sideMarks('White', 'Black');
  expect(marks).toEqual({ first: 'W', second: 'B' });
  expect(crossCellText({ opponent: 3, side: 'first', score: '1' }, marks)).toBe('3W1');
  expect(crossCellText({ opponent: 2, side: 'second', score: '½' }, marks)).toBe('2B½');
  expect(crossCellText({ opponent: 0, side: null, score: 'bye' }, marks)).toBe('bye');
  expect(crossCellText({ opponent: 0, side: null, score: '' }, marks)).toBe('');
  expect(crossCellClass({ opponent: 3, side: 'first', score: '+' })).toBe('win');
  expect(crossCellClass({ opponent: 3, side: 'first', score: '½' })).toBe('draw');
  expect(crossCellClass({ opponent: 3, side: 'first', score: '0' })).toBe('loss');
  expect(crossCellClass({ opponent: 3, side: 'first', score: '' })).toBe('');
  // Xiangqi's sides in Chinese; two names that begin alike keep two letters.
  expect(sideMarks('红方', '黑方')).toEqual({ first: '红', second: '黑' });
  expect(sideMarks('Blue', 'Black')).toEqual({ first: 'Bl', second: 'Bl' });
});

test('the crosstable: a column for each round, the points from the standings', () => {
  const tab = crosstableTable(swiss(), { first: 'W', second: 'B' });
  expect(tab.headers.map((x) => x.text)).toEqual(['#', 'Player', '1', '2', 'Points']);
  expect(tab.rows).toEqual([['1', 'Xiaoyu', '3W1', '2B', '1'], ['4', 'Mei', '2W½', '3W+', '1½']]);
});

test('a board\'s result as printed, and the organiser\'s choices', () => {
  expect(resultText('1-0')).toBe('1–0');
  expect(resultText('1/2-1/2')).toBe('½–½');
  expect(resultText('+-')).toBe('+ / −');
  expect(resultText(null)).toBe('in play');
  expect(resultChoices().map((c) => c.value)).toEqual(['1-0', '1/2-1/2', '0-1', '+-', '-+', '--']);
  const v = swiss();
  expect(boardCells(v, v.rounds[0].boards[0])).toEqual(['1', 'Xiaoyu (1)', 'Qi level 3 (3)', '1–0']);
  expect(boardCells(v, { board: 3, first: 2, second: 0, game_id: null, result: 'bye', result_by: null })).toEqual(['3', 'Bo (2)', 'bye', 'bye']);
});

test('a visitor: may join a running Swiss (a late entry), nothing else', () => {
  const c = controlsFor(swiss(), new Set());
  expect(c).toEqual({ join: true, withdraw: [], addEngine: false, startRound: null, enterResults: false, withdrawAny: false, share: true });
  expect(controlsFor(swiss({ format: 'round-robin' }), new Set()).join).toBe(false);
  expect(controlsFor(swiss({ status: 'open', rounds: [] }), new Set()).join).toBe(true);
  expect(controlsFor(swiss({ status: 'over' }), new Set()).join).toBe(false);
});

test('a player: withdraws their own entrant and plays their own game of the round', () => {
  const v = swiss();
  const c = controlsFor(v, new Set([6]));
  expect(c.withdraw.map((e) => e.entrant)).toEqual([2]);
  expect(c.enterResults || c.addEngine || c.withdrawAny || c.startRound !== null).toBe(false);
  expect(myBoards(v, new Set([6])).map((m) => [m.board.board, m.entrants.map((e) => e.entrant)])).toEqual([[1, [2]]]);
  // Both players of a board at one screen: one game with both seats.
  expect(myBoards(v, new Set([5, 6])).map((m) => [m.board.board, m.entrants.map((e) => e.entrant)])).toEqual([[1, [1, 2]]]);
  // Mei's board has its result (a forfeit): no game to play.
  expect(myBoards(v, new Set([7]))).toEqual([]);
  // A round not in play: none.
  expect(myBoards(swiss({ status: 'over' }), new Set([6]))).toEqual([]);
});

test('the organiser: starts the next round when the server allows it, enters results, adds the engine, withdraws anyone', () => {
  const c = controlsFor(swiss({ you_organise: true, can_start_round: true }), new Set([9]));
  expect(c.startRound).toBe(3);
  expect(c.enterResults && c.addEngine && c.withdrawAny).toBe(true);
  expect(controlsFor(swiss({ you_organise: true, can_start_round: false }), new Set()).startRound).toBe(null);
  const over = controlsFor(swiss({ you_organise: true, status: 'over' }), new Set());
  expect(over.enterResults || over.withdrawAny || over.addEngine || over.share).toBe(false);
});

test('the list in its groups, and where each tournament is', () => {
  const g = groupByStatus([{ id: 'a', status: 'over' }, { id: 'b', status: 'open' }, { id: 'c', status: 'over' }] as const);
  expect(g.over.map((x) => x.id)).toEqual(['a', 'c']);
  expect(g.open.map((x) => x.id)).toEqual(['b']);
  expect(g.running).toEqual([]);
  expect(progressText(0, 5)).toBe('Not started');
  expect(progressText(2, 5)).toBe('Round 2 of 5');
});

test('the create form\'s request: rounds and the bye only for a Swiss; tie-breaks in their order', () => {
  const form = {
    name: ' Spring club Swiss ', game: 'chess', variant: '', time: 'inc:600:5', format: 'swiss' as const, rounds: 5, scoring: '3-1-0',
    tieBreaks: ['sb', 'bh-c1'], rated: true, starts: '', forfeitMinutes: 5, byeScore: 0.5,
  };
  expect(tournamentRequest(form)).toEqual({
    name: 'Spring club Swiss', game: 'chess', variant: '', time_control: { kind: 'increment', base_ms: 600000, increment_ms: 5000 },
    format: 'swiss', rounds: 5, bye_score: 0.5, scoring: '3-1-0', tie_breaks: 'sb,bh-c1', rated: true, starts_ms: 0, forfeit_after_ms: 300000,
  });
  const rr = tournamentRequest({ ...form, format: 'round-robin', tieBreaks: defaultTieBreaks('round-robin') });
  expect('rounds' in rr || 'bye_score' in rr).toBe(false);
  expect(rr.tie_breaks).toBe('de,sb,win');
  expect(defaultTieBreaks('swiss')).toEqual(['bh-c1', 'bh', 'sb']);
  const at = tournamentRequest({ ...form, starts: '2026-12-24T18:30' }).starts_ms as number;
  expect(new Date(at).getHours()).toBe(18);
});

test('the tournament pages\' addresses', () => {
  expect(routeOf('/tournaments')).toEqual({ page: 'tournaments' });
  expect(routeOf('/tournaments/t1')).toEqual({ page: 'tournament', id: 't1' });
  expect(routeOf('/tournaments/a/b')).toEqual({ page: 'game', id: null });
});

test('a time control in the page\'s words when it is one offered', () => {
  expect(timeControlText({ kind: 'increment', base_ms: 600000, increment_ms: 5000 })).toBe('10 min + 5 s');
  expect(timeControlText({ kind: 'unlimited' })).toBe('Unlimited');
  setLang('zh');
  expect(timeControlText({ kind: 'increment', base_ms: 600000, increment_ms: 5000 })).toBe('10 分 + 5 秒');
  expect(timeControlText({ kind: 'sudden_death', base_ms: 120000 })).toBe('2 min');
});

test('over the board, a player of the board held here reports its result until it has one; the reports are shown meanwhile', () => {
  const v = swiss({ over_the_board: true });
  const open = v.rounds[1].boards[0];  // Bo v Xiaoyu, no result yet
  expect(reporterOf(v, open, new Set([5]))?.name).toBe('Xiaoyu');
  expect(reporterOf(v, open, new Set([6]))?.name).toBe('Bo');
  expect(reporterOf(v, open, new Set([7]))).toBeNull();  // Mei does not play it
  expect(reporterOf(v, v.rounds[0].boards[0], new Set([5]))).toBeNull();  // it has its result
  expect(reporterOf(swiss(), open, new Set([5]))).toBeNull();  // games in the app report themselves
  expect(reportsText({ ...open, reports: ['1-0', null] })).toBe('1–0 / …');
  expect(reportsText({ ...open, reports: ['1-0', '0-1'] })).toBe('1–0 / 0–1');
  expect(reportsText(open)).toBe('');
});

test('the request of an over-the-board tournament says so', () => {
  const form = { name: 'Club night', game: 'xiangqi', variant: '', time: 'unlimited', format: 'round-robin' as const, rounds: 0,
    scoring: '1-0.5-0', tieBreaks: ['de'], rated: false, starts: '', forfeitMinutes: 5, byeScore: 1 };
  expect(tournamentRequest({ ...form, overTheBoard: true }).over_the_board).toBe(true);
  expect('over_the_board' in tournamentRequest(form)).toBe(false);
});
