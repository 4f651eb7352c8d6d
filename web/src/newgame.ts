// The new-game dialog: game, variant, opponent, players (profiles), rated,
// handicap, time, and an imported start position or game record.
import { GameInfo, Player, call } from './api';
import { sideNames } from './games';
import { sideName, t } from './i18n';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const NEW = 'new';

let players: Player[] = [];

export async function loadPlayers() {
  players = await call<Player[]>('GET', '/api/players').catch(() => players);
}

function fillPlayerSelect(sel: HTMLSelectElement, remembered: string | null) {
  const keep = sel.value || remembered || '';
  sel.replaceChildren(
    new Option(t('guest'), ''),
    ...players.map((p) => new Option(p.name, String(p.id))),
    new Option(t('newPlayer'), NEW));
  sel.value = Array.from(sel.options).some((o) => o.value === keep) ? keep : '';
}

export function fillNewGame(games: GameInfo[]) {
  const gameSel = $<HTMLSelectElement>('ng-game');
  if (!gameSel.options.length) {
    for (const g of games) { const o = document.createElement('option'); o.value = g.name; gameSel.appendChild(o); }
    if (games.some((g) => g.name === 'chess')) gameSel.value = 'chess';
  }
  for (const o of Array.from(gameSel.options)) o.textContent = t(o.value);
  const info = games.find((g) => g.name === gameSel.value);
  if (!info) return;
  const variant = $<HTMLSelectElement>('ng-variant');
  const oldVariant = variant.value;
  variant.replaceChildren(...info.variants.map((v) => { const o = document.createElement('option'); o.value = v; o.textContent = t(v); return o; }));
  if (info.variants.includes(oldVariant)) variant.value = oldVariant;
  $('ng-variant-row').hidden = info.variants.length === 0;
  const hc = $<HTMLSelectElement>('ng-handicap');
  const oldHc = hc.value;
  hc.replaceChildren(...['', ...info.handicaps].map((h) => { const o = document.createElement('option'); o.value = h; o.textContent = h ? t('handicap_' + h) : t('none'); return o; }));
  if (info.handicaps.includes(oldHc)) hc.value = oldHc;
  $('ng-handicap-row').hidden = info.handicaps.length === 0;
  const [a, b] = sideNames(info.name, variant.value);
  $('ng-side-first').textContent = sideName(a);
  $('ng-side-second').textContent = sideName(b);
  const opp = $<HTMLSelectElement>('ng-opponent').value;
  $('ng-level-row').hidden = opp === 'human';
  $('ng-side-row').hidden = opp !== 'engine';
  // Players: one for a game against the engine, two at one screen, none to watch.
  fillPlayerSelect($('ng-player'), localStorage.getItem('qi.player'));
  fillPlayerSelect($('ng-player2'), null);
  $('ng-player-row').hidden = opp === 'watch';
  $('ng-player2-row').hidden = opp !== 'human';
  $('ng-player-name-row').hidden = $('ng-player-row').hidden || $<HTMLSelectElement>('ng-player').value !== NEW;
  $('ng-player2-name-row').hidden = $('ng-player2-row').hidden || $<HTMLSelectElement>('ng-player2').value !== NEW;
  const anyPlayer = !$('ng-player-row').hidden && $<HTMLSelectElement>('ng-player').value !== '' ||
    !$('ng-player2-row').hidden && $<HTMLSelectElement>('ng-player2').value !== '';
  $('ng-rated-row').hidden = !anyPlayer;
  $<HTMLInputElement>('ng-rated').disabled = !anyPlayer;
}

// The game a pasted record names, when its tags say so.
export function guessGame(text: string): { game?: string; variant?: string } {
  if (/\[\s*(Variant|Game)\s+"(xiangqi|chinese chess)"/i.test(text)) return { game: 'xiangqi' };
  const type = text.match(/\[\s*GameType\s+"(\d+)/i);
  if (type) return { game: 'checkers', variant: ({ '20': 'international', '21': 'english', '25': 'russian', '26': 'brazilian' } as Record<string, string>)[type[1]] };
  if (/^\s*\[\s*(Event|White|Site)\s/.test(text) && !/\[\s*(Variant|Game)\s/i.test(text)) return { game: 'chess' };
  return {};
}

// A FEN is one line with no tags and no numbered moves; anything else is a
// game record.
export function looksLikeFen(text: string): boolean {
  return !text.includes('\n') && !/^\s*\[/.test(text) && !/\d+\.\s*\S/.test(text);
}

async function playerFor(selectId: string, nameId: string): Promise<Player | null> {
  const v = $<HTMLSelectElement>(selectId).value;
  if (!v) return null;
  if (v !== NEW) return players.find((p) => String(p.id) === v) ?? null;
  const name = $<HTMLInputElement>(nameId).value.trim();
  const p = await call<Player>('POST', '/api/players', { name });
  players.push(p);
  $<HTMLSelectElement>(selectId).append(new Option(p.name, String(p.id)));
  $<HTMLSelectElement>(selectId).value = String(p.id);
  return p;
}

// The body of POST /api/games from the dialog (creating new players first).
export async function newGameRequest(games: GameInfo[]): Promise<Record<string, unknown>> {
  const f = new FormData($<HTMLFormElement>('new-game-form'));
  const game = String(f.get('game'));
  const opponent = String(f.get('opponent'));
  const level = Number(f.get('level'));
  const side = String(f.get('side'));
  const engine = { kind: 'engine', level };
  const seatOf = (p: Player | null) => (p ? { kind: 'human', player_id: p.id, name: p.name } : { kind: 'human' });
  const me = opponent === 'watch' ? null : await playerFor('ng-player', 'ng-player-name');
  const other = opponent === 'human' ? await playerFor('ng-player2', 'ng-player2-name') : null;
  if (me) localStorage.setItem('qi.player', String(me.id));
  const seats = opponent === 'human' ? [seatOf(me), seatOf(other)] : opponent === 'watch' ? [engine, engine]
    : side === 'first' ? [seatOf(me), engine] : [engine, seatOf(me)];
  const time = String(f.get('time')).split(':');
  const tc = time[0] === 'sd' ? { kind: 'sudden_death', base_ms: Number(time[1]) * 1000 }
    : time[0] === 'inc' ? { kind: 'increment', base_ms: Number(time[1]) * 1000, increment_ms: Number(time[2]) * 1000 }
      : time[0] === 'pm' ? { kind: 'per_move', per_move_ms: Number(time[1]) * 1000, max_overruns: 3 } : { kind: 'unlimited' };
  const body: Record<string, unknown> = { game, seats, time_control: tc };
  const variant = String(f.get('variant') ?? '');
  if (variant && games.find((g) => g.name === game)?.variants.length) body.variant = variant;
  const handicap = String(f.get('handicap') ?? '');
  if (handicap) body.handicap = handicap;
  if ((me || other) && f.get('rated')) body.rated = true;
  const record = String(f.get('record') ?? '').trim();
  if (record) {
    if (looksLikeFen(record)) body.fen = record; else body.record = record;
  }
  return body;
}
