// End-to-end checks of takebacks between two devices (each a browser
// context): one player proposes, the other sees the proposal and accepts or
// declines it, and both see what became of it; nothing vanishes in silence,
// and the other player's Redo stays off.
import { join } from 'node:path';
import { joinByInvite } from './devices.mjs';

export async function takebackChecks(t) {
  const { check, expect, newPage, startGame, view, clickMove, shots } = t;

  // A game between two devices through an invite link: the host plays White.
  async function twoDevices(width, height, locale) {
    const host = await newPage(width, height, locale);
    await startGame(host, { game: 'chess', opponent: 'friend' });
    const link = await host.inputValue('#invite-link');
    const guest = await newPage(width, height, locale);
    await joinByInvite(host, guest, link, 'Mei');
    return { host, guest };
  }
  const plies = (page, n) => page.waitForFunction((n) => window.qi.view().moves.length === n, n);

  await check('devices: a takeback is proposed, shown to the opponent, declined, proposed again and accepted', async () => {
    const { host, guest } = await twoDevices(1280, 860, 'en-US');
    await clickMove(host, 'e2', 'e4');
    await plies(guest, 1);
    await clickMove(guest, 'e7', 'e5');
    await plies(host, 2);
    await clickMove(host, 'g1', 'f3');
    await plies(guest, 3);
    // The opponent's page: no silent undo, no redo of the other's moves.
    expect((await guest.textContent('#undo')) === 'Propose takeback', 'between devices Undo proposes: ' + await guest.textContent('#undo'));
    expect(await guest.isDisabled('#redo'), 'no redo of the other player\'s moves');
    // White proposes on Black's turn.
    await host.click('#undo');
    await host.waitForSelector('#takeback-banner', { state: 'visible' });
    expect((await host.textContent('#takeback-text')).includes('waiting'), 'the proposer sees it waiting: ' + await host.textContent('#takeback-text'));
    expect(await host.isVisible('#withdraw-takeback'), 'the proposer may withdraw it');
    await guest.waitForSelector('#takeback-banner', { state: 'visible' });
    const asked = await guest.textContent('#takeback-text');
    expect(asked === 'Your opponent proposes a takeback.', 'the opponent is asked: ' + asked);
    expect((await view(guest)).moves.length === 3, 'nothing is taken back before the answer');
    await guest.screenshot({ path: join(shots, 'takeback-proposed.png') });
    await host.screenshot({ path: join(shots, 'takeback-waiting.png') });
    await guest.click('#decline-takeback');
    await host.waitForFunction(() => document.getElementById('takeback-banner').hidden);
    await host.waitForFunction(() => document.getElementById('message').textContent.includes('declines'));
    expect((await view(host)).moves.length === 3, 'declined: the moves stand');
    // Black moves on, then White asks again; Black accepts: White's last move goes, on both pages.
    await clickMove(guest, 'b8', 'c6');
    await plies(host, 4);
    await host.click('#undo');
    await guest.waitForSelector('#takeback-banner', { state: 'visible' });
    await guest.click('#accept-takeback');
    await plies(host, 2);
    await plies(guest, 2);
    const said = await host.textContent('#message');
    expect(said === 'Black accepts the takeback', 'the proposer is told: ' + said);
    expect((await guest.textContent('#message')) === 'Black accepts the takeback', 'and so is the opponent');
    expect(await guest.isDisabled('#redo') && await host.isDisabled('#redo'), 'nobody redoes the taken-back moves');
    expect((await view(host)).side_to_move === 'first', 'White to move again');
    await host.context().close();
    await guest.context().close();
  });

  await check('devices: a takeback proposal on a phone and in Chinese', async () => {
    const { host, guest } = await twoDevices(390, 844, 'zh-CN');
    await clickMove(host, 'e2', 'e4');
    await plies(guest, 1);
    expect(await guest.isDisabled('#undo'), 'no move of one\'s own yet: nothing to propose');
    await clickMove(guest, 'e7', 'e5');
    await plies(host, 2);
    await guest.click('#undo');
    await host.waitForSelector('#takeback-banner', { state: 'visible' });
    expect((await host.textContent('#takeback-text')) === '对方请求悔棋。', 'asked in Chinese');
    await host.screenshot({ path: join(shots, 'takeback-proposed-phone-zh.png') });
    await guest.screenshot({ path: join(shots, 'takeback-waiting-phone-zh.png') });
    await guest.click('#withdraw-takeback');
    await host.waitForFunction(() => document.getElementById('takeback-banner').hidden);
    await host.context().close();
    await guest.context().close();
  });
}
