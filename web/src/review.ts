// A game review from the engine: the evaluation of every position (from the
// first player's point of view), the best move in each, and the moves that
// threw away much of the expected score.
import { MoveText, Review, ReviewPly, callOptional } from './api';
import { EvalPoint } from './charts';
import { t } from './i18n';
import { moveNumber, moveText } from './notation';

export const CLAMP_CP = 1000;

// null when the server has no review of this game (404: no such game).
export async function fetchReview(gameId: string): Promise<Review | null> {
  return callOptional<Review>(`/api/games/${gameId}/review`);
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

const judgementOfMark: Record<string, Judgement> = { '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' };

// The mark of the move into position i, as the server judged it
// (src/app/review_marks.h: lichess's marks); the page computes none.
export function judgement(plies: ReviewPly[], i: number): Judgement | null {
  const mark = plies[i]?.mark;
  return typeof mark === 'string' ? judgementOfMark[mark] ?? null : null;
}

export const judgementMark: Record<string, string> = { blunder: '??', mistake: '?', inaccuracy: '?!' };

// The move into a reviewed position, as its own entry explains it: the move
// played, the engine's choice in its place when that was another, and its
// mark. Position i is the one after move i (0: the start, which no move
// explains).
export interface MoveExplanation { played: MoveText; better: MoveText | null; judgement: Judgement | null }
export type Judgement = 'blunder' | 'mistake' | 'inaccuracy';

export function explainMove(plies: ReviewPly[], position: number): MoveExplanation | null {
  const entry = plies[position];
  if (position <= 0 || !entry?.played) return null;
  return { played: entry.played, better: entry.better ?? null, judgement: judgement(plies, position) };
}

// What the review says of the position shown: its evaluation, then the move
// into it with its mark and the engine's choice in its place, in the notation
// the reader chose ("Evaluation: +0.35 · Played: 3… d6 ?! (Inaccuracy) · Best: Nf6").
export function reviewText(plies: ReviewPly[], position: number, notation: string): string {
  const here = plies[position];
  if (!here) return '';
  const parts = [`${t('evaluation')}: ${scoreText(here) || '–'}`];
  const e = explainMove(plies, position);
  if (e) {
    const mark = e.judgement ? ` ${judgementMark[e.judgement]} (${t(e.judgement)})` : '';
    parts.push(`${t('played')}: ${moveNumber(position - 1)} ${moveText(e.played, notation)}${mark}` + (e.better ? '' : ` (${t('best').toLowerCase()})`));
    if (e.better) parts.push(`${t('best')}: ${moveText(e.better, notation)}`);
  }
  return parts.join(' · ');
}
