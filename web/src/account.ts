// Logins: who this browser is logged in as, and the calls that change it.
// A profile with a password is played only by its owner: logged in (an
// HttpOnly cookie the page never sees, sent with every request), or by
// giving its password for one game's seat. See docs/app.md.
import { Player, call } from './api';
import { WordKey } from './i18n';

export interface Me { player: Player | null; accounts_required: boolean }

// The server counts a password's bytes (8 to 256); the page says so before sending one.
const MIN_BYTES = 8, MAX_BYTES = 256;
export function passwordProblem(password: string): WordKey | null {
  const bytes = new TextEncoder().encode(password).length;
  if (bytes < MIN_BYTES) return 'passwordTooShort';
  if (bytes > MAX_BYTES) return 'passwordTooLong';
  return null;
}

// The claim code of a profile this device made without a password: with it
// the owner gives the profile a password later, also once the server keeps
// accounts and nobody else may.
const claimKey = (playerId: number) => `qi.claim.${playerId}`;
export function heldClaimCode(playerId: number): string | null { return localStorage.getItem(claimKey(playerId)); }

// The page's login, made once by main.ts and given to the parts that ask who
// plays or change it.
export class Account {
  private me: Me = { player: null, accounts_required: false };
  private readonly listeners: (() => void)[] = [];

  private changed() { for (const f of this.listeners) f(); }

  // Called whenever the login changes (to redraw the header, a profile page).
  onChange(f: () => void) { this.listeners.push(f); }

  loggedIn(): Player | null { return this.me.player; }
  // A server that keeps accounts: every new profile needs a password.
  accountsRequired(): boolean { return this.me.accounts_required; }

  async load() {
    this.me = await call<Me>('GET', '/api/me');
    this.changed();
  }

  // A profile the page may not seat without its password: protected, and not the one logged in.
  needsPassword(p: Player | null | undefined): boolean {
    return !!p?.protected && this.me.player?.id !== p.id;
  }

  async logIn(playerId: number, password: string): Promise<Player> {
    const p = await call<Player>('POST', '/api/login', { player_id: playerId, password });
    this.me = { ...this.me, player: { ...p, protected: true } };
    this.changed();
    return p;
  }

  async logOut() {
    await call('POST', '/api/logout', {});
    this.me = { ...this.me, player: null };
    this.changed();
  }

  // A new profile; with a password the server logs it in at once, without one
  // it answers the profile's claim code, which this device keeps.
  async createProfile(name: string, password: string): Promise<Player> {
    const p = await call<Player & { claim_code?: string }>('POST', '/api/players', password ? { name, password } : { name });
    if (p.claim_code) localStorage.setItem(claimKey(p.id), p.claim_code);
    if (p.protected) { this.me = { ...this.me, player: p }; this.changed(); }
    return { id: p.id, name: p.name, protected: p.protected };
  }

  // A new password for a profile: its owner's (logged in, giving the current
  // one, or the claim code of a profile without one), or on a server without
  // accounts anyone's for a profile that has none yet. The answer logs it in.
  async setPassword(playerId: number, newPassword: string, current = '', claimCode = ''): Promise<Player> {
    const body: Record<string, string> = { new_password: newPassword };
    if (current) body.password = current;
    if (claimCode) body.claim_code = claimCode;
    const p = await call<Player>('POST', `/api/players/${playerId}/password`, body);
    localStorage.removeItem(claimKey(playerId));  // spent: the profile is claimed
    this.me = { ...this.me, player: { ...p, protected: true } };
    this.changed();
    return p;
  }
}
