// A choice between moves that the clicks alone do not tell apart: the piece a
// promotion makes (the moves' `choice`, shown by that piece's glyph), or the
// route of a capture (each move's text).
import type { MoveText } from './api';

export interface ChooserItem { move: MoveText; label: string; route: boolean }

export function showChooser(host: HTMLElement, title: string, items: ChooserItem[], onPick: (m: MoveText) => void) {
  host.querySelector('.chooser')?.remove();
  const box = document.createElement('div');
  box.className = 'chooser';
  const head = document.createElement('div');
  head.textContent = title;
  box.appendChild(head);
  for (const item of items) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = item.label;
    if (item.route) b.className = 'route';
    b.dataset.move = item.move.id;
    b.onclick = () => { box.remove(); onPick(item.move); };
    box.appendChild(b);
  }
  host.appendChild(box);
}

export function closeChooser(host: HTMLElement) { host.querySelector('.chooser')?.remove(); }
