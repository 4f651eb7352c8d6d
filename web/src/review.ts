// A game review from the engine: the evaluation of every position (from the
// first player's point of view), the best move in each, and the moves that
// threw away much of the expected score.
import { Review, ReviewPly, callOptional } from './api';
import { EvalPoint } from './charts';

export const CLAMP_CP = 1000;

// null when the server has no review endpoint (404).
export async function fetchReview(gameId: string): Promise<Review | null> {
  const r = await callOptional<Review>(`/api/games/${gameId}/review`);
  if (r && !Array.isArray(r.plies)) return { plies: [] };
  return r;
}

export function evalPoint(p: ReviewPly, index: number): EvalPoint {
  const s = p.score ?? {};
  const ply = typeof p.ply === 'number' ? p.ply : index;
  if (typeof s.mate === 'number') return { ply, value: (s.mate !== 0 ? s.mate > 0 : (p.win ?? 0) >= (p.loss ?? 0)) ? CLAMP_CP : -CLAMP_CP, mate: true };
  if (typeof s.cp === 'number') return { ply, value: s.cp, mate: false };
  return { ply, value: null, mate: false };
}

// "+0.35", "−1.20", "#3", "#−2": the first player's advantage.
export function scoreText(p: ReviewPly | undefined): string {
  const s = p?.score;
  if (!s) return '';
  if (typeof s.mate === 'number') return '#' + (s.mate < 0 ? '−' + -s.mate : String(s.mate));
  if (typeof s.cp === 'number') return (s.cp > 0 ? '+' : s.cp < 0 ? '−' : '') + (Math.abs(s.cp) / 100).toFixed(2);
  return '';
}

// The first player's expected score (a win 1, a draw ½) in a position.
function expected(p: ReviewPly | undefined): number | null {
  if (!p) return null;
  if (typeof p.win === 'number' && typeof p.draw === 'number') return p.win + p.draw / 2;
  const v = evalPoint(p, 0).value;
  return v === null ? null : 1 / (1 + Math.pow(10, -v / 400));
}

// What the server says of the move into a position: whether it is on the
// game's list of standard openings, the expected score it lost for its side,
// and its mark (src/app/review_marks.h); older servers send none of these.
type MarkedPly = ReviewPly & { book?: boolean; move_loss?: number; mark?: string | null };

const judgementOfMark: Record<string, 'blunder' | 'mistake' | 'inaccuracy'> = { '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' };

// How much the move into position i lost for the side that made it, judged
// by the expected score: more than 0.3 a blunder, 0.2 a mistake, 0.1 an
// inaccuracy (the thresholds lichess-style reviews use). A book move is
// marked only when it loses more than a blunder's worth. The server's mark
// decides where it sends one; this is the same rule for servers that do not.
export function judgement(plies: ReviewPly[], i: number, firstMoved: boolean): 'blunder' | 'mistake' | 'inaccuracy' | null {
  const p = plies[i] as MarkedPly | undefined;
  if (p && 'mark' in p) return typeof p.mark === 'string' ? judgementOfMark[p.mark] ?? null : null;
  const before = expected(plies[i - 1]), after = expected(plies[i]);
  if (before === null || after === null) return null;
  const loss = firstMoved ? before - after : after - before;
  if (loss > 0.3) return 'blunder';
  if (p?.book) return null;
  if (loss > 0.2) return 'mistake';
  if (loss > 0.1) return 'inaccuracy';
  return null;
}

export const judgementMark: Record<string, string> = { blunder: '??', mistake: '?', inaccuracy: '?!' };
