// Presence: while a game is live the page tells the server every 10 s that it
// still holds its seats, so that the server can tell the opponent when a
// player has gone (30 s without contact) and let them claim the game.
import { call } from './api';

const EVERY_MS = 10000;

export interface HeldGame { id: string; live: boolean; tokens: string[] }

export function sendPresence(game: HeldGame | null) {
  if (!game || !game.live) return;
  for (const token of game.tokens)
    // A missed beat is harmless: the next one follows.
    call('POST', `/api/games/${game.id}/presence`, { token }).catch(() => {});
}

// Beats for whatever game the page shows at each beat.
export function keepPresence(current: () => HeldGame | null) {
  setInterval(() => sendPresence(current()), EVERY_MS);
}
