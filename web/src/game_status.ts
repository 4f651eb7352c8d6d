// The line above the board that says how the game stands (whose turn, over
// and how, waiting for a player), who watches, and the tab's title; and the
// page as it is with no game open.
import { VariantDescriptor, sideTitle } from './descriptor';
import { $ } from './dom';
import { GameState, mySides, tokenFor } from './game_state';
import { t } from './i18n';
import type { LiveView } from './live';
import { said } from './server_words';

// No game open (the new-game dialog cancelled on a first visit, a game
// removed): a clear way to start one, and no game buttons that look live.
export function renderNoGame() {
  $('empty-game').hidden = false;
  for (const id of ['board', 'player-top', 'player-bottom']) $(id).hidden = true;
  document.querySelectorAll<HTMLButtonElement>('.game-controls button, .replay button, .export button').forEach((b) => { b.disabled = true; });
  for (const id of ['draw-banner', 'takeback-banner', 'gone-banner', 'draw-note', 'review-panel', 'watching']) $(id).hidden = true;
  $('status').textContent = '';
  $('moves').replaceChildren();
  $<HTMLTextAreaElement>('record').value = '';
  $<HTMLTextAreaElement>('fen-out').value = '';
  $('leave').textContent = t('leave');
  $<HTMLSelectElement>('notation').disabled = true;
  document.title = 'Qi';
}

// The status line of the game shown; `gameTitle` names it in the tab's title.
export function renderStatus(state: GameState, v: VariantDescriptor, gameTitle: string) {
  if (!state.view) return;
  const o = state.view.outcome;
  let status: string;
  if (o.verdict !== 'ongoing') status = t('gameOverIs', { text: said(o.words, o.reason) });
  else if (state.view.waiting_for_seat) status = t('waitingForOpponent');
  else if (state.view.engine_to_move) status = t('thinking');
  else status = (tokenFor(state, state.view.side_to_move) && mySides(state).length === 1 ? t('yourTurn') : t('toMove', { side: sideTitle(v, state.view.side_to_move) ?? '' })) + (state.view.in_check ? ' — ' + t('check') : '');
  const st = $('status');
  st.textContent = status;
  const watching = (state.view as LiveView).spectators ?? 0;
  $('spectators').hidden = watching === 0;
  $('spectators').textContent = t('spectators', { n: String(watching) });
  $('watching').hidden = mySides(state).length > 0;
  if (o.verdict !== 'ongoing') { const sc = document.createElement('span'); sc.className = 'score'; sc.textContent = o.score; st.append(' ', sc); }
  document.title = `${status} — ${gameTitle} — Qi`;
  st.className = 'status' + (o.verdict !== 'ongoing' ? ' over' : '');
}
