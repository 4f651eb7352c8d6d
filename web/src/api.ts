// The server's JSON API (see src/server/api.h).
// path: a draughts move's squares, first to last (its id may be short: "9x27").
export interface MoveText { id: string; display: string; path?: string[] }
export interface Seat { kind: 'human' | 'engine'; level: number; name: string; side_name: string; player_id?: number | null }
export interface Outcome { verdict: 'ongoing' | 'win' | 'draw'; winner: 'first' | 'second'; termination: string; reason: string; score: string }
export interface GameView {
  id: string; version: number; game: string; variant: string; fen: string; fens: string[];
  side_to_move: 'first' | 'second'; in_check: boolean; seats: Seat[]; moves: MoveText[]; legal_moves: MoveText[];
  draw_claims: { termination: string; reason: string }[];
  draw_offer: { pending: 'first' | 'second' | null; may_offer: [boolean, boolean] };
  can_redo: boolean; undo?: Record<'first' | 'second', { allowed: boolean; code?: string; reason?: string }>; engine_to_move: boolean; record: string; outcome: Outcome;
  clock: { control: { kind: string; per_move_ms: number; max_overruns: number }; remaining_ms: [number, number]; overruns: [number, number]; running: 'first' | 'second' | null };
  tokens?: { first?: string; second?: string };
}
export interface GameInfo { name: string; title: string; variants: string[]; handicaps: string[] }

// A refusal: its words (English) and, when the server gives one, the stable
// code of the rule it applies ("horse_leg_blocked"), which the page words in
// its own language (server_words.ts refusalText).
export class ApiError extends Error {
  code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new ApiError(data.error ?? res.statusText, typeof data.code === 'string' ? data.code : undefined);
  return data as T;
}

// The same request for a plain-text answer (a game record).
export async function callText(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(path);
  return { status: res.status, text: await res.text() };
}

// A request whose 404 means "this server has no such endpoint" rather than
// an error to show: answers null then.
export async function callOptional<T>(path: string): Promise<T | null> {
  const res = await fetch(path);
  if (res.status === 404) return null;
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new ApiError(data.error ?? res.statusText);
  return data as T;
}

export interface Player { id: number; name: string }
export interface GameSummary {
  id: string; game: string; variant: string; status: string; score: string; termination?: string; reason?: string;
  names: string[]; levels?: number[]; plies: number; rated?: boolean; created_ms?: number; updated_ms?: number;
  player_ids?: (number | null)[];
}
export interface ReviewPly {
  ply: number; fen: string; move: string | null; display: string | null;
  score?: { cp?: number; mate?: number } | null; win?: number; draw?: number; loss?: number;
  best?: string | null; best_display?: string | null; best_path?: string[] | null;
}
export interface Review { plies: ReviewPly[] }
