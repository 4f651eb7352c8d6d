// What the page says: a click that plays nothing says why (a spectator, the
// engine thinking, the opponent's turn, the opponent's piece), in both
// languages; a draw offer's answer goes when the game ends; the notation
// chosen is kept across a reload; a side that lost on time shows no time
// left; the games list says who has left a game in play and keeps to the
// games in play or the finished ones.

const post = (base, path, body) => fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  .then(async (r) => { const j = await r.json(); if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`); return j; });

// The helpers of run.mjs: { check, expect, newPage, startGame, view, clickMove, clickSquare, waitPlies, base, shots }.
export async function saidChecks(t) {
  const { check, expect, newPage, startGame, view, clickMove, clickSquare, waitPlies, base, shots } = t;
  // A page holding these seats of a game (none: a spectator).
  const openAs = async (id, held, size = [1280, 860], locale = 'en-US') => {
    const page = await newPage(size[0], size[1], locale);
    await page.addInitScript(([game, tokens]) => { if (tokens) localStorage.setItem('qi.tokens.' + game, JSON.stringify(tokens)); }, [id, held]);
    await page.goto(`${base}/game/${id}`);
    await page.waitForFunction((game) => window.qi.view()?.id === game, id);
    return page;
  };
  const message = (page) => page.textContent('#message');
  const people = () => post(base, '/api/games', { game: 'chess', seats: [{ kind: 'human' }, { kind: 'human' }] });

  await check('said: a click that plays nothing says why, in English and Chinese; a spectator is told it watches', async () => {
    const g = await people();
    await post(base, `/api/games/${g.id}/move`, { token: g.tokens.first, move: 'e4' });
    for (const [locale, watching, blackTurn, opponents] of [
      ['en-US', 'You are watching this game', 'It is Black\'s turn.', 'That is your opponent\'s piece.'],
      ['zh-CN', '你在观战', '现在轮到黑方走。', '那是对方的棋子。']]) {
      const spectator = await openAs(g.id, null, [390, 844], locale);
      expect(await spectator.isVisible('#watching'), 'the spectator is labelled as watching');
      await clickSquare(spectator, 'e7');
      expect((await message(spectator)).includes(watching), `a spectator's click: ${await message(spectator)}`);
      await spectator.screenshot({ path: `${shots}/said-spectator-${locale.slice(0, 2)}.png` });
      await spectator.context().close();
      const white = await openAs(g.id, { first: g.tokens.first }, [1280, 860], locale);
      expect(!(await white.isVisible('#watching')), 'a player is not labelled as watching');
      await clickSquare(white, 'd2');  // White's own piece on Black's turn
      // The turn is Black's: White is told whose turn it is.
      expect((await message(white)) === blackTurn, `White's click on Black's turn: ${await message(white)}`);
      await white.context().close();
      const black = await openAs(g.id, { second: g.tokens.second }, [1280, 860], locale);
      await clickSquare(black, 'd2');  // White's piece on Black's own turn
      expect((await message(black)) === opponents, `Black's click on White's piece: ${await message(black)}`);
      await black.screenshot({ path: `${shots}/said-opponents-piece-${locale.slice(0, 2)}.png` });
      await black.context().close();
    }
  });

  await check('said: a click while the engine thinks says so', async () => {
    // Level 10 (the lower levels stop at a node budget) from a position no opening book knows, thinking 10 s:
    // long enough for a loaded machine.
    const g = await post(base, '/api/games', { game: 'chess', fen: 'r2qk2r/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 b kq - 0 7',
      seats: [{ kind: 'human' }, { kind: 'engine', level: 10, movetime_ms: 10000 }] });
    const page = await openAs(g.id, { first: g.tokens.first });
    await page.waitForFunction(() => window.qi.view().engine_to_move);
    await clickSquare(page, 'd3');
    const said = await message(page);
    expect(said === 'Qi is thinking: wait for its move.', `a click while the engine thinks: ${said}`);
    await page.screenshot({ path: `${shots}/said-engine-thinking.png` });
    await page.context().close();
  });

  await check('said: a draw offer\'s answer goes when the game ends', async () => {
    const page = await newPage();
    await startGame(page, { game: 'chess', level: '1' });
    await page.click('#offer-draw');  // held, made with the next move; the engine declines before move 30
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => /declin/i.test(document.getElementById('message').textContent));
    const declined = await message(page);
    await waitPlies(page, 2);
    // The game ends by another hand (the same seat's token through the API: the page only hears of it).
    const v = await view(page);
    const tokens = await page.evaluate((id) => JSON.parse(localStorage.getItem('qi.tokens.' + id)), v.id);
    await post(base, `/api/games/${v.id}/resign`, { token: tokens.first });
    await page.waitForFunction(() => window.qi.view().outcome.verdict !== 'ongoing');
    const after = await message(page);
    expect(!after.includes(declined), `"${declined}" still shown after the end: ${after}`);
    await page.context().close();
  });

  await check('said: the notation chosen is kept across a reload', async () => {
    const page = await newPage();
    await startGame(page, { game: 'xiangqi', opponent: 'human' });
    // ICCS: no language reads it first, so only the reader's choice brings it back.
    await page.selectOption('#notation', 'iccs');
    await clickMove(page, 'h2', 'e2');
    await waitPlies(page, 1);
    const written = await page.textContent('#moves li');
    await page.reload();
    await page.waitForFunction(() => window.qi.view() !== null && document.querySelector('#moves li'));
    expect((await page.inputValue('#notation')) === 'iccs', 'ICCS is still chosen: ' + await page.inputValue('#notation'));
    expect((await page.textContent('#moves li')) === written, `the moves in ICCS (${written}): ` + await page.textContent('#moves li'));
    await page.context().close();
  });

  await check('said: a side that lost by overruns shows no time left', async () => {
    const g = await post(base, '/api/games', { game: 'xiangqi', seats: [{ kind: 'human' }, { kind: 'human' }],
      time_control: { kind: 'per_move', per_move_ms: 2000, max_overruns: 1 } });
    await post(base, `/api/games/${g.id}/move`, { token: g.tokens.first, move: 'h2e2' });
    await post(base, `/api/games/${g.id}/move`, { token: g.tokens.second, move: 'h9g7' });
    const page = await openAs(g.id, { first: g.tokens.first });
    await page.waitForFunction(() => window.qi.view().outcome.termination === 'overruns', null, { timeout: 20000 });
    const v = await view(page);
    const loser = v.outcome.side;
    const box = loser === 'first' ? '#player-bottom' : '#player-top';
    const clock = await page.textContent(`${box} .clock`);
    console.log(`e2e:   the loser's clock after its overruns: "${clock}"`);
    expect(clock.startsWith('0:00'), `the side out of time shows 0:00: ${clock}`);
    expect(clock.includes('1/1'), `and its overruns: ${clock}`);
    await page.screenshot({ path: `${shots}/said-overruns-lost.png` });
    await page.context().close();
  });

  await check('said: the games list says who has left a game in play, and keeps to in play or finished', async () => {
    const left = await people();
    await post(base, `/api/games/${left.id}/move`, { token: left.tokens.first, move: 'e4' });
    const finished = await people();
    await post(base, `/api/games/${finished.id}/move`, { token: finished.tokens.first, move: 'd4' });
    await post(base, `/api/games/${finished.id}/move`, { token: finished.tokens.second, move: 'd5' });
    await post(base, `/api/games/${finished.id}/resign`, { token: finished.tokens.second });
    // White stays in touch; Black never comes back: gone after 30 s of silence.
    for (let i = 0; i < 4; i++) {
      await post(base, `/api/games/${left.id}/presence`, { token: left.tokens.first });
      await new Promise((ok) => setTimeout(ok, 8500));
    }
    for (const [size, locale, word] of [[[1280, 860], 'en-US', 'Black has left'], [[390, 844], 'zh-CN', '黑方已离开']]) {
      const page = await newPage(size[0], size[1], locale);
      await page.goto(base + '/games');
      await page.waitForSelector(`tr.game-row[data-id="${left.id}"]`);
      const row = await page.textContent(`tr.game-row[data-id="${left.id}"] td.result`);
      expect(row.includes(word), `the game Black left says so: ${row}`);
      await page.click('#games-status button[data-status="ongoing"]');
      await page.waitForSelector(`tr.game-row[data-id="${finished.id}"]`, { state: 'detached' });
      expect(await page.isVisible(`tr.game-row[data-id="${left.id}"]`), 'the game in play is in the in-play tab');
      await page.screenshot({ path: `${shots}/said-games-in-play-${locale.slice(0, 2)}.png` });
      await page.click('#games-status button[data-status="over"]');
      await page.waitForSelector(`tr.game-row[data-id="${finished.id}"]`);
      expect(!(await page.isVisible(`tr.game-row[data-id="${left.id}"]`)), 'the game in play is not among the finished');
      await page.context().close();
    }
  });
}
