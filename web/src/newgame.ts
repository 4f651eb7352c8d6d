// The new-game dialog: game, variant (with a numbered start for Chess960),
// opponent, players (profiles), rated, handicap, time, and an imported start
// position or game record. The games,
// their variants, sides and handicaps are the server's descriptors. A seat
// of a profile with a password asks for it unless the page is logged in as
// that profile (hot-seat: the other player types theirs).
import { Player, call } from './api';
import { Account, passwordProblem } from './account';
import { AccountView, lockText } from './account_view';
import { GameCatalog, VariantDescriptor, hasVariants, sideTitle } from './descriptor';
import { FROM_RECORD, RecordIdentifier, gameOnTie } from './record_identify';
import { said } from './server_words';
import { t } from './i18n';
import { $ } from './dom';

const NEW = 'new';

// Options from a list, keeping the chosen value when it is still offered.
function fillSelect(sel: HTMLSelectElement, options: { value: string; text: string }[], preferred?: string) {
  const keep = sel.value || preferred || '';
  sel.replaceChildren(...options.map((o) => new Option(o.text, o.value)));
  if (options.some((o) => o.value === keep)) sel.value = keep;
}

// The variant chosen in the dialog.
function chosenVariant(games: GameCatalog): VariantDescriptor | undefined {
  const game = games.named($<HTMLSelectElement>('ng-game').value);
  return game?.variants.find((v) => v.name === $<HTMLSelectElement>('ng-variant').value) ?? game?.variants[0];
}

// A variant with numbered start positions (Chess960) offers a number, or
// leaves the choice to the server, which picks one at random. The row is
// made here, after the variant's.
function startRow(): HTMLLabelElement {
  let row = document.getElementById('ng-start-number-row') as HTMLLabelElement | null;
  if (!row) {
    row = document.createElement('label');
    row.id = 'ng-start-number-row';
    const input = document.createElement('input');
    Object.assign(input, { type: 'number', name: 'start_number', id: 'ng-start-number', min: '0', step: '1' });
    row.append(document.createElement('span'), ' ', input);
    $('ng-variant-row').after(row);
  }
  return row;
}

function fillStartRow(count: number) {
  const row = startRow();
  row.hidden = count === 0;
  const input = $<HTMLInputElement>('ng-start-number');
  input.max = String(Math.max(0, count - 1));
  input.placeholder = said({ en: 'random', zh: '随机' });
  row.querySelector('span')!.textContent = said({ en: `Start position (0–${count - 1})`, zh: `开局位置（0–${count - 1}）` });
}

// The chosen level with the Elo the game rates it by: "5 (Elo 1430)".
export function showLevel(games: GameCatalog) {
  const level = Number($<HTMLInputElement>('ng-level').value);
  const elo = games.named($<HTMLSelectElement>('ng-game').value)?.level_elo?.[level - 1];
  $('ng-level-out').textContent = elo ? said({ en: `${level} (Elo ${elo})`, zh: `${level}（等级分 ${elo}）` }) : String(level);
}

// The password typed for a seat, when its row is shown.
function seatPassword(selectId: string): string {
  return $(selectId + '-password-row').hidden ? '' : $<HTMLInputElement>(selectId + '-password').value;
}

// A FEN is one line with no tags and no numbered moves; anything else is a
// game record.
export function looksLikeFen(text: string): boolean {
  return !text.includes('\n') && !/^\s*\[/.test(text) && !/\d+\.\s*\S/.test(text);
}

// The dialog's state: the profiles it offers and the pasted record's
// identification. Made once by main.ts; the game page asks it for the new
// game's request.
export class NewGameDialog {
  // The profiles offered as players, as last loaded.
  private players: Player[] = [];
  // Done once the newest pasted text is answered (the form waits for it before it starts a game).
  private identifying: Promise<void> = Promise.resolve();
  private readonly identifier = new RecordIdentifier();

  constructor(private readonly games: GameCatalog, private readonly account: Account, private readonly logins: AccountView) {}

  async loadPlayers() {
    this.players = await call<Player[]>('GET', '/api/players').catch(() => this.players);
    this.logins.notePlayers(this.players);
  }

  private fillPlayerSelect(sel: HTMLSelectElement, remembered: string | null) {
    const keep = sel.value || remembered || '';
    sel.replaceChildren(
      new Option(t('guest'), ''),
      ...this.players.map((p) => new Option(p.name + lockText(p), String(p.id))),
      new Option(t('newPlayer'), NEW));
    sel.value = Array.from(sel.options).some((o) => o.value === keep) ? keep : '';
  }

  // The rows drawn again for what is chosen: game, variant, opponent, players.
  fill() {
    const games = this.games.all();
    // The game played last time, else the first in the server's menu order.
    fillSelect($('ng-game'), games.map((g) => ({ value: g.name, text: said(g.title, g.name) })), localStorage.getItem('qi.game') ?? undefined);
    const game = this.games.named($<HTMLSelectElement>('ng-game').value);
    if (!game) return;
    // With a record or FEN to import, its variant may be left to it.
    const importing = $<HTMLTextAreaElement>('ng-record').value.trim() !== '';
    fillSelect($('ng-variant'), [...(importing ? [{ value: FROM_RECORD, text: t('variantFromRecord') }] : []),
      ...game.variants.map((v) => ({ value: v.name, text: said(v.title, v.name) }))]);
    $('ng-variant-row').hidden = !hasVariants(game);
    const variant = chosenVariant(this.games)!;
    fillSelect($('ng-handicap'), [{ value: '', text: t('none') }, ...variant.handicaps.map((h) => ({ value: h.name, text: said(h.title, h.name) }))]);
    $('ng-handicap-row').hidden = variant.handicaps.length === 0;
    fillStartRow(variant.numbered_starts ?? 0);
    $('ng-side-first').textContent = sideTitle(variant, 'first') ?? t('first');
    $('ng-side-second').textContent = sideTitle(variant, 'second') ?? t('second');
    const opp = $<HTMLSelectElement>('ng-opponent').value;
    $('ng-level-row').hidden = opp === 'human';
    showLevel(this.games);
    $('ng-side-row').hidden = opp !== 'engine' && opp !== 'friend';
    // Players: one for a game against the engine, two at one screen, none to watch.
    this.fillPlayerSelect($('ng-player'), localStorage.getItem('qi.player'));
    this.fillPlayerSelect($('ng-player2'), null);
    $('ng-player-row').hidden = opp === 'watch';
    $('ng-player2-row').hidden = opp !== 'human';
    $('ng-player-name-row').hidden = $('ng-player-row').hidden || $<HTMLSelectElement>('ng-player').value !== NEW;
    $('ng-player2-name-row').hidden = $('ng-player2-row').hidden || $<HTMLSelectElement>('ng-player2').value !== NEW;
    this.fillSeatPassword('ng-player');
    this.fillSeatPassword('ng-player2');
    const anyPlayer = !$('ng-player-row').hidden && $<HTMLSelectElement>('ng-player').value !== '' ||
      !$('ng-player2-row').hidden && $<HTMLSelectElement>('ng-player2').value !== '';
    $('ng-rated-row').hidden = !anyPlayer;
    $<HTMLInputElement>('ng-rated').disabled = !anyPlayer;
  }

  // A seat's password row: for a new profile (optional, unless the server
  // keeps accounts), or for a protected profile the page is not logged in as.
  // What was typed is forgotten when the seat's choice changes.
  private fillSeatPassword(selectId: string) {
    const value = $<HTMLSelectElement>(selectId).value;
    const fresh = value === NEW;
    const p = this.players.find((q) => String(q.id) === value);
    $(selectId + '-password-row').hidden = $(selectId + '-row').hidden || !(fresh || this.account.needsPassword(p));
    const input = $<HTMLInputElement>(selectId + '-password');
    if (input.dataset.seat !== value) { input.value = ''; input.dataset.seat = value; }
    input.autocomplete = fresh ? 'new-password' : 'current-password';
    $(selectId + '-password-label').textContent = fresh ? t(this.account.accountsRequired() ? 'password' : 'passwordOptional') : t('passwordFor', { name: p?.name ?? '' });
  }

  // A new game starts from the usual position unless asked otherwise: the
  // dialog forgets the last game's handicap and imported position, which
  // would otherwise be sent together with a later import (and refused).
  clearStartPosition() {
    $<HTMLSelectElement>('ng-handicap').value = '';
    $<HTMLTextAreaElement>('ng-record').value = '';
    this.identifier.forget();
    $('ng-record-note').textContent = '';
    $<HTMLTextAreaElement>('ng-record').dataset.identified = 'done';
    startRow().querySelector('input')!.value = '';
    if ($<HTMLSelectElement>('ng-variant').value === FROM_RECORD) this.fill();
  }

  // A pasted record or position chooses its game in the dialog as the server
  // identifies it, with its variant (or "as the record says" where the server
  // assumed one), and the note under the box says why; where games tie, the
  // game chosen stays if it is one of them.
  chooseGameOfRecord(text: string) {
    const box = $<HTMLTextAreaElement>('ng-record');
    const note = $('ng-record-note');
    this.fill();
    if (!text.trim()) {
      this.identifier.forget();
      note.textContent = '';
      box.dataset.identified = 'done';
      this.identifying = Promise.resolve();
      return;
    }
    box.dataset.identified = 'asking';
    this.identifying = this.identifier.identify(text).then((answer) => {
      if (!answer) return;  // a newer text is being asked about
      if ('error' in answer) {
        note.textContent = answer.error.text();
      } else {
        const id = answer.identity;
        const chosen = $<HTMLSelectElement>('ng-game').value;
        const game = id.game ?? gameOnTie(id, chosen);
        if (game) $<HTMLSelectElement>('ng-game').value = game;
        this.fill();
        // The variant chosen stays when it reads the text as well (a FEN of chess and Chess960 alike), or on a tie.
        const keep = game === chosen && (id.game === null || (id.variants ?? []).includes($<HTMLSelectElement>('ng-variant').value));
        if (!keep) $<HTMLSelectElement>('ng-variant').value = id.assumed || id.variant === null ? FROM_RECORD : id.variant;
        this.fill();
        note.textContent = said(id.why);
      }
      box.dataset.identified = 'done';
    });
  }

  recordIdentified(): Promise<void> { return this.identifying; }

  // A seat's profile, made first when it is a new one (with its password, if any).
  private async playerFor(selectId: string, nameId: string, password: string): Promise<Player | null> {
    const v = $<HTMLSelectElement>(selectId).value;
    if (!v) return null;
    if (v !== NEW) return this.players.find((p) => String(p.id) === v) ?? null;
    const name = $<HTMLInputElement>(nameId).value.trim();
    const problem = password ? passwordProblem(password) : null;
    if (problem) throw new Error(t(problem));
    const p = await this.account.createProfile(name, password);
    this.players.push(p);
    $<HTMLSelectElement>(selectId).append(new Option(p.name + lockText(p), String(p.id)));
    $<HTMLSelectElement>(selectId).value = String(p.id);
    return p;
  }

  // The body of POST /api/games from the dialog (creating new players first).
  async request(): Promise<Record<string, unknown>> {
    await this.recordIdentified();  // the game the pasted record is
    const f = new FormData($<HTMLFormElement>('new-game-form'));
    const game = String(f.get('game'));
    const opponent = String(f.get('opponent'));
    const level = Number(f.get('level'));
    const side = String(f.get('side'));
    const engine = { kind: 'engine', level };
    // Read before a new profile is made: making one logs it in, which changes which rows show.
    const passwords = [seatPassword('ng-player'), seatPassword('ng-player2')];
    // A new profile's password goes with its seat too: making the second one of two logs the first out.
    const seatOf = (p: Player | null, password: string) =>
      (p ? { kind: 'human', player_id: p.id, name: p.name, ...(password ? { password } : {}) } : { kind: 'human' });
    const me = opponent === 'watch' ? null : await this.playerFor('ng-player', 'ng-player-name', passwords[0]);
    const other = opponent === 'human' ? await this.playerFor('ng-player2', 'ng-player2-name', passwords[1]) : null;
    if (me) localStorage.setItem('qi.player', String(me.id));
    localStorage.setItem('qi.game', game);
    // A friend on another device: the other seat is open, taken with the invite link.
    const away = opponent === 'friend' ? { kind: 'human', open: true } : engine;
    const seats = opponent === 'human' ? [seatOf(me, passwords[0]), seatOf(other, passwords[1])] : opponent === 'watch' ? [engine, engine]
      : side === 'first' ? [seatOf(me, passwords[0]), away] : [away, seatOf(me, passwords[0])];
    const time = String(f.get('time')).split(':');
    const tc = time[0] === 'sd' ? { kind: 'sudden_death', base_ms: Number(time[1]) * 1000 }
      : time[0] === 'inc' ? { kind: 'increment', base_ms: Number(time[1]) * 1000, increment_ms: Number(time[2]) * 1000 }
        : time[0] === 'pm' ? { kind: 'per_move', per_move_ms: Number(time[1]) * 1000, max_overruns: 3 } : { kind: 'unlimited' };
    const body: Record<string, unknown> = { game, seats, time_control: tc };
    const variant = chosenVariant(this.games)?.name ?? '';
    if (variant && $<HTMLSelectElement>('ng-variant').value !== FROM_RECORD) body.variant = variant;
    const handicap = String(f.get('handicap') ?? '');
    if (handicap) body.handicap = handicap;
    if ((me || other) && f.get('rated')) body.rated = true;
    const record = String(f.get('record') ?? '').trim();
    if (record) {
      if (looksLikeFen(record)) body.fen = record; else body.record = record;
    }
    // A numbered start (Chess960), when one is typed; the server picks one at random otherwise.
    const start = String(f.get('start_number') ?? '').trim();
    if (start && !$('ng-start-number-row').hidden && !record && !handicap) body.start_number = Number(start);
    return body;
  }
}
