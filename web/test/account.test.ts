// The page's login: who is logged in decides which profiles need their
// password at a seat; each Account holds its own.
import { afterEach, expect, test, vi } from 'vitest';
import { Account, passwordProblem } from '../src/account';

// The server's answers by path, as fetch would bring them.
function serve(answers: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (path: string) => ({
    ok: path in answers, status: path in answers ? 200 : 404, statusText: 'Not Found',
    json: async () => answers[path] ?? { error: 'not found' },
  }));
}
afterEach(() => { vi.unstubAllGlobals(); });

const ann = { id: 1, name: 'Ann', protected: true };
const bo = { id: 2, name: 'Bo', protected: false };

test('a protected profile needs its password unless the page is logged in as it', async () => {
  serve({ '/api/me': { player: ann, accounts_required: true } });
  const account = new Account();
  const other = new Account();
  expect(account.needsPassword(ann)).toBe(true);
  await account.load();
  expect(account.loggedIn()?.name).toBe('Ann');
  expect(account.accountsRequired()).toBe(true);
  expect(account.needsPassword(ann)).toBe(false);
  expect(account.needsPassword(bo)).toBe(false);  // no password to give
  expect(other.needsPassword(ann)).toBe(true);  // another page's login is its own
});

test('logging in and out is told to those listening', async () => {
  serve({ '/api/login': { id: 1, name: 'Ann' }, '/api/logout': {} });
  const account = new Account();
  const seen: (string | null)[] = [];
  account.onChange(() => seen.push(account.loggedIn()?.name ?? null));
  await account.logIn(1, 'correct horse');
  expect(account.loggedIn()).toEqual(ann);  // logged in: protected
  await account.logOut();
  expect(seen).toEqual(['Ann', null]);
});

test('a password is 8 to 256 bytes', () => {
  expect(passwordProblem('short')).toBe('passwordTooShort');
  expect(passwordProblem('密码密码密码')).toBeNull();  // 6 characters, 18 bytes
  expect(passwordProblem('x'.repeat(257))).toBe('passwordTooLong');
});
