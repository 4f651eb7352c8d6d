// The server's JSON API (see src/server/api.h and docs/app.md).
import { Words, said } from './server_words';
import type { TakebackView } from './takeback';

export type Side = 'first' | 'second';

// A move as the server writes it: `squares` are the squares it touches in
// order (from, each landing, to; one square for a move that places a piece),
// `notations` its text in each of the game's notations, and `choice` the piece
// it chooses where several moves share the same squares (a promotion).
export interface MoveText { id: string; display: string; squares: string[]; notations?: Record<string, string>; choice?: string }
// `open`: a person's seat nobody has taken yet (an invite link takes it).
export interface Seat { kind: 'human' | 'engine'; level: number; name: string; player_id?: number | null; open?: boolean }
// A finished game's rematch: asked for by a side, or made (the new game; the
// asker's own `token` and `side` in it come only in the answer to its request).
export interface RematchView { offered_by?: Side; game?: string; token?: string; side?: Side }
export interface Outcome {
  verdict: 'ongoing' | 'win' | 'draw' | 'aborted'; winner: Side; side?: Side; termination: string; score: string; reason: string;
  n?: number; words?: Words; squares?: string[];
}
// `needs_consent`: the opponent is a person, so from one seat's page undo is a proposal (takeback.ts).
export interface UndoState { allowed: boolean; code?: string; reason?: string; words?: Words; needs_consent: boolean }
export interface GameView {
  id: string; version: number; game: string; variant: string; fen: string; fens: string[];
  boards: string[];  // the pieces after each ply, one character a square of the descriptor's squares ('.' empty)
  side_to_move: Side; in_check: boolean; check_square: string | null; seats: Seat[]; moves: MoveText[]; legal_moves: MoveText[];
  draw_claims: Outcome[];
  draw_offer: DrawOfferView;
  can_redo: boolean; undo: Record<Side, UndoState>; takeback: TakebackView; engine_to_move: boolean; record: string; outcome: Outcome;
  clock: {
    control: { kind: string; base_ms?: number; per_move_ms: number; max_overruns: number };
    remaining_ms: [number, number]; overruns: [number, number]; running: Side | null;
    started: boolean;  // false until each side has made its first move
  };
  rated: boolean;
  presence: Record<Side, { here: boolean; away_ms: number }>;
  leave: Record<Side, LeaveOptions>;
  tokens?: { first?: string; second?: string };
  // A created game's invite codes for its open seat, and whether a seat is still open.
  invites?: { first?: string; second?: string };
  waiting_for_seat: boolean;
  rematch: RematchView | null;
  // A created game's record that played on past an ending by rule: where, and the ruling.
  imported?: { result: string; rulings: { ply: number; outcome: Outcome }[]; assumed?: string };
  // A created game's start position as read otherwise than written (chess: an impossible castling right dropped).
  fen_warnings?: string[];
}
// Draw offers (FIDE 9.1.2): an offer pressed is `held` until its side's next
// move, then `pending` for the opponent (see draw_offer.ts).
export interface DrawAnswer { by: Side; accepted: boolean; engine: boolean; ply: number; words?: Words }
export interface DrawOfferView {
  pending: Side | null;
  held: Record<Side, boolean>;
  may_offer: Record<Side, boolean>;
  offer_refusal: Record<Side, { code: string; words?: Words } | null>;
  answer: DrawAnswer | null;
}
// What a seat may do now to leave the game besides resigning.
export interface LeaveOptions { abort: boolean; claim_win: boolean; claim_draw: boolean }
export interface Hint { move: MoveText; kind?: string; reason: string; words?: Words }

// A refusal: the server's English words, the stable code of the rule it
// applies ("horse_leg_blocked") and its words in both languages.
export class ApiError extends Error {
  code?: string;
  words?: Words;
  constructor(message: string, code?: string, words?: Words) {
    super(message);
    this.code = code;
    this.words = words;
  }
  // What the page shows: the words in its language, else the English message.
  text(): string { return said(this.words, this.message); }
}

function refusal(data: { error?: string; code?: unknown; words?: Words }, fallback: string): ApiError {
  return new ApiError(data.error ?? fallback, typeof data.code === 'string' ? data.code : undefined, data.words);
}

export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw refusal(data, res.statusText);
  return data as T;
}

// The text of any error, in the page's language when the server worded it.
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.text();
  return e instanceof Error ? e.message : String(e);
}

// A request whose 404 is an answer rather than an error to show (no such
// review): null then.
export async function callOptional<T>(path: string): Promise<T | null> {
  const res = await fetch(path);
  if (res.status === 404) return null;
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw refusal(data, res.statusText);
  return data as T;
}

// `protected`: the profile has a password.
export interface Player { id: number; name: string; protected: boolean }
export interface GameSummary {
  id: string; game: string; variant: string; status: string; score: string; termination?: string; reason?: string;
  words?: Words; names: string[]; levels?: number[]; plies: number; rated?: boolean; created_ms?: number; updated_ms?: number;
  player_ids?: (number | null)[];
  to_move: Side;
  gone?: Side[];  // a game in play: the players who have left it (their page out of touch), as the server knows
}
// A reviewed position ([0] the start, [i] after move i): its evaluation and
// the engine's best move in it (best...); and the move into it: `played`,
// `better` (the engine's choice in its place, when another), its mark and
// the expected score it lost.
export interface ReviewPly {
  ply: number; fen: string; move: string | null; display: string | null;
  score?: { cp?: number; mate?: number } | null; win?: number; draw?: number; loss?: number;
  best?: string | null; best_display?: string | null; best_squares?: string[] | null; best_move?: MoveText | null;
  played?: MoveText | null; better?: MoveText | null; mark?: string | null; move_loss?: number; book?: boolean;
}
export interface Review { plies: ReviewPly[] }
export interface TimeControlView { kind: string; base_ms?: number; increment_ms?: number; per_move_ms?: number; max_overruns?: number }
// An open challenge in the lobby.
export interface Challenge {
  id: string; game: string; variant: string; time_control: TimeControlView; rated: boolean;
  side: 'first' | 'second' | 'random'; player_id: number | null; name: string; status: string; created_ms: number;
}
