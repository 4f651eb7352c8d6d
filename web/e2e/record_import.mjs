// End-to-end check of the import box: a pasted record's game is the one the
// server identifies it as (POST /api/records/identify), not the game last
// played, and the box says why; text no game reads is said as such.
import { join } from 'node:path';

export async function importChecks(t) {
  const { check, expect, newPage, startGame, view, shots } = t;

  await check('import: an untagged PGN pasted after a xiangqi game is read as chess', async () => {
    const page = await newPage();
    await startGame(page, { game: 'xiangqi', opponent: 'human' });  // xiangqi is the game last played
    await page.click('#new-game-button');
    expect((await page.inputValue('#ng-game')) === 'xiangqi', 'the dialog offers the last game');
    if (!(await page.evaluate(() => document.getElementById('ng-import-box').open))) await page.click('#ng-import-box summary');
    await page.fill('#ng-record', '1. e4 e5 2. Nf3 Nc6');
    await page.waitForFunction(() => document.getElementById('ng-record').dataset.identified === 'done');
    expect((await page.inputValue('#ng-game')) === 'chess', 'the server says chess: ' + await page.inputValue('#ng-game'));
    const note = await page.textContent('#ng-record-note');
    expect(/Chess/.test(note) && /4/.test(note), 'the note says why: ' + note);
    await page.screenshot({ path: join(shots, 'import-identified.png') });
    const previous = (await view(page)).id;
    await page.click('#ng-start');
    await page.waitForFunction((old) => { const v = window.qi.view(); return v && v.id !== old; }, previous);
    const v = await view(page);
    expect(v.game === 'chess' && v.moves.length === 4, `imported as chess: ${v.game}, ${v.moves.length} moves`);
    // Garbage: the note says no game reads it.
    await page.click('#new-game-button');
    if (!(await page.evaluate(() => document.getElementById('ng-import-box').open))) await page.click('#ng-import-box summary');
    await page.fill('#ng-record', 'hello world');
    await page.waitForFunction(() => document.getElementById('ng-record').dataset.identified === 'done');
    const refused = await page.textContent('#ng-record-note');
    expect(refused.startsWith('no game reads this record'), 'garbage is refused with its reasons: ' + refused);
    await page.context().close();
  });
}
