// Playing between devices without sharing a screen: the lobby (/lobby), where
// open challenges are listed (refreshed every few seconds) and accepted, and
// a challenge is made; and the join page of an invite link
// (/join/<game>/<code>), which takes a game's open seat. A challenge this page
// made is polled while the page is open, which keeps it alive on the server;
// when someone accepts it, the poll brings this seat's token and the game opens.
import { Challenge, GameView, Player, TimeControlView, call, errorText } from './api';
import { GameCatalog, sideTitle } from './descriptor';
import { h } from './dom';
import { t } from './i18n';
import { said } from './server_words';

const EVERY_MS = 3000;

export type OpenGame = (id: string, tokens: Record<string, string>) => void;

// A challenge's state as the poll of its maker sees it: the seat's token once accepted.
export interface ChallengeState { game?: string; side?: string; token?: string }
export interface Accepted { game: string; side: string; token: string }

// The challenges this page made, by id: their secrets (kept while the tab lives).
export class OwnChallenges {
  private readonly secrets = new Map<string, string>();

  add(id: string, secret: string) { this.secrets.set(id, secret); }
  has(id: string): boolean { return this.secrets.has(id); }
  secret(id: string): string | undefined { return this.secrets.get(id); }
  remove(id: string) { this.secrets.delete(id); }

  // Asks after each one: the first accepted (then no longer this page's to
  // poll), or null. One that cannot be asked after has expired or gone.
  async firstAccepted(ask: (id: string, secret: string) => Promise<ChallengeState>): Promise<Accepted | null> {
    for (const [id, secret] of this.secrets) {
      try {
        const r = await ask(id, secret);
        if (r.game && r.side && r.token) { this.secrets.delete(id); return { game: r.game, side: r.side, token: r.token }; }
      } catch { this.secrets.delete(id); }
    }
    return null;
  }
}

export function timeText(tc: TimeControlView): string {
  if (tc.kind === 'per_move') return `${(tc.per_move_ms ?? 0) / 1000} s / move`;
  if (tc.kind === 'sudden_death') return `${(tc.base_ms ?? 0) / 60000} min`;
  if (tc.kind === 'increment') return `${(tc.base_ms ?? 0) / 60000} min + ${(tc.increment_ms ?? 0) / 1000} s`;
  return t('unlimited');
}

// The time controls offered for games between devices (a challenge, a tournament): a value of the select, its words.
export const TIME_CHOICES = [['unlimited', 'unlimited'], ['sd:300', 'sd5'], ['inc:180:2', 'inc3_2'], ['inc:600:5', 'inc10_5'], ['pm:30', 'pm30']] as const;

// The time controls the new-game dialog offers, as the API writes them.
export function timeControl(value: string): TimeControlView {
  const p = value.split(':');
  if (p[0] === 'sd') return { kind: 'sudden_death', base_ms: Number(p[1]) * 1000 };
  if (p[0] === 'inc') return { kind: 'increment', base_ms: Number(p[1]) * 1000, increment_ms: Number(p[2]) * 1000 };
  if (p[0] === 'pm') return { kind: 'per_move', per_move_ms: Number(p[1]) * 1000, max_overruns: 3 };
  return { kind: 'unlimited' };
}

// Who plays: a profile, or a guest with a name (or none).
function whoSelect(players: Player[], id: string): HTMLSelectElement {
  const sel = h('select', { id, 'aria-label': t('joinAs') });
  sel.append(new Option(t('guest'), ''), ...players.map((p) => new Option(p.name, String(p.id))));
  const remembered = localStorage.getItem('qi.player');
  if (remembered && players.some((p) => String(p.id) === remembered)) sel.value = remembered;
  return sel;
}

function whoBody(sel: HTMLSelectElement): Record<string, unknown> {
  return sel.value ? { player_id: Number(sel.value) } : {};
}

// The lobby page's state: this page's own challenges, and the refresh's timer.
// Made once by main.ts: a challenge made stays this page's while the tab lives.
export class Lobby {
  private readonly mine = new OwnChallenges();
  private timer: number | undefined;

  constructor(private readonly games: GameCatalog) {}

  stop() {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  async render(host: HTMLElement, open: OpenGame) {
    this.stop();
    const mine = this.mine;
    const players = await call<Player[]>('GET', '/api/players').catch(() => [] as Player[]);
    const list = h('div', { id: 'challenge-list' });
    const msg = h('div', { class: 'message', role: 'alert' });
    const fail = (e: unknown) => { msg.textContent = errorText(e); msg.className = 'message error'; };
    const who = whoSelect(players, 'lobby-player');
    // A guest's name, shown in the list (else "Someone").
    const guestName = h('input', { id: 'lobby-name', maxlength: '32', placeholder: t('newPlayerName'), 'aria-label': t('newPlayerName') });
    const showName = () => { guestName.hidden = who.value !== ''; };
    who.onchange = showName;
    showName();
    const person = () => ({ ...whoBody(who), ...(who.value === '' && guestName.value.trim() ? { name: guestName.value.trim() } : {}) });

    // The form: game, variant, time, side, rated.
    const game = h('select', { id: 'ch-game', 'aria-label': t('game') });
    game.append(...this.games.all().map((g) => new Option(said(g.title, g.name), g.name)));
    game.value = localStorage.getItem('qi.game') ?? game.value;
    const variant = h('select', { id: 'ch-variant', 'aria-label': t('variant') });
    const side = h('select', { id: 'ch-side', 'aria-label': t('challengeSide') });
    const fillGame = () => {
      const g = this.games.named(game.value);
      variant.replaceChildren(...(g?.variants ?? []).map((v) => new Option(said(v.title, v.name), v.name)));
      variant.hidden = (g?.variants.length ?? 0) < 2;
      const v = g?.variants[0];
      side.replaceChildren(new Option(t('randomSide'), 'random'), new Option(sideTitle(v, 'first') ?? t('first'), 'first'),
        new Option(sideTitle(v, 'second') ?? t('second'), 'second'));
    };
    game.onchange = fillGame;
    fillGame();
    const time = h('select', { id: 'ch-time', 'aria-label': t('timeControl') });
    for (const [value, key] of TIME_CHOICES) time.append(new Option(t(key), value));
    const rated = h('input', { type: 'checkbox', id: 'ch-rated' });
    const create = h('button', { id: 'create-challenge', type: 'submit', class: 'primary' }, t('createChallenge'));
    const form = h('form', { class: 'inline-form challenge-form' }, who, guestName, game, variant, time, side,
      h('label', {}, rated, ' ', t('rated')), create);
    form.onsubmit = async (e) => {
      e.preventDefault();
      try {
        const body = { game: game.value, variant: variant.value, time_control: timeControl(time.value), side: side.value,
          rated: rated.checked, ...person() };
        const made = await call<{ id: string; secret: string }>('POST', '/api/challenges', body);
        mine.add(made.id, made.secret);
        msg.textContent = '';
        await refresh();
      } catch (err) { fail(err); }
    };

    const row = (c: Challenge): HTMLElement => {
      const v = this.games.variantOf(c.game, c.variant);
      const sideWord = c.side === 'random' ? t('randomSide') : sideTitle(v, c.side) ?? t(c.side);
      const own = mine.has(c.id);
      const button = own ? h('button', { class: 'cancel-challenge' }, t('cancelChallenge')) : h('button', { class: 'accept-challenge primary' }, t('acceptChallenge'));
      button.onclick = async () => {
        try {
          if (own) {
            await call('POST', `/api/challenges/${c.id}/cancel`, { secret: mine.secret(c.id) });
            mine.remove(c.id);
            await refresh();
            return;
          }
          const r = await call<{ game: string; side: string; token: string }>('POST', `/api/challenges/${c.id}/accept`, person());
          this.stop();
          open(r.game, { [r.side]: r.token });
        } catch (err) { fail(err); await refresh(); }
      };
      return h('tr', { class: 'challenge' + (own ? ' own' : ''), 'data-id': c.id },
        h('td', {}, c.name || t('someone')), h('td', {}, this.games.title(c.game, c.variant)), h('td', {}, timeText(c.time_control)),
        h('td', {}, sideWord), h('td', {}, c.rated ? t('rated') : t('casual')),
        h('td', {}, own ? h('small', { class: 'note' }, t('yourChallenge')) : '', ' ', button));
    };

    // The list, and this page's own challenges polled: accepted ones open their game.
    const refresh = async () => {
      const accepted = await mine.firstAccepted((id, secret) =>
        call<ChallengeState>('GET', `/api/challenges/${id}?secret=${encodeURIComponent(secret)}`));
      if (accepted) { this.stop(); open(accepted.game, { [accepted.side]: accepted.token }); return; }
      const challenges = await call<Challenge[]>('GET', '/api/challenges').catch(() => [] as Challenge[]);
      list.replaceChildren(challenges.length
        ? h('table', { class: 'challenges' }, h('tbody', {}, ...challenges.map(row)))
        : h('p', {}, t('noChallenges')));
    };
    host.replaceChildren(h('h1', {}, t('lobbyTitle')), list, h('h2', {}, t('createChallenge')), form, msg);
    await refresh();
    this.timer = window.setInterval(() => { if (document.body.dataset.page === 'lobby') refresh(); else this.stop(); }, EVERY_MS);
  }
}

// The join page of an invite link: who invites, to what, and Join.
export async function renderJoin(host: HTMLElement, games: GameCatalog, gameId: string, code: string, open: OpenGame) {
  const msg = h('div', { class: 'message', role: 'alert' });
  let v: GameView;
  try {
    v = await call<GameView>('GET', '/api/games/' + gameId);
  } catch (e) {
    host.replaceChildren(h('h1', {}, t('joinTitle')), h('p', { class: 'message error' }, errorText(e)));
    return;
  }
  const players = await call<Player[]>('GET', '/api/players').catch(() => [] as Player[]);
  const host_seat = v.seats.find((s) => !s.open);
  const tc = v.clock.control as TimeControlView;
  const note = t('joinNote', { name: host_seat?.name || t('someone'), game: games.title(v.game, v.variant), time: timeText(tc) });
  const who = whoSelect(players, 'join-player');
  const name = h('input', { id: 'join-name', maxlength: '32', placeholder: t('newPlayerName'), 'aria-label': t('newPlayerName') });
  const showName = () => { name.hidden = who.value !== ''; };
  who.onchange = showName;
  showName();
  const button = h('button', { id: 'join-game', type: 'submit', class: 'primary' }, t('join'));
  const form = h('form', { class: 'inline-form' }, h('span', {}, t('joinAs')), who, name, button);
  form.onsubmit = async (e) => {
    e.preventDefault();
    try {
      const body = { invite: code, ...whoBody(who), ...(who.value === '' && name.value.trim() ? { name: name.value.trim() } : {}) };
      const r = await call<GameView & { side: string; token: string }>('POST', `/api/games/${gameId}/join`, body);
      open(gameId, { [r.side]: r.token });
    } catch (err) {
      msg.textContent = errorText(err);
      msg.className = 'message error';
    }
  };
  const taken = !v.waiting_for_seat;
  host.replaceChildren(h('h1', {}, t('joinTitle')), h('p', {}, note), taken ? h('p', { class: 'message error' }, t('seatTaken')) : form, msg);
}
