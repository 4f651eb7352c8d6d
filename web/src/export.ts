// Export: the game's record as a file (PGN, or PDN for draughts), and a
// position's FEN to the clipboard.
import { GameView, callText } from './api';

export function recordKind(game: string): string {
  return game === 'checkers' ? 'PDN' : game === 'tictactoe' ? 'TXT' : 'PGN';
}

export async function downloadRecord(view: GameView) {
  let text = view.record;
  try {
    const r = await callText(`/api/games/${view.id}/record`);
    // The server answers {record, format, fen}; a plain-text answer is taken as it is.
    if (r.status === 200) { try { text = JSON.parse(r.text).record ?? r.text; } catch { text = r.text; } }
  } catch { /* the record in the view will do */ }
  const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `qi-${view.game}-${view.id}.${recordKind(view.game).toLowerCase()}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export async function copyText(area: HTMLTextAreaElement) {
  try {
    await navigator.clipboard.writeText(area.value);
  } catch {
    // Without clipboard permission: select the text and copy it the old way.
    area.select();
    document.execCommand('copy');
  }
}
