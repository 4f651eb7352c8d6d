// The game's moves beside the board: the list in the chosen notation (marked
// by the review when it is open), and the notations to choose from.
import type { VariantDescriptor } from './descriptor';
import { $ } from './dom';
import type { GameState } from './game_state';
import { currentLang, t } from './i18n';
import { moveText } from './notation';
import { judgement, judgementMark } from './review';
import { said } from './server_words';

// The moves in the chosen notation, numbered in pairs; a click shows the position after one.
export function renderMoves(state: GameState, ply: number, show: (ply: number) => void) {
  if (!state.view) return;
  const list = $('moves');
  list.replaceChildren();
  list.className = 'moves pairs';
  state.view.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = moveText(m, state.notation);
    li.dataset.ply = String(i);
    if (state.reviewOpen && state.review) {
      const j = judgement(state.review.data.plies, i + 1);
      if (j) { li.classList.add(j); li.title = t(j); const mark = document.createElement('span'); mark.className = 'judgement'; mark.textContent = judgementMark[j]; li.appendChild(mark); }
    }
    if (i === ply) li.classList.add('current');
    li.onclick = () => show(i);
    list.appendChild(li);
  });
  const cur = list.querySelector('.current');
  if (cur && state.viewPly === null) list.scrollTop = list.scrollHeight;
  else if (cur) (cur as HTMLElement).scrollIntoView({ block: 'nearest' });
}

// The game's notations, titled by the server, the chosen one selected.
export function renderNotations(state: GameState, v: VariantDescriptor) {
  const sel = $<HTMLSelectElement>('notation');
  const key = v.notations.map((n) => n.id).join() + '|' + currentLang();
  if (sel.dataset.options !== key) {
    sel.replaceChildren(...v.notations.map((n) => new Option(said(n.title, n.id), n.id)));
    sel.dataset.options = key;
  }
  sel.value = state.notation;
  sel.disabled = false;
}
