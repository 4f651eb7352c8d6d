// A tournament as the server shows it (GET /api/tournaments/<id>; see
// docs/app.md): one stored document with a version, entrants numbered by
// starting rank from 1, its rounds' boards, standings and crosstable. The
// page draws these and sends the organiser's and players' requests; it
// computes no pairing and no score of its own.
import type { Side, TimeControlView } from './api';

export type TournamentFormat = 'swiss' | 'round-robin' | 'double-round-robin' | 'knockout' | 'groups-knockout';
export type TournamentStatus = 'open' | 'running' | 'over';
// A board's result: first's score first; "+-" a forfeit won by first, "--" both absent; "bye" a board without an opponent.
export type BoardResult = '1-0' | '0-1' | '1/2-1/2' | '+-' | '-+' | '--' | 'bye';

export interface Organiser { id: number; name: string }

// One line of the list (GET /api/tournaments).
export interface TournamentSummary {
  id: string; name: string; game: string; variant: string; format: TournamentFormat; status: TournamentStatus;
  entrants: number; round: number; rounds_planned: number; starts_ms: number; organiser: Organiser;
}

// An engine entrant has no profile (player_id null) and a level from 1 to 10.
export interface Entrant { entrant: number; player_id: number | null; name: string; level: number; withdrawn: boolean }

// `second` 0: a bye for `first`.
export interface Board {
  board: number; first: number; second: number; game_id: string | null;
  result: BoardResult | null;
  // Who gave the result: the game, the organiser, the two players (over the board), the pairing (a bye), a
  // withdrawal, or the server's no-show rule.
  result_by: 'game' | 'organiser' | 'players' | 'pairing' | 'withdrawal' | 'no-show' | null;
  // Over the board: what each player reported, while they disagree or one has not yet.
  reports?: [BoardResult | null, BoardResult | null];
  // A groups-then-knockout event's: the board's group (1-based; 0 in the knockout), and its bracket round and match (0 in the groups).
  group?: number; stage?: number; match?: number;
}
export interface Round { round: number; complete: boolean; boards: Board[] }

// `tie_breaks` in the order of the tournament's tie-break codes.
export interface Standing {
  rank: number; entrant: number; name: string; points: number; points_text: string;
  games: number; wins: number; draws: number; losses: number; tie_breaks: number[];
}

export interface CrossCell { opponent: number; side: Side | null; score: string }
export interface CrossRow { entrant: number; rounds: CrossCell[] }

export interface TournamentView {
  id: string; name: string; game: string; variant: string; time_control?: TimeControlView;
  format: TournamentFormat; rounds_planned: number; scoring: string; tie_breaks: string[];
  rated: boolean; starts_ms: number; forfeit_after_ms: number; bye_score: number; over_the_board?: boolean;
  organiser: Organiser; you_organise: boolean; status: TournamentStatus; version: number;
  entrants: Entrant[]; rounds: Round[]; can_start_round?: boolean;
  standings: Standing[]; crosstable: CrossRow[];
  // A knockout's only: the regular games of a match, the tie-break stages' games, and what decides a match still level.
  match_games?: number; tie_break_games?: number[]; decider?: Decider; bracket?: Bracket;
  // A groups-then-knockout event's: its groups and the games each pair of a group plays. The
  // server sends the other formats' `groups` as the setting's number (2): read it through groupsOf().
  groups?: number; group_cycles?: number; group_tables?: Group[];
}

// A group's table as the server ranks it; `qualified` its winner and
// runner-up, empty until the group's games are all played.
export interface GroupStanding extends Standing { net: number }
export interface Group { name: string; entrants: number[]; standings: GroupStanding[]; qualified: number[] }

export type Decider = 'armageddon' | 'lot';

// A knockout's bracket as far as results reach: bracket round r + 1's match
// k is between the winners of round r's matches 2k - 1 and 2k; rounds not
// reached yet are absent (the page draws them as empty slots).
export interface MatchGame { round: number; board: number; first: number; game_id: string | null; result: BoardResult | null }
export interface BracketMatch {
  match: number; a: number; b: number;  // b 0: a bye for a
  score_a: number; score_b: number; stage: 'regular' | 'tie-break' | 'armageddon' | 'decided'; playing: boolean;
  winner: number; decided_by: 'bye' | 'games' | 'tie-break games' | 'armageddon' | 'lot' | ''; games: MatchGame[];
}
export interface BracketRound { round: number; matches: BracketMatch[] }
// `placings`: entrant → place, shared places by their first (3 for the 3rd-4th).
export interface Bracket { rounds: BracketRound[]; rounds_planned: number; champion: number; placings: Record<string, number> }

// The answer to POST .../seat: the player's game in the round being played.
export interface TournamentSeat { round: number; board: number; game_id: string; side: Side; token: string }
