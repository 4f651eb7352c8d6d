// End-to-end checks of profiles with passwords, as a person uses them through
// the page: a profile made with a password is logged in (the header says
// who), logs out, cannot be seated in a rated game without its password (the
// server's refusal shown in the page's language), is seated once logged in,
// changes its password; and at one screen, the profile not logged in gives
// its password for its seat. A server without logins (no /api/me) skips them.
import { join } from 'node:path';

// The page's helpers from run.mjs: { check, expect, newPage, view, base, shots }.
export async function accountsChecks(t) {
  const { check, expect, newPage, view, base, shots } = t;
  const headerName = (page) => page.textContent('#account-name').catch(() => null);
  const hasLogins = async () => (await fetch(base + '/api/me')).ok;

  // The new-game dialog, filled for a rated game against the engine or at one
  // screen; `passwords` are typed in the seats' password rows.
  async function fillDialog(page, { player, player2, passwords = [], opponent = 'engine' }) {
    if (!(await page.evaluate(() => document.getElementById('new-game').open))) await page.click('#new-game-button');
    await page.selectOption('#ng-game', 'chess');
    await page.selectOption('#ng-opponent', opponent);
    await page.selectOption('#ng-player', { label: player });
    if (player2) await page.selectOption('#ng-player2', { label: player2 });
    if (passwords[0] !== undefined) await page.fill('#ng-player-password', passwords[0]);
    if (passwords[1] !== undefined) await page.fill('#ng-player2-password', passwords[1]);
    if (opponent === 'engine') await page.check('#ng-rated');
  }
  // Starts the dialog's game: the refusal shown in the dialog, or null once the game is open.
  async function start(page) {
    const previous = await page.evaluate(() => window.qi.view()?.id ?? null);
    await page.evaluate(() => { document.getElementById('ng-error').textContent = ''; });
    await page.click('#ng-start');
    await page.waitForFunction((old) => {
      const v = window.qi.view();
      return document.getElementById('ng-error').textContent.length > 0 || (v !== null && v.id !== old);
    }, previous);
    const error = await page.textContent('#ng-error');
    return error || null;
  }
  async function logInAs(page, name, password) {
    await page.click('#log-in');
    await page.waitForSelector('#login[open]');
    await page.selectOption('#login-player', { label: name });
    await page.fill('#login-password', password);
    await page.click('#login-submit');
  }

  await check('accounts: a profile with a password, logged in and out; refused a rated seat without it, seated once logged in; a new password', async () => {
    const page = await newPage();
    await page.goto(base + '/players');
    await page.waitForSelector('#new-player-password');
    if (!(await hasLogins())) { console.log('e2e:   logins: not available on this server'); await page.context().close(); return; }
    // A password too short is caught by the page, in its words.
    await page.fill('#new-player-name', 'Mei');
    await page.fill('#new-player-password', 'short');
    await page.click('#create-player');
    await page.waitForFunction(() => document.querySelector('.page .message.error')?.textContent.length > 0);
    expect(/at least 8/.test(await page.textContent('.page .message.error')), 'a short password refused by the page');
    await page.fill('#new-player-password', 'dragon-kite-7');
    await page.click('#create-player');
    await page.waitForSelector('#password-box');
    const id = Number(page.url().match(/\/player\/(\d+)$/)?.[1]);
    expect(id > 0, 'the new profile\'s page opens: ' + page.url());
    await page.waitForFunction(() => document.getElementById('account-name')?.textContent === 'Mei');
    expect(await page.isVisible('h1 svg.lock'), 'the profile shows its lock');
    expect(/logged in as Mei/.test(await page.textContent('#password-box')), 'the profile says it is logged in');
    await page.screenshot({ path: join(shots, 'accounts-logged-in.png') });

    // Logged out: the header offers to log in, the profile to log in as Mei.
    await page.click('#log-out');
    await page.waitForSelector('#log-in');
    await page.waitForSelector('#log-in-as');
    expect(await headerName(page) === null, 'no name in the header after logging out');
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.player === null, 'the server agrees nobody is logged in: ' + JSON.stringify(me));

    // A rated game with Mei's seat: refused without her password, in the server's words.
    await page.click('#new-game-button');
    await page.waitForSelector('#new-game[open]');
    await fillDialog(page, { player: 'Mei 🔒' });
    expect(await page.isVisible('#ng-player-password-row'), 'the dialog asks for Mei\'s password');
    expect((await page.textContent('#ng-player-password-label')) === 'Password of Mei', 'the row names whose password');
    const refused = await start(page);
    expect(/Mei's profile is protected/.test(refused ?? ''), 'refused without the password: ' + refused);
    console.log(`e2e:   a protected seat without its password: "${refused}"`);
    await page.screenshot({ path: join(shots, 'accounts-refused.png') });
    // In Chinese, a wrong password: the server's Chinese words.
    await page.selectOption('#language', 'zh');
    await page.fill('#ng-player-password', 'not-her-password');
    const wrong = await start(page);
    expect(wrong === '名字或密码不对', 'a wrong password refused in Chinese: ' + wrong);
    await page.selectOption('#language', 'en');
    await page.click('#ng-cancel');

    // Logged in from the header: Mei is seated without a password.
    await logInAs(page, 'Mei', 'dragon-kite-7');
    await page.waitForFunction(() => document.getElementById('account-name')?.textContent === 'Mei');
    await page.click('#new-game-button');
    await page.waitForSelector('#new-game[open]');
    await fillDialog(page, { player: 'Mei 🔒' });
    expect(!(await page.isVisible('#ng-player-password-row')), 'no password asked for the profile logged in');
    const seated = await start(page);
    expect(seated === null, 'seated once logged in: ' + seated);
    const v = await view(page);
    expect(v.rated && v.seats[0].player_id === id, 'a rated game with Mei\'s seat: ' + JSON.stringify(v.seats[0]));

    // A new password from the profile's page; the old one no longer logs in, the new one does.
    await page.goto(`${base}/player/${id}`);
    await page.waitForSelector('#password-details');
    await page.click('#password-details summary');
    await page.fill('#pw-new', 'paper-lantern-9');
    await page.fill('#pw-again', 'paper-lantern-8');
    await page.click('#pw-save');
    await page.waitForFunction(() => document.getElementById('pw-message').textContent.length > 0);
    expect(/not the same/.test(await page.textContent('#pw-message')), 'two different passwords refused by the page');
    await page.fill('#pw-again', 'paper-lantern-9');
    const [changed] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/api/players/${id}/password`)), page.click('#pw-save')]);
    expect(changed.status() === 200, 'the password changed: ' + changed.status());
    await page.screenshot({ path: join(shots, 'accounts-profile.png') });
    await page.click('#log-out');
    await page.waitForSelector('#log-in');
    await logInAs(page, 'Mei', 'dragon-kite-7');
    await page.waitForFunction(() => document.getElementById('login-error').textContent.length > 0);
    expect(/wrong name or password/.test(await page.textContent('#login-error')), 'the old password no longer logs in');
    await page.screenshot({ path: join(shots, 'accounts-login.png') });
    await page.fill('#login-password', 'paper-lantern-9');
    await page.click('#login-submit');
    await page.waitForFunction(() => document.getElementById('account-name')?.textContent === 'Mei');
    await page.context().close();
  });

  await check('accounts: two protected profiles at one screen, the one not logged in typing its password', async () => {
    if (!(await hasLogins())) return;
    const page = await newPage();
    // Lin is made elsewhere (this page's login stays its own).
    const lin = await fetch(base + '/api/players', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Lin', password: 'river-stone-3' }),
    });
    expect(lin.status === 201, 'Lin made: ' + lin.status);
    await page.goto(base + '/players');
    await page.waitForSelector('.player-list');
    expect(await page.isVisible('.player-list a:has-text("Lin") svg.lock'), 'Lin listed with a lock');
    await logInAs(page, 'Mei', 'paper-lantern-9');
    await page.waitForFunction(() => document.getElementById('account-name')?.textContent === 'Mei');
    await page.click('#new-game-button');
    await page.waitForSelector('#new-game[open]');
    await fillDialog(page, { opponent: 'human', player: 'Mei 🔒', player2: 'Lin 🔒' });
    expect(!(await page.isVisible('#ng-player-password-row')) && (await page.isVisible('#ng-player2-password-row')), 'only Lin\'s password asked');
    await page.fill('#ng-player2-password', 'river-stone-3');
    const error = await start(page);
    expect(error === null, 'the game between Mei and Lin starts: ' + error);
    const v = await view(page);
    expect(v.seats.map((s) => s.name).join() === 'Mei,Lin', 'both seated: ' + v.seats.map((s) => s.name).join());
    // On a phone the header's login fits too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(base + '/players');
    await page.waitForSelector('#account-name');
    await page.screenshot({ path: join(shots, 'accounts-phone.png') });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width <= 390, 'no sideways scrolling with a login shown on a phone: ' + width);
    await page.context().close();
  });

  await check('accounts: a profile made without a password keeps its claim code on this device, which gives it a password with it once', async () => {
    const page = await newPage();
    await page.goto(base + '/players');
    await page.waitForSelector('#new-player-name');
    await page.fill('#new-player-name', 'Nia');
    await page.click('#create-player');
    await page.waitForSelector('#password-box');
    const id = Number(page.url().match(/\/player\/(\d+)$/)?.[1]);
    expect(id > 0, 'Nia\'s page opens: ' + page.url());
    const code = await page.textContent('#held-claim-code code').catch(() => '');
    expect(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/.test(code ?? ''), 'the page shows Nia\'s claim code: ' + code);
    await page.screenshot({ path: join(shots, 'accounts-claim-code.png') });
    await page.click('#password-details summary');
    await page.fill('#pw-new', 'lantern-kite-4');
    await page.fill('#pw-again', 'lantern-kite-4');
    await page.click('#pw-save');
    await page.waitForFunction(() => document.getElementById('account-name')?.textContent === 'Nia');
    expect(!(await page.isVisible('#held-claim-code')), 'the spent code is no longer shown');
    const again = await fetch(`${base}/api/players/${id}/password`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ new_password: 'stolen-profile', claim_code: code }),
    });
    expect(again.status === 403, 'the code was spent with the first password: ' + again.status);
    await page.context().close();
  });
}
