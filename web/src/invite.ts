// Playing with a friend on another device: a game created with an open seat
// comes with an invite code; the page shows its link (copy it, or scan its QR
// code) until someone takes the seat. The link opens the join page
// (lobby.ts), which claims the seat once.
import QRCode from 'qrcode';
import type { GameView } from './api';
import { t } from './i18n';
import { $ } from './dom';

export function inviteLink(gameId: string, code: string): string {
  return `${location.origin}/join/${gameId}/${code}`;
}

export function rememberInvite(gameId: string, code: string) {
  localStorage.setItem('qi.invite.' + gameId, code);
}

function rememberedInvite(gameId: string): string | null {
  return localStorage.getItem('qi.invite.' + gameId);
}

// The invite panel for the game shown: while its seat is open and this page
// made the invite; its QR code drawn again only when the link changes.
export function renderInvite(view: GameView | null) {
  const panel = $('invite-panel');
  const code = view && view.waiting_for_seat && view.outcome.verdict === 'ongoing' ? rememberedInvite(view.id) : null;
  panel.hidden = !code;
  if (!code || !view) return;
  const link = inviteLink(view.id, code);
  const input = $<HTMLInputElement>('invite-link');
  if (input.value === link) return;
  input.value = link;
  drawLinkQr($<HTMLCanvasElement>('invite-qr'), link);
}

// A link's QR code, to scan with a phone (an invite, a tournament's page).
export function drawLinkQr(canvas: HTMLCanvasElement, link: string) {
  QRCode.toCanvas(canvas, link, { width: 176, margin: 1 }).catch(() => {});
}

export async function copyInvite(): Promise<string> {
  return copyLink($<HTMLInputElement>('invite-link'));
}

// A link shown in an input, copied to the clipboard; the words that say so.
export async function copyLink(input: HTMLInputElement): Promise<string> {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    // Without the clipboard API (a plain-HTTP address): the text is selected for the user to copy.
    input.select();
    document.execCommand('copy');
  }
  return t('linkCopied');
}
