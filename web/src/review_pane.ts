// The review pane: the engine's evaluation of every position as a graph, and
// what it says of the move shown (game_page.ts marks the moves and draws the
// better move's arrow from the same review).
import { errorText } from './api';
import { evalGraph } from './charts';
import { $ } from './dom';
import { GameState, reviewIsCurrent } from './game_state';
import { t } from './i18n';
import type { MessageLine } from './message_line';
import { evalPoint, fetchReview, reviewText } from './review';

// What the review pane asks of the game page: to draw it again, to show a
// position (a click on the graph), and to say why a review failed.
export interface ReviewHost { render(): void; show(ply: number | null): void; messages: MessageLine }

// Opens the review (asking the server for it the first time) or closes it.
export async function toggleReview(state: GameState, host: ReviewHost) {
  if (!state.view) return;
  if (state.reviewOpen) { state.reviewOpen = false; host.render(); return; }
  state.reviewOpen = true;
  if (reviewIsCurrent(state)) { host.render(); return; }
  const id = state.view.id, plies = state.view.moves.length;
  $('review-panel').hidden = false;
  $('review-graph').replaceChildren();
  $('review-text').textContent = t('reviewing');
  try {
    const data = await fetchReview(id);
    if (!data) { state.reviewOpen = false; $('review-panel').hidden = true; host.messages.say(t('reviewUnavailable'), 'error'); return; }
    state.review = { id, plies, data };
  } catch (e) {
    state.reviewOpen = false;
    $('review-panel').hidden = true;
    host.messages.say(errorText(e), 'error');
    return;
  }
  if (state.view?.id === id) host.render();
}

// The review's graph and its words on the position shown.
export function renderReview(state: GameState, position: number, host: ReviewHost) {
  const panel = $('review-panel');
  if (!state.reviewOpen || !state.review || !state.view || state.review.id !== state.view.id) { if (!state.reviewOpen) panel.hidden = true; return; }
  panel.hidden = false;
  const plies = state.review.data.plies;
  const graph = evalGraph(plies.map(evalPoint), position, (p) => host.show(p - 1));
  graph.id = 'eval-graph';
  $('review-graph').replaceChildren(graph);
  $('review-text').textContent = reviewText(plies, position, state.notation);
}
