// Logins on the page: the header's box (who is playing, Log out; or Log in),
// the log-in dialog, a profile page's password form, and the lock that marks
// a profile with a password.
import { Player, call, errorText } from './api';
import { Account, heldClaimCode, passwordProblem } from './account';
import { $, h } from './dom';
import { t } from './i18n';

const SVG = 'http://www.w3.org/2000/svg';

// A padlock drawn inline (not an emoji: not every system has a font with one).
export function lockIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'lock');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('hasPassword'));
  const title = document.createElementNS(SVG, 'title');
  title.textContent = t('hasPassword');
  const shackle = document.createElementNS(SVG, 'path');
  shackle.setAttribute('d', 'M5 7.5V5a3 3 0 0 1 6 0v2.5');
  shackle.setAttribute('class', 'shackle');
  const body = document.createElementNS(SVG, 'rect');
  Object.entries({ x: '2.5', y: '7', width: '11', height: '8', rx: '1.5' }).forEach(([k, v]) => body.setAttribute(k, v));
  svg.append(title, shackle, body);
  return svg;
}

// The lock as text, for a <select>'s options, which hold text only.
export const lockText = (p: Player) => (p.protected ? ' 🔒' : '');

function passwordInput(id: string, autocomplete: string): HTMLInputElement {
  return h('input', { id, type: 'password', maxlength: '256', autocomplete });
}

// The header's account box, the log-in dialog and a profile page's password
// form, for the page's login; `go` opens another page.
export class AccountView {
  // Whether "Log in" is worth showing: some profile has a password (a family
  // machine without any needs no log-in button).
  private anyProtected = false;

  constructor(private readonly account: Account, private readonly go: (path: string) => void) {}

  // Profiles listed somewhere on the page: one with a password shows "Log in".
  notePlayers(players: Player[]) {
    if (this.anyProtected || !players.some((p) => p.protected)) return;
    this.anyProtected = true;
    this.renderBox();
  }

  renderBox() {
    const box = $('account');
    const me = this.account.loggedIn();
    if (me) {
      this.anyProtected = true;
      const name = h('a', { id: 'account-link', href: '/player/' + me.id, title: t('loggedInAs', { name: me.name }) }, lockIcon(), h('span', { id: 'account-name' }, me.name));
      name.onclick = (e) => { e.preventDefault(); this.go('/player/' + me.id); };
      const out = h('button', { id: 'log-out' }, t('logOut'));
      out.onclick = () => { this.account.logOut().catch(() => { /* the cookie ends by itself */ }); };
      box.replaceChildren(name, out);
      box.hidden = false;
    } else {
      const login = h('button', { id: 'log-in' }, t('logIn'));
      login.onclick = () => { this.openLogin(); };
      box.replaceChildren(login);
      box.hidden = !this.anyProtected && !this.account.accountsRequired();
    }
  }

  // The log-in dialog: a protected profile and its password.
  async openLogin(playerId?: number) {
    const players = (await call<Player[]>('GET', '/api/players').catch(() => [] as Player[])).filter((p) => p.protected);
    const sel = $<HTMLSelectElement>('login-player');
    sel.replaceChildren(...players.map((p) => new Option(p.name, String(p.id))));
    const wanted = String(playerId ?? localStorage.getItem('qi.player') ?? '');
    if (players.some((p) => String(p.id) === wanted)) sel.value = wanted;
    const none = players.length === 0;
    $('login-none').hidden = !none;
    $('login-player-row').hidden = none;
    $('login-password-row').hidden = none;
    $<HTMLButtonElement>('login-submit').disabled = none;
    $<HTMLInputElement>('login-password').value = '';
    $('login-error').textContent = '';
    const d = $<HTMLDialogElement>('login');
    if (!d.open) d.showModal();
    if (!none) $('login-password').focus();
  }

  private async submitLogin() {
    const error = $('login-error');
    const password = $<HTMLInputElement>('login-password').value;
    if (!password) { error.textContent = t('typePassword'); return; }
    const id = Number($<HTMLSelectElement>('login-player').value);
    $<HTMLButtonElement>('login-submit').disabled = true;
    try {
      await this.account.logIn(id, password);
      localStorage.setItem('qi.player', String(id));
      $<HTMLDialogElement>('login').close();
    } catch (e) {
      error.textContent = errorText(e);  // the server's words: a wrong password, too many tries
    } finally {
      $<HTMLButtonElement>('login-submit').disabled = false;
    }
  }

  // The header's box and the log-in dialog, drawn again at each change of login.
  wire() {
    this.account.onChange(() => this.renderBox());
    $('login-cancel').onclick = () => $<HTMLDialogElement>('login').close();
    $<HTMLFormElement>('login-form').onsubmit = (e) => { e.preventDefault(); this.submitLogin(); };
  }

  // A profile page's part about its password: whether it has one, a way to log
  // in as it, and a form to set (a profile without one) or change it.
  passwordSection(p: Player): HTMLElement {
    const mine = this.account.loggedIn()?.id === p.id;
    // Once the server keeps accounts, a profile without a password is claimed
    // with its claim code only (the one this device holds, if it made it).
    const held = p.protected ? null : heldClaimCode(p.id);
    const unclaimed = !p.protected && this.account.accountsRequired();
    const note = mine ? t('youAreLoggedIn', { name: p.name }) : p.protected ? t('protectedNote', { name: p.name })
      : unclaimed ? t('unclaimedNote', { name: p.name }) : t('openNote', { name: p.name });
    const box = h('section', { id: 'password-box', class: 'password-box' }, h('p', {}, note));
    if (held) {
      box.append(h('p', { id: 'held-claim-code' }, t('heldClaimCode', { name: p.name }), ' ',
        h('code', { class: 'claim-code' }, held), ' ', t('claimCodeHint', { name: p.name })));
    }
    if (p.protected && !mine) {
      const login = h('button', { id: 'log-in-as', class: 'primary' }, t('logInAs', { name: p.name }));
      login.onclick = () => { this.openLogin(p.id); };
      box.append(login);
    }
    const current = p.protected && !mine ? passwordInput('pw-current', 'current-password') : null;
    const code = unclaimed ? h('input', { id: 'pw-claim-code', maxlength: '40', autocomplete: 'off', spellcheck: 'false' }) : null;
    if (code && held) code.value = held;
    const fresh = passwordInput('pw-new', 'new-password');
    const again = passwordInput('pw-again', 'new-password');
    const save = h('button', { id: 'pw-save', type: 'submit' }, p.protected ? t('changePassword') : t('setPassword'));
    const msg = h('div', { id: 'pw-message', class: 'message error', role: 'alert' });
    const row = (label: string, input: HTMLInputElement) => h('label', {}, h('span', {}, label), input);
    const form = h('form', { id: 'password-form', class: 'password-form' },
      ...(current ? [row(t('currentPassword'), current)] : []),
      ...(code ? [row(t('claimCode'), code)] : []),
      row(p.protected ? t('newPassword') : t('password'), fresh), row(t('passwordAgain'), again), save, msg);
    form.onsubmit = async (e) => {
      e.preventDefault();
      msg.textContent = '';
      const problem = passwordProblem(fresh.value);
      if (problem) { msg.textContent = t(problem); return; }
      if (fresh.value !== again.value) { msg.textContent = t('passwordsDiffer'); return; }
      save.disabled = true;
      try {
        // the page is drawn again as logged in
        await this.account.setPassword(p.id, fresh.value, current?.value ?? '', code?.value.trim() || (held ?? ''));
      } catch (err) {
        msg.textContent = errorText(err);
        save.disabled = false;
      }
    };
    const details = h('details', { id: 'password-details' }, h('summary', {}, p.protected ? t('changePassword') : t('setPassword')), form);
    box.append(details);
    return box;
  }
}
