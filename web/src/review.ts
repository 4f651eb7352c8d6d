// A game review from the engine: the evaluation of every position (from the
// first player's point of view), the best move in each, and the moves that
// threw away much of the expected score.
import { MoveText, Review, ReviewPly, callOptional } from './api';
import { EvalPoint } from './charts';
import { t } from './i18n';
import { moveNumber, moveText } from './notation';

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

const judgementOfMark: Record<string, Judgement> = { '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' };

// The mark of the move into position i: the server's (src/app/review_marks.h:
// lichess's marks). Servers older than marks sent none; for them, the rule
// they had: the engine's expected score lost, more than 0.3 a blunder, 0.2 a
// mistake, 0.1 an inaccuracy, a book move only above a blunder's worth.
export function judgement(plies: ReviewPly[], i: number, firstMoved: boolean): Judgement | null {
  const p = plies[i];
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

// The move into a reviewed position, as its own entry explains it: the move
// played, the engine's choice in its place when that was another, and its
// mark. Position i is the one after move i (0: the start, which no move
// explains). From older servers, the choice is the best move of the
// position before.
export interface MoveExplanation { played: MoveText; better: MoveText | null; judgement: Judgement | null }
export type Judgement = 'blunder' | 'mistake' | 'inaccuracy';

export function explainMove(plies: ReviewPly[], position: number, moves: MoveText[], firstMoved: boolean): MoveExplanation | null {
  const entry = plies[position];
  const played = entry?.played ?? moves[position - 1];
  if (position <= 0 || !entry || !played) return null;
  const before = plies[position - 1];
  const better = 'better' in entry ? entry.better ?? null
    : before?.best && before.best !== played.id ? before.best_move ?? { id: before.best, display: before.best_display ?? before.best, squares: before.best_squares ?? [] } : null;
  return { played, better, judgement: judgement(plies, position, firstMoved) };
}

// What the review says of the position shown: its evaluation, then the move
// into it with its mark and the engine's choice in its place, in the notation
// the reader chose ("Evaluation: +0.35 · Played: 3… d6 ?! (Inaccuracy) · Best: Nf6").
export function reviewText(plies: ReviewPly[], position: number, moves: MoveText[], firstMoved: boolean, notation: string): string {
  const here = plies[position];
  if (!here) return '';
  const parts = [`${t('evaluation')}: ${scoreText(here) || '–'}`];
  const e = explainMove(plies, position, moves, firstMoved);
  if (e) {
    const mark = e.judgement ? ` ${judgementMark[e.judgement]} (${t(e.judgement)})` : '';
    parts.push(`${t('played')}: ${moveNumber(position - 1)} ${moveText(e.played, notation)}${mark}` + (e.better ? '' : ` (${t('best').toLowerCase()})`));
    if (e.better) parts.push(`${t('best')}: ${moveText(e.better, notation)}`);
  }
  return parts.join(' · ');
}
