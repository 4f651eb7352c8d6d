// End-to-end checks of playing between devices (issue 26), each browser
// context standing for one device: a game with a friend through its invite
// link, a challenge made in the lobby and accepted elsewhere, and a rematch
// after a resignation with the colours swapped. A server without open seats
// skips them, saying so.
import { join } from 'node:path';
import { joinByInvite } from './devices.mjs';

// The page's helpers from run.mjs.
export async function lobbyChecks(t) {
  const { check, expect, newPage, startGame, view, clickMove, base, shots } = t;
  const skip = async (page, what) => { console.log(`e2e:   ${what}: not available on this server`); await page.context().close(); };
  const myTurn = (page) => page.waitForFunction(() => { const v = window.qi.view(); return v && v.outcome.verdict === 'ongoing'; });

  await check('devices: a game with a friend: the invite link and its QR code, opened on another device, both play a move', async () => {
    const host = await newPage();
    await startGame(host, { game: 'chess', opponent: 'friend' });
    if (!(await view(host)).waiting_for_seat) return skip(host, 'open seats');
    await host.waitForSelector('#invite-panel', { state: 'visible' });
    const link = await host.inputValue('#invite-link');
    expect(/\/join\/[0-9a-f]+\/[0-9a-f]{32}$/.test(link), 'an invite link: ' + link);
    const qrDrawn = await host.evaluate(() => {
      const c = document.getElementById('invite-qr');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 100) dark++;
      return dark;
    });
    expect(qrDrawn > 500, 'the QR code is drawn: ' + qrDrawn + ' dark pixels');
    await host.screenshot({ path: join(shots, 'invite-link.png') });
    const guest = await newPage();
    await joinByInvite(host, guest, link, 'Mei');
    expect(!(await host.isVisible('#invite-panel')), 'the invite goes once the seat is taken');
    await clickMove(host, 'e2', 'e4');
    await guest.waitForFunction(() => window.qi.view().moves.length === 1);
    await clickMove(guest, 'e7', 'e5');
    await host.waitForFunction(() => window.qi.view().moves.length === 2);
    const top = await host.textContent('#player-top .name');
    expect(top.includes('Mei'), 'the host sees the guest\'s name: ' + top);
    await host.waitForSelector('#player-top .presence.here');
    const again = await newPage();
    await again.goto(link);
    await again.waitForSelector('#page .message.error');
    await host.context().close();
    await guest.context().close();
    await again.context().close();
  });

  await check('devices: a challenge made in the lobby is accepted on another device; both find the game', async () => {
    const maker = await newPage();
    await maker.goto(base + '/lobby');
    const lobbyThere = await maker.waitForSelector('#create-challenge', { timeout: 5000 }).catch(() => null);
    if (!lobbyThere) return skip(maker, 'the lobby');
    await maker.selectOption('#ch-game', 'chess');
    await maker.selectOption('#ch-side', 'first');
    await maker.click('#create-challenge');
    await maker.waitForSelector('tr.challenge.own');
    const taker = await newPage();
    await taker.goto(base + '/lobby');
    await taker.waitForSelector('tr.challenge .accept-challenge');
    await taker.screenshot({ path: join(shots, 'lobby.png') });
    await taker.click('tr.challenge .accept-challenge');
    await taker.waitForFunction(() => window.qi.view() !== null);
    await maker.waitForFunction(() => window.qi.view() !== null, null, { timeout: 15000 });
    const [a, b] = [await view(maker), await view(taker)];
    expect(a.id === b.id, 'one game for both: ' + a.id + ' ' + b.id);
    await myTurn(maker);
    await clickMove(maker, 'e2', 'e4');
    await taker.waitForFunction(() => window.qi.view().moves.length === 1);
    await maker.context().close();
    await taker.context().close();
  });

  await check('devices: a rematch after a resignation swaps the colours', async () => {
    const host = await newPage();
    await startGame(host, { game: 'chess', opponent: 'friend' });
    if (!(await view(host)).waiting_for_seat) return skip(host, 'rematches');
    const link = await host.inputValue('#invite-link');
    const guest = await newPage();
    await guest.goto(link);
    await guest.click('#join-game');
    await guest.waitForFunction(() => window.qi.view() && !window.qi.view().waiting_for_seat);
    await host.waitForFunction(() => !window.qi.view().waiting_for_seat);
    const old = (await view(host)).id;
    host.once('dialog', (d) => d.accept());
    await host.click('#resign');
    await guest.waitForFunction(() => window.qi.view().outcome.verdict === 'win');
    await host.waitForSelector('#rematch', { state: 'visible' });
    await host.click('#rematch');
    await guest.waitForSelector('#rematch-accept', { state: 'visible' });
    await guest.screenshot({ path: join(shots, 'rematch-offered.png') });
    await guest.click('#rematch-accept');
    await guest.waitForFunction((old) => window.qi.view().id !== old, old);
    await host.waitForFunction((old) => window.qi.view().id !== old, old, { timeout: 15000 });
    const [h, g] = [await view(host), await view(guest)];
    expect(h.id === g.id, 'both on the rematch: ' + h.id + ' ' + g.id);
    // The guest played Black; now White: it moves first.
    await clickMove(guest, 'd2', 'd4');
    await host.waitForFunction(() => window.qi.view().moves.length === 1);
    await clickMove(host, 'd7', 'd5');
    await guest.waitForFunction(() => window.qi.view().moves.length === 2);
    await host.context().close();
    await guest.context().close();
  });
}
