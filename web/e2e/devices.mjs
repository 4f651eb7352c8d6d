// Play between two devices: the second page takes the seat the first
// page's invite link holds open, and both pages see the game start.
export async function joinByInvite(host, guest, link, name) {
  await guest.goto(link);
  await guest.waitForSelector('#join-game');
  await guest.fill('#join-name', name);
  await guest.click('#join-game');
  await guest.waitForFunction(() => window.qi.view() && !window.qi.view().waiting_for_seat);
  await host.waitForFunction(() => !window.qi.view().waiting_for_seat);
}
