// End-to-end checks of fair play (issue 23), each as a person plays it through
// the page: draw offers (to the engine, between two people at one screen, in a
// rated game), leaving (abort, resign), the clock before the first moves,
// xiangqi's overruns under a time a move, the games list's turns, and the
// new-game dialog's empty state and handicap. A server without the issue's
// fields (no `clock.started`) skips the checks that need them, saying so.
import { join } from 'node:path';

// The page's helpers from run.mjs: { check, expect, newPage, startGame, view, clickMove, waitPlies, waitMyTurn, answerTo, base, shots }.
export async function fairPlayChecks(t) {
  const { check, expect, newPage, startGame, view, clickMove, waitPlies, waitMyTurn, answerTo, base, shots } = t;
  const fairPlayServer = (v) => v.clock && 'started' in v.clock;
  const skip = async (page, what) => { console.log(`e2e:   ${what}: not available on this server`); await page.context().close(); };
  const visible = (page, selector) => page.isVisible(selector);

  await check('fair play: a draw offered to the engine on one\'s own turn, made with the move, answered in its words (Chinese)', async () => {
    const page = await newPage(1280, 860, 'zh-CN');
    await startGame(page, { game: 'chess', level: '1' });
    if (!fairPlayServer(await view(page))) return skip(page, 'held draw offers');
    await page.click('#offer-draw');
    await page.waitForFunction(() => window.qi.view().draw_offer.held?.first === true);
    const note = await page.textContent('#draw-note');
    expect(note === '你的提和将随你的下一步棋提出。', 'the held offer said in Chinese: ' + note);
    const a = (await answerTo(page, 'move', () => clickMove(page, 'e2', 'e4'))).body.draw_offer?.answer;
    expect(a && a.engine && a.by === 'second' && a.words?.zh, 'the engine answers in the move\'s own answer: ' + JSON.stringify(a));
    await page.waitForFunction((w) => document.getElementById('message').textContent === w, a.words.zh);
    console.log(`e2e:   the engine's answer to a draw offer: "${a.words.zh}" (${a.accepted ? 'accepted' : 'declined'})`);
    expect(!(await visible(page, '#draw-note')) && !(await visible(page, '#draw-banner')), 'no offer shown after the answer');
    await page.screenshot({ path: join(shots, 'draw-engine-zh.png') });
    await page.context().close();
  });

  await check('fair play: a draw between two people at one screen, offered with a move and accepted', async () => {
    const page = await newPage();
    await startGame(page, { game: 'chess', opponent: 'human' });
    if (!fairPlayServer(await view(page))) return skip(page, 'held draw offers');
    await page.click('#offer-draw');
    await page.waitForFunction(() => window.qi.view().draw_offer.held?.first === true);
    expect(/^White: the draw offer will be made with the next move/.test(await page.textContent('#draw-note')), 'the held offer is White\'s');
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => window.qi.view().draw_offer.pending === 'first');
    await page.waitForSelector('#draw-banner', { state: 'visible' });
    expect((await page.textContent('#draw-banner-text')) === 'White offers a draw.', 'Black is asked: ' + (await page.textContent('#draw-banner-text')));
    await page.screenshot({ path: join(shots, 'draw-hot-seat.png') });
    await page.click('#accept-draw');
    await page.waitForFunction(() => window.qi.view().outcome.verdict === 'draw');
    const v = await view(page);
    const status = await page.textContent('#status');
    expect(status.includes(v.outcome.words.en), 'the ending in the server\'s words: ' + status);
    expect(/agree/i.test(v.outcome.termination), 'a draw by agreement: ' + v.outcome.termination);
    expect(!(await visible(page, '#draw-banner')) && !(await visible(page, '#draw-note')), 'no offer shown once the game is over');
    expect(!/offer/i.test(await page.textContent('#message')), 'no offer in the message line: ' + (await page.textContent('#message')));
    await page.context().close();
  });

  await check('fair play: a rated game against level 10, a draw offered after one move and declined; the rating unchanged', async () => {
    const page = await newPage();
    const cai = await (await fetch(base + '/api/players', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Cai' }) })).json();
    const rating = async () => JSON.stringify((await (await fetch(`${base}/api/players/${cai.id}`)).json()).ratings ?? {});
    const before = await rating();
    await startGame(page, { game: 'chess', level: '10', player: 'Cai', rated: true });
    if (!fairPlayServer(await view(page))) return skip(page, 'held draw offers');
    expect((await view(page)).rated === true, 'the game is rated');
    await page.click('#offer-draw');
    await page.waitForFunction(() => window.qi.view().draw_offer.held?.first === true);
    const a = (await answerTo(page, 'move', () => clickMove(page, 'e2', 'e4'))).body.draw_offer?.answer;
    expect(a && a.engine, 'the engine answers: ' + JSON.stringify(a));
    await page.waitForFunction((w) => document.getElementById('message').textContent === w, a.words.en);
    console.log(`e2e:   level 10 in a rated game: "${a.words.en}" (${a.accepted ? 'accepted' : 'declined'})`);
    expect(!a.accepted, 'a one-move draw is declined');
    await waitPlies(page, 2);
    expect((await view(page)).outcome.verdict === 'ongoing', 'the game goes on');
    expect((await rating()) === before, 'the rating is unchanged: ' + (await rating()));
    await page.context().close();
  });

  await check('fair play: leaving a game: abort before the first moves (then remove it), resign via Leave after moves', async () => {
    const page = await newPage();
    await startGame(page, { game: 'chess', level: '1' });
    if (fairPlayServer(await view(page))) {
      expect((await page.textContent('#leave')) === 'Abort', 'Leave aborts before the first moves: ' + (await page.textContent('#leave')));
      await page.click('#leave');
      await page.waitForFunction(() => window.qi.view().outcome.verdict === 'aborted');
      const v = await view(page);
      expect((await page.textContent('#status')).includes(v.outcome.words.en), 'the abort in the server\'s words');
      expect(!(await visible(page, '#leave')), 'no Leave once the game is over');
      page.once('dialog', (d) => d.accept());
      await page.click('#remove');
      await page.waitForFunction(() => document.body.dataset.page === 'games' && document.querySelector('#games-list table, #games-list p'));
      expect(!(await page.$(`tr.game-row[data-id="${v.id}"]`)), 'a removed game is not listed');
      expect((await fetch(`${base}/api/games/${v.id}`)).status === 404, 'a removed game is gone');
    } else console.log('e2e:   abort and remove: not available on this server');
    await startGame(page, { game: 'chess', level: '1' });
    await clickMove(page, 'e2', 'e4');
    await waitPlies(page, 2);
    await waitMyTurn(page);
    expect((await page.textContent('#leave')) === 'Leave', 'after the first moves Leave resigns');
    page.once('dialog', (d) => d.accept());
    await page.click('#leave');
    await page.waitForFunction(() => window.qi.view().outcome.verdict === 'win');
    expect((await view(page)).outcome.winner === 'second', 'leaving resigned: Black wins');
    await page.context().close();
  });

  await check('fair play: xiangqi at 1.5 s a move: an overrun shown without a click, the last one warned of', async () => {
    const page = await newPage();
    await page.goto(base + '/');
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    const created = await page.evaluate(async () => {
      const body = { game: 'xiangqi', seats: [{ kind: 'human' }, { kind: 'human' }], time_control: { kind: 'per_move', per_move_ms: 1500, max_overruns: 3 } };
      const v = await (await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();
      localStorage.setItem('qi.tokens.' + v.id, JSON.stringify(v.tokens));
      return v;
    });
    if (!fairPlayServer(created)) return skip(page, 'overruns in the view');
    await page.goto(`${base}/game/${created.id}`);
    await page.waitForFunction((id) => window.qi.view()?.id === id, created.id);
    await clickMove(page, 'h2', 'e2');
    await waitPlies(page, 1);
    await clickMove(page, 'h9', 'g7');
    await waitPlies(page, 2);
    // Red's clock runs from here: 1.5 s later its first overrun, shown from the view with no click.
    await page.waitForFunction(() => /1\/3/.test(document.querySelector('#player-bottom .clock').textContent), null, { timeout: 4000 });
    expect((await view(page)).clock.overruns[0] === 1, 'the view has the overrun');
    await page.waitForFunction(() => /2\/3/.test(document.querySelector('#player-bottom .clock').textContent), null, { timeout: 4000 });
    await page.waitForSelector('#player-bottom .overrun-warning', { state: 'visible' });
    expect((await page.textContent('#player-bottom .overrun-warning')) === 'the next overrun loses', 'the warning in words');
    expect(await page.$('#player-bottom .clock.last-overrun'), 'the clock in its warning style');
    await page.screenshot({ path: join(shots, 'xiangqi-last-overrun.png') });
    await page.selectOption('#language', 'zh');
    expect((await page.textContent('#player-bottom .overrun-warning')) === '再超时一次即判负', 'the warning in Chinese');
    await page.context().close();
  });

  await check('fair play: a timed game\'s clocks stay at their start until the first moves; the games list says whose move', async () => {
    const page = await newPage();
    await startGame(page, { game: 'chess', opponent: 'human', time: 'sd:300' });
    const v = await view(page);
    if (!fairPlayServer(v)) return skip(page, 'clock.started');
    await clickMove(page, 'e2', 'e4');
    await waitPlies(page, 1);
    await page.waitForTimeout(2000);
    const clocks = await page.$$eval('.player .clock', (c) => c.map((e) => e.textContent));
    expect(clocks.join() === '5:00,5:00', 'both clocks at their start value: ' + clocks);
    expect((await view(page)).clock.started === false, 'the server has not started the clock');
    await page.click('#games-button');
    const badge = await page.textContent(`tr.game-row[data-id="${v.id}"] .badge`);
    expect(badge === 'Your move', 'the games list says whose move: ' + badge);
    expect((await page.textContent(`tr.game-row[data-id="${v.id}"] td.plies`)) === '1', 'one move, not plies');
    await page.context().close();
  });

  await check('the new-game dialog: cancelled on a first visit, an empty page; the handicap forgotten for an import', async () => {
    const page = await newPage();
    await page.goto(base + '/');
    await page.waitForFunction(() => document.getElementById('new-game').open);
    await page.selectOption('#ng-game', 'chess');
    await page.selectOption('#ng-handicap', 'knight');
    await page.click('#ng-cancel');
    await page.waitForSelector('#empty-game', { state: 'visible' });
    for (const id of ['undo', 'hint', 'offer-draw', 'resign', 'review', 'nav-first'])
      expect(await page.isDisabled('#' + id), `#${id} is disabled with no game`);
    await page.screenshot({ path: join(shots, 'no-game.png') });
    await page.click('#empty-new-game');
    await page.waitForFunction(() => document.getElementById('new-game').open);
    expect((await page.inputValue('#ng-handicap')) === '', 'the dialog opens without the last handicap');
    await page.selectOption('#ng-handicap', 'knight');
    await page.selectOption('#ng-opponent', 'human');
    await page.click('#ng-import-box summary');
    await page.fill('#ng-record', '[Event "x"]\n[White "A"]\n\n1. e4 e5 *');
    expect((await page.inputValue('#ng-handicap')) === '', 'a pasted record clears the handicap');
    await page.click('#ng-start');
    await page.waitForFunction(() => window.qi.view()?.moves.length === 2);
    expect(await page.isHidden('#empty-game'), 'the game replaces the empty page');
    await page.context().close();
  });
}
