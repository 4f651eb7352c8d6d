// Export: the game's record as a file (in its variant's record format: PGN,
// PDN), and a position's FEN to the clipboard.
import { GameView, call } from './api';
import type { VariantDescriptor } from './descriptor';

// The record format of a game's variant; PGN for a game the page does not know.
export function recordKind(variant: VariantDescriptor | undefined): string {
  return variant?.record.format ?? 'PGN';
}

export async function downloadRecord(view: GameView, variant: VariantDescriptor | undefined) {
  let text = view.record, format = recordKind(variant);
  try {
    const r = await call<{ record?: string; format?: string }>('GET', `/api/games/${view.id}/record`);
    text = r.record ?? text;
    format = r.format ?? format;
  } catch { /* the record in the view will do */ }
  downloadText(text, `qi-${view.game}-${view.id}.${format.toLowerCase()}`);
}

// Text saved as a file of this name (a game's record, a tournament's TRF).
export function downloadText(text: string, filename: string) {
  const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
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
