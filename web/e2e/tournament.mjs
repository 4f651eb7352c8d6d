// End-to-end checks of a tournament of people (issue 53), each browser
// context standing for one person's device: an organiser (an account)
// creates a Swiss of 3 rounds on the tournaments page; six players, each
// logged in on their own device, open its link and join; the organiser
// starts each round; the paired players press "Play my game" and play
// their game by clicking (a fool's mate, or a resignation); one result is
// entered by the organiser instead; after round 3 the standings the page
// shows are the server's. Screenshots of the list, the create form and the
// running tournament, on a desktop and a phone, in English and Chinese.
// Then a class at one screen, knockouts to their armageddon games, and the
// xiangqi document's event of eight in two groups crossing over into the
// knockout. A server without tournaments skips them, saying so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const PLAYERS = ['Ann', 'Bai', 'Cai', 'Dan', 'Eva', 'Fu'];
const password = (name) => `${name.toLowerCase()}-plays-chess-1`;

export async function tournamentChecks({ check, expect, newPage, clickMove, base, shots }) {
  const json = (page, method, path, body) => page.evaluate(([m, p, b]) => fetch(p, {
    method: m, headers: b ? { 'Content-Type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined,
  }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) })), [method, path, body]);
  // A device logged in as a new profile with a password (the server logs it in on making it).
  async function device(name, width = 1280, height = 860, locale = 'en-US') {
    const page = await newPage(width, height, locale);
    await page.goto(base + '/players');
    const made = await json(page, 'POST', '/api/players', { name, password: password(name) });
    expect(made.status === 201 || made.status === 200, `${name}'s profile made: ${made.status}`);
    await page.reload();  // the page learns who is logged in when it loads
    await page.waitForSelector('#account-name');
    return { page, id: made.body.id, name };
  }
  // Another device of the same account (a screenshot in another size or language).
  async function loggedIn(who, width, height, locale) {
    const page = await newPage(width, height, locale);
    await page.goto(base + '/players');
    const r = await json(page, 'POST', '/api/login', { player_id: who.id, password: password(who.name) });
    expect(r.status === 200, `${who.name} logged in again: ${r.status}`);
    return page;
  }
  // The server makes 20 profiles from one address at once, then one each 10 s, and checks 10 passwords, then one
  // each 6 s: the checks together ask for more, so the last one reuses the people the earlier ones made, and
  // waits as the server says (Retry-After) when it must.
  async function retried(page, method, path, body) {
    for (;;) {
      const r = await json(page, method, path, body);
      if (r.status !== 429) return r;
      await page.waitForTimeout(6500);
    }
  }
  // A device of the account `name` (with its password), logged in again when an earlier check made it.
  async function person(name) {
    const page = await newPage();
    await page.goto(base + '/players');
    const known = ((await json(page, 'GET', '/api/players')).body ?? []).find((p) => p.name === name && p.protected);
    const r = known ? await retried(page, 'POST', '/api/login', { player_id: known.id, password: password(name) })
      : await retried(page, 'POST', '/api/players', { name, password: password(name) });
    expect(r.status < 300, `${name} logged in: ${r.status}`);
    await page.reload();
    await page.waitForSelector('#account-name');
    return { page, id: known ? known.id : r.body.id, name };
  }
  // A profile without a password (a pupil's), reused when an earlier check made it.
  async function pupil(page, name) {
    const known = ((await json(page, 'GET', '/api/players')).body ?? []).find((p) => p.name === name && !p.protected);
    if (known) return known.id;
    const r = await retried(page, 'POST', '/api/players', { name });
    expect(r.status < 300, `${name}'s profile made: ${r.status}`);
    return r.body.id;
  }
  const tournamentView = async (page, id) => (await json(page, 'GET', '/api/tournaments/' + id)).body;

  // Plays one board between two devices: both press "Play my game" on the
  // tournament page; a fool's mate (the second side wins) or 1.e4 and the
  // second side resigns (the first wins).
  async function playBoard(first, second, url, how) {
    for (const p of [first, second]) {
      if (!p.page.url().endsWith(url)) await p.page.goto(base + url);
      await p.page.waitForSelector('.play-my-game', { timeout: 15000 });
      await p.page.click('.play-my-game');
      await p.page.waitForFunction(() => window.qi.view() !== null && location.pathname.startsWith('/game/'));
    }
    const gid = await first.page.evaluate(() => window.qi.view().id);
    expect(gid === await second.page.evaluate(() => window.qi.view().id), 'both players in one game');
    const plies = (p, n) => p.page.waitForFunction((k) => window.qi.view().moves.length >= k, n);
    if (how === 'mate') {
      await clickMove(first.page, 'f2', 'f3'); await plies(second, 1);
      await clickMove(second.page, 'e7', 'e5'); await plies(first, 2);
      await clickMove(first.page, 'g2', 'g4'); await plies(second, 3);
      await clickMove(second.page, 'd8', 'h4');
    } else {
      await clickMove(first.page, 'e2', 'e4'); await plies(second, 1);
      second.page.once('dialog', (d) => d.accept());
      await second.page.click('#resign');
    }
    await first.page.waitForFunction(() => window.qi.view().outcome.verdict !== 'ongoing');
    for (const p of [first, second]) await p.page.goto(base + url);
  }

  await check('tournament: a Swiss of six players over three rounds, played between devices, one result by the organiser; the standings shown are the server\'s', async () => {
    const organiser = await device('Teacher');
    const org = organiser.page;
    const listed = await json(org, 'GET', '/api/tournaments');
    if (listed.status !== 200) { console.log('e2e:   tournaments: not available on this server'); await org.context().close(); return; }
    // The form, from the main navigation.
    await org.click('#tournaments-button');
    await org.waitForSelector('#tournament-form');
    await org.fill('#tn-name', 'Spring club Swiss');
    await org.selectOption('#tn-game', 'chess');
    await org.selectOption('#tn-time', 'unlimited');
    await org.selectOption('#tn-format', 'swiss');
    await org.fill('#tn-rounds', '3');
    expect((await org.$$eval('#tn-tie-breaks li', (l) => l.map((e) => e.dataset.code))).join() === 'bh-c1,bh,sb', 'a Swiss\'s default tie-breaks');
    await org.screenshot({ path: join(shots, 'tournament-create.png'), fullPage: true });
    await org.click('#tn-create');
    await org.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
    const url = new URL(org.url()).pathname;
    const id = url.split('/').pop();
    await org.waitForSelector('#t-share-link');
    expect((await org.inputValue('#t-share-link')).endsWith(url), 'the share link is the page\'s');
    const made = await tournamentView(org, id);
    expect(made.you_organise && made.format === 'swiss' && made.rounds_planned === 3 && made.status === 'open', 'the tournament as asked: ' + JSON.stringify(made).slice(0, 300));

    // Six players join from their own devices (logged in: the join form offers them first).
    const players = [];
    for (const name of PLAYERS) {
      const p = await device(name);
      await p.page.goto(base + url);
      await p.page.waitForSelector('#t-join');
      expect(await p.page.inputValue('#t-join-player') === String(p.id), `${name} is offered first`);
      await p.page.click('#t-join');
      await p.page.waitForSelector(`ol.entrants li:has-text("${name}")`);
      players.push(p);
    }
    await org.waitForFunction(() => document.querySelectorAll('ol.entrants li').length === 6, null, { timeout: 10000 });

    const byEntrant = (v, n) => players.find((p) => p.id === v.entrants.find((e) => e.entrant === n).player_id);
    for (let round = 1; round <= 3; round++) {
      await org.waitForSelector('#t-start-round', { timeout: 15000 });
      expect((await org.textContent('#t-start-round')) === `Start round ${round}`, 'the button names the round');
      await org.click('#t-start-round');
      await org.waitForFunction((r) => document.getElementById('t-round-title')?.textContent.endsWith('Round ' + r), round);
      const v = await tournamentView(org, id);
      const boards = v.rounds[round - 1].boards;
      expect(boards.length === 3 && boards.every((b) => b.second !== 0 && b.game_id), `three games in round ${round}: ` + JSON.stringify(boards));
      for (const b of boards) {
        if (round === 2 && b.board === 3) {
          // An over-the-board result, entered by the organiser.
          await org.selectOption(`.current-round select.result-entry[data-board="3"]`, '1/2-1/2');
          await org.waitForFunction(() => document.querySelector('.current-round tr[data-board="3"] td.result')?.textContent.startsWith('½–½'));
          continue;
        }
        await playBoard(byEntrant(v, b.first), byEntrant(v, b.second), url, (round + b.board) % 2 ? 'mate' : 'resign');
      }
      if (round === 2) {
        await org.waitForFunction(() => [...document.querySelectorAll('.current-round td.result')].every((c) => !c.textContent.includes('in play')), null, { timeout: 10000 });
        await org.screenshot({ path: join(shots, 'tournament-running.png'), fullPage: true });
        // The list, the form and the running tournament on a desktop and a phone, in English and Chinese (the organiser's view).
        for (const [w, hgt, tag] of [[1280, 800, 'desktop'], [390, 844, 'phone']]) for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh']]) {
          const page = await loggedIn(organiser, w, hgt, locale);
          await page.goto(base + '/tournaments');
          await page.waitForSelector('tr.tournament-row');
          await page.screenshot({ path: join(shots, `tournament-list-${tag}-${lang}.png`) });
          await page.click('#tn-name');
          await page.screenshot({ path: join(shots, `tournament-form-${tag}-${lang}.png`), fullPage: true });
          await page.goto(base + url);
          await page.waitForSelector('table.standings');
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width <= w, `no sideways scrolling of the tournament page (${tag}, ${lang}): ${width}`);
          if (tag === 'phone') {
            // Targets for fingers: every control of the page at least 40 px high.
            const small = await page.$$eval('#page button, #page select, #page input, #page a', (all) => all
              .filter((e) => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 40).map((e) => e.outerHTML.slice(0, 60)));
            expect(small.length === 0, 'touch targets of 40 px on a phone: ' + small.join(' | '));
          }
          await page.screenshot({ path: join(shots, `tournament-page-${tag}-${lang}.png`), fullPage: true });
          // Its top: the pairings and the standings.
          await page.screenshot({ path: join(shots, `tournament-top-${tag}-${lang}.png`), fullPage: true, clip: { x: 0, y: 0, width: w, height: tag === 'phone' ? 1500 : 1100 } });
          await page.context().close();
        }
      }
    }
    await org.waitForFunction(() => document.querySelectorAll('table.crosstable tbody tr').length === 6, null, { timeout: 10000 });
    const over = await (async () => {
      for (let i = 0; i < 20; i++) {
        const v = await tournamentView(org, id);
        if (v.status === 'over') return v;
        await org.waitForTimeout(500);
      }
      return tournamentView(org, id);
    })();
    expect(over.status === 'over', 'the tournament is over after its three rounds: ' + over.status);
    const organised = over.rounds[1].boards.find((b) => b.board === 3);
    expect(organised.result === '1/2-1/2' && organised.result_by === 'organiser', 'the organiser\'s result kept: ' + JSON.stringify(organised));
    // The page has drawn the last version (it asks every 3 s).
    await org.waitForFunction((version) => document.getElementById('page').dataset.version === String(version), over.version, { timeout: 10000 });
    // The standings shown: the server's, row by row, with its tie-break columns.
    const shown = await org.$$eval('table.standings tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
    const headers = await org.$$eval('table.standings thead th', (h) => h.map((c) => [c.textContent, c.title]));
    expect(headers.slice(6).map((h) => h[0]).join() === over.tie_breaks.map((c) => c.toUpperCase()).join(), 'a column for each tie-break: ' + JSON.stringify(headers));
    expect(headers[6][1] === 'Buchholz cut 1 (without the lowest)', 'the tie-break\'s name as its title: ' + headers[6][1]);
    const number = (n) => String(Math.round(n * 100) / 100);
    const expected = over.standings.map((s) => [String(s.rank), s.name, s.points_text, String(s.wins), String(s.draws), String(s.losses), ...s.tie_breaks.map(number)]);
    expect(JSON.stringify(shown) === JSON.stringify(expected), `the standings shown are the server's:\n${JSON.stringify(shown)}\n${JSON.stringify(expected)}`);
    const total = over.standings.reduce((a, s) => a + s.points, 0);
    expect(total === 9, 'nine games, one point each: ' + total);
    console.log(`e2e:   standings: ${shown.map((r) => r.slice(0, 3).join(' ')).join(' | ')}`);
    await org.screenshot({ path: join(shots, 'tournament-over.png'), fullPage: true });
    // Printed: the pairings and the standings only.
    await org.emulateMedia({ media: 'print' });
    const printed = await org.evaluate(() => ['table.pairings.current-round', 'table.standings', 'table.crosstable', '.share-panel', 'ol.entrants', '.top']
      .map((q) => document.querySelector(q)?.getBoundingClientRect().height > 0));
    expect(printed.join() === 'true,true,false,false,false,false', 'print shows the pairings and standings alone: ' + printed.join());
    await org.emulateMedia({ media: 'screen' });
    // The exports: the tournament as a FIDE TRF, and its games' records.
    const saved = async (button) => {
      const [download] = await Promise.all([org.waitForEvent('download'), org.click(button)]);
      return [download.suggestedFilename(), readFileSync(await download.path(), 'utf8')];
    };
    const [trfName, trf] = await saved('#t-trf');
    expect(trfName.endsWith('.trf') && /^012 /m.test(trf) && PLAYERS.every((n) => trf.includes(n)), `a TRF with the players (${trfName}): ` + trf.slice(0, 200));
    const [recordsName, records] = await saved('#t-records');
    expect(recordsName.endsWith('.pgn') && (records.match(/\[Event /g) ?? []).length >= 8, `the games' records (${recordsName}): ` + records.slice(0, 200));

    for (const p of [organiser, ...players]) await p.page.context().close();
  });

  await check('tournament: a class at one screen: a round robin of four profiles joined from the teacher\'s device, a game played there with both seats', async () => {
    const teacher = await device('Tutor');
    const page = teacher.page;
    if ((await json(page, 'GET', '/api/tournaments')).status !== 200) { await page.context().close(); return; }
    const made = await json(page, 'POST', '/api/tournaments', { name: 'Class round robin', game: 'chess', variant: '', format: 'round-robin',
      scoring: '3-1-0', tie_breaks: 'de,sb,win', time_control: { kind: 'unlimited' } });
    expect(made.status === 200 && made.body.format === 'round-robin', 'a round robin made: ' + made.status);
    const url = '/tournaments/' + made.body.id;
    const pupils = ['Ling', 'Ming', 'Ning', 'Ping'];
    for (const name of pupils) expect((await json(page, 'POST', '/api/players', { name })).status < 300, `${name}'s profile made`);
    await page.goto(base + url);
    for (const name of pupils) {
      await page.selectOption('#t-join-player', { label: name });
      await page.click('#t-join');
      await page.waitForSelector(`ol.entrants li:has-text("${name}")`);
    }
    await page.click('#t-start-round');
    await page.waitForSelector('.play-my-game');
    expect((await page.$$('.play-my-game')).length === 2, 'both boards of round 1 are this screen\'s');
    await page.click('.play-my-game');
    await page.waitForFunction(() => window.qi.view() !== null && location.pathname.startsWith('/game/'));
    const held = await page.evaluate(() => JSON.parse(localStorage.getItem('qi.tokens.' + window.qi.view().id)));
    expect(held.first && held.second, 'the game held with both seats: ' + JSON.stringify(Object.keys(held)));
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => window.qi.view().moves.length === 1);
    await clickMove(page, 'e7', 'e5');
    await page.waitForFunction(() => window.qi.view().moves.length === 2);
    await page.context().close();
  });

  // The colour a box's background is drawn in, as [r, g, b].
  const background = (page, selector) => page.$eval(selector, (e) => getComputedStyle(e).backgroundColor.match(/\d+/g).slice(0, 3).map(Number));

  await check('tournament: a xiangqi crossover final, two drawn games then an armageddon game drawn: the player who moved second is champion, the bracket says armageddon', async () => {
    const organiser = await device('Referee');
    const org = organiser.page;
    if ((await json(org, 'GET', '/api/tournaments')).status !== 200) { await org.context().close(); return; }
    await org.goto(base + '/tournaments');
    await org.waitForSelector('#tournament-form');
    await org.fill('#tn-name', 'Crossover final');
    await org.selectOption('#tn-game', 'xiangqi');
    await org.selectOption('#tn-time', 'unlimited');
    await org.selectOption('#tn-format', 'knockout');
    // A knockout's own rows; a Swiss's rounds and bye hidden; the armageddon rule said in words.
    const shown = async (sel) => org.$eval(sel, (e) => e.getBoundingClientRect().height > 0);
    expect(await shown('#tn-match-games') && await shown('#tn-decider') && !(await shown('#tn-rounds')) && !(await shown('#tn-bye')), 'the knockout\'s fields instead of the Swiss\'s');
    expect((await org.textContent('#tn-decider-note')).includes('moved second'), 'the armageddon rule explained');
    expect((await org.$$eval('#tn-tie-breaks li', (l) => l.map((e) => e.dataset.code))).join() === 'win', 'a knockout\'s default tie-break');
    await org.selectOption('#tn-match-games', '2');
    await org.selectOption('#tn-decider', 'armageddon');
    await org.screenshot({ path: join(shots, 'tournament-knockout-create.png'), fullPage: true });
    await org.click('#tn-create');
    await org.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
    const url = new URL(org.url()).pathname;
    const id = url.split('/').pop();
    const made = await tournamentView(org, id);
    expect(made.format === 'knockout' && made.match_games === 2 && made.decider === 'armageddon' && made.game === 'xiangqi', 'the knockout as asked: ' + JSON.stringify(made).slice(0, 300));

    const players = [];
    for (const name of ['Hong', 'Hei']) {
      const p = await device(name);
      await p.page.goto(base + url);
      await p.page.click('#t-join');
      await p.page.waitForSelector(`ol.entrants li:has-text("${name}")`);
      players.push(p);
    }
    await org.waitForFunction(() => document.querySelectorAll('ol.entrants li').length === 2, null, { timeout: 10000 });

    // Two regular games, both drawn over the board and entered by the organiser.
    for (const round of [1, 2]) {
      await org.waitForSelector('#t-start-round', { timeout: 15000 });
      await org.click('#t-start-round');
      await org.waitForFunction((r) => document.getElementById('t-round-title')?.textContent.endsWith('Round ' + r), round);
      await org.waitForSelector('#t-bracket .match-box.playing');
      await org.selectOption('.current-round select.result-entry[data-board="1"]', '1/2-1/2');
      await org.waitForFunction(() => document.querySelector('.current-round tr[data-board="1"] td.result')?.textContent.startsWith('½–½'));
    }
    const level = await org.textContent('#t-bracket .match-box[data-match="1"]');
    expect(level.includes('Armageddon game') && (await org.$$('#t-bracket .slot.won')).length === 0, 'level after two games, the armageddon game next: ' + level);

    // The third start makes the armageddon game: both players sit at it and move by clicking; then it is drawn.
    await org.click('#t-start-round');
    await org.waitForFunction(() => document.getElementById('t-round-title')?.textContent.endsWith('Round 3'));
    const third = await tournamentView(org, id);
    const game = third.bracket.rounds[0].matches[0].games[2];
    expect(third.bracket.rounds[0].matches[0].stage === 'armageddon' && game && game.result === null, 'the armageddon game made: ' + JSON.stringify(third.bracket));
    const byEntrant = (n) => players.find((p) => p.id === third.entrants.find((e) => e.entrant === n).player_id);
    const red = byEntrant(game.first);
    const black = byEntrant(third.rounds[2].boards[0].second);
    for (const p of [red, black]) {
      await p.page.goto(base + url);
      await p.page.waitForSelector('.play-my-game', { timeout: 15000 });
      await p.page.click('.play-my-game');
      await p.page.waitForFunction(() => window.qi.view() !== null && location.pathname.startsWith('/game/'));
    }
    expect(await red.page.evaluate(() => window.qi.view().id) === game.game_id, 'the armageddon game is the one played');
    await clickMove(red.page, 'h2', 'e2');
    await black.page.waitForFunction(() => window.qi.view().moves.length >= 1);
    await clickMove(black.page, 'h9', 'g7');
    await red.page.waitForFunction(() => window.qi.view().moves.length >= 2);
    // The players agree a draw at the board; the organiser enters it.
    await org.waitForSelector('.current-round select.result-entry[data-board="1"]');
    await org.selectOption('.current-round select.result-entry[data-board="1"]', '1/2-1/2');
    await org.waitForSelector('#t-placings', { timeout: 10000 });

    const over = await tournamentView(org, id);
    const match = over.bracket.rounds[0].matches[0];
    expect(over.status === 'over' && match.decided_by === 'armageddon' && over.bracket.champion === match.winner,
      'over, decided by armageddon: ' + JSON.stringify(over.bracket));
    const champion = over.entrants.find((e) => e.entrant === over.bracket.champion);
    expect(champion.player_id === black.id, `the champion moved second in the armageddon game: ${champion.name}, not ${red.name}`);
    // The bracket as shown: the final, both names with their seeds and scores, the armageddon mark, three game links.
    await org.waitForFunction((v) => document.getElementById('page').dataset.version === String(v), over.version, { timeout: 10000 });
    const box = await org.$eval('#t-bracket .match-box[data-match="1"]', (e) => ({
      title: e.closest('.bracket-col').querySelector('h3').textContent, decided: e.querySelector('.decided-by')?.textContent,
      slots: [...e.querySelectorAll('.slot')].map((s) => [s.querySelector('.seed').textContent, s.querySelector('.name').textContent, s.querySelector('.score').textContent, s.classList.contains('won')]),
      games: [...e.querySelectorAll('a.match-game')].map((a) => [a.textContent, a.getAttribute('href')]),
    }));
    const hong = over.entrants.find((e) => e.name === 'Hong').entrant;
    const hei = over.entrants.find((e) => e.name === 'Hei').entrant;
    expect(JSON.stringify(box.slots) === JSON.stringify([[String(hong), 'Hong', '1', champion.name === 'Hong'], [String(hei), 'Hei', '1', champion.name === 'Hei']]),
      'the match\'s slots: ' + JSON.stringify(box.slots));
    expect(box.title === 'Final' && box.decided === 'armageddon', `the final, marked armageddon: ${box.title}, ${box.decided}`);
    expect(box.games.map((g) => g[0]).join() === '1,2,A' && box.games[2][1] === '/game/' + game.game_id, 'links to the three games: ' + JSON.stringify(box.games));
    // The winner highlighted: the champion's slot green, the other the match's own grey.
    const won = await background(org, '#t-bracket .slot.won');
    const lost = await background(org, '#t-bracket .slot:not(.won)');
    expect(won[1] > won[0] + 20 && won[1] > won[2] + 20 && lost[1] < lost[0] + 10, `the winner's box green, the other not: ${won} / ${lost}`);
    expect(await org.$eval('#t-bracket .slot.won .name', (e) => e.textContent) === champion.name, 'the highlighted slot is the champion\'s');
    const places = await org.$$eval('#t-placings li', (l) => l.map((e) => e.textContent));
    expect(places.join('|') === `1st${champion.name}|2nd${red.name}`, 'the placings: ' + places.join('|'));
    expect((await org.textContent('#t-facts')).includes('Champion: ' + champion.name), 'the status names the champion');
    console.log(`e2e:   knockout: ${box.slots.map((s) => s.join(' ')).join(' | ')}; ${box.decided}; champion ${champion.name}`);

    // The bracket on a desktop and a phone, in English and Chinese: no sideways scrolling of the page, fingers' targets on the phone.
    for (const [w, hgt, tag] of [[1280, 800, 'desktop'], [390, 844, 'phone']]) for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh']]) {
      const page = await loggedIn(organiser, w, hgt, locale);
      await page.goto(base + url);
      await page.waitForSelector('#t-bracket .slot.won');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width <= w, `no sideways scrolling of the knockout's page (${tag}, ${lang}): ${width}`);
      if (tag === 'phone') {
        const small = await page.$$eval('#page button, #page select, #page input, #page a', (all) => all
          .filter((e) => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 40).map((e) => e.outerHTML.slice(0, 60)));
        expect(small.length === 0, 'touch targets of 40 px on a phone: ' + small.join(' | '));
      }
      if (lang === 'zh') expect((await page.textContent('#t-bracket')).includes('和棋先手算负'), 'the armageddon mark in Chinese');
      await page.screenshot({ path: join(shots, `tournament-final-${tag}-${lang}.png`), fullPage: true });
      await page.screenshot({ path: join(shots, `tournament-final-top-${tag}-${lang}.png`), clip: { x: 0, y: 0, width: w, height: hgt } });
      await page.context().close();
    }
    for (const p of [organiser, ...players]) await p.page.context().close();
  });

  await check('tournament: a knockout of four, one game a match, run to its final: a semi-final drawn and decided by armageddon, the final\'s slots filled as the semi-finals end, 3rd-4th shared', async () => {
    const organiser = await device('Umpire');
    const org = organiser.page;
    if ((await json(org, 'GET', '/api/tournaments')).status !== 200) { await org.context().close(); return; }
    const made = await json(org, 'POST', '/api/tournaments', { name: 'Club cup', game: 'xiangqi', variant: '', format: 'knockout', match_games: 1,
      decider: 'armageddon', time_control: { kind: 'unlimited' } });
    expect(made.status === 200 && made.body.format === 'knockout', 'a knockout made: ' + made.status);
    const id = made.body.id;
    const url = '/tournaments/' + id;
    const names = ['Kai', 'Lin', 'Mo', 'Nan'];
    for (const name of names) expect((await json(org, 'POST', '/api/players', { name })).status < 300, `${name}'s profile made`);
    await org.goto(base + url);
    for (const name of names) {
      await org.selectOption('#t-join-player', { label: name });
      await org.click('#t-join');
      await org.waitForSelector(`ol.entrants li:has-text("${name}")`);
    }
    const finalSlots = () => org.$$eval('#t-bracket .bracket-col[data-round="2"] .slot .name', (l) => l.map((e) => e.textContent).join());
    const enter = async (board, result) => {
      await org.selectOption(`.current-round select.result-entry[data-board="${board}"]`, result);
      await org.waitForFunction((n) => !document.querySelector(`.current-round tr[data-board="${n}"] td.result`)?.textContent.includes('in play'), board);
    };
    await org.click('#t-start-round');
    await org.waitForSelector('#t-bracket .match-box.playing');
    // Before any result: the final waits for the semi-finals' winners.
    expect(await finalSlots() === 'Winner of match 1,Winner of match 2', 'the final\'s slots: ' + await finalSlots());
    // Seed 1's semi-final drawn (to its armageddon game), the other won by the side that moved first.
    const semis = (await tournamentView(org, id)).rounds[0].boards;
    for (const b of semis) await enter(b.board, b.first === 1 || b.second === 1 ? '1/2-1/2' : '1-0');
    const other = semis.find((b) => b.first !== 1 && b.second !== 1);
    const otherWinner = (await tournamentView(org, id)).entrants.find((e) => e.entrant === other.first).name;
    await org.waitForFunction((n) => document.querySelector('#t-bracket .bracket-col[data-round="2"] .slot:not(.empty) .name')?.textContent === n, otherWinner);
    expect(await finalSlots() === `Winner of match 1,${otherWinner}`, 'the final\'s slots, one semi-final decided: ' + await finalSlots());
    // The armageddon game of the drawn semi-final, drawn too: the side that moved second goes through.
    await org.click('#t-start-round');
    await org.waitForFunction(() => document.getElementById('t-round-title')?.textContent.endsWith('Round 2'));
    const armageddon = (await tournamentView(org, id)).rounds[1].boards;
    expect(armageddon.length === 1, 'one armageddon game, for the drawn semi-final: ' + JSON.stringify(armageddon));
    await enter(1, '1/2-1/2');
    const through = (await tournamentView(org, id)).entrants.find((e) => e.entrant === armageddon[0].second).name;
    await org.waitForFunction((n) => document.querySelectorAll('#t-bracket .bracket-col[data-round="1"] .slot.won').length === 2, through);
    expect(await finalSlots() === `${through},${otherWinner}`, `the final's slots are the semi-finals' winners: ${await finalSlots()}`);
    expect((await org.textContent('#t-bracket .bracket-col[data-round="1"] .match-box[data-match="1"] .decided-by')) === 'armageddon', 'semi-final 1 marked armageddon');
    await org.click('#t-start-round');
    await org.waitForSelector('#t-bracket .bracket-col[data-round="2"] .match-box.playing');
    await enter(1, '1-0');
    await org.waitForSelector('#t-placings');
    const places = await org.$$eval('#t-placings li', (l) => l.map((e) => [e.querySelector('.place').textContent, e.lastChild.textContent]));
    expect(places.length === 3 && places[0][0] === '1st' && places[1][0] === '2nd' && places[2][0] === '3rd–4th' && places[2][1].split(' · ').length === 2,
      'the placings: ' + JSON.stringify(places));
    const v = await tournamentView(org, id);
    expect(v.status === 'over' && places[0][1] === v.entrants.find((e) => e.entrant === v.bracket.champion).name, 'the champion is the server\'s: ' + JSON.stringify(v.bracket.placings));
    for (const [w, hgt, tag] of [[1280, 800, 'desktop'], [390, 844, 'phone']]) for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh']]) {
      const page = await loggedIn(organiser, w, hgt, locale);
      await page.goto(base + url);
      await page.waitForSelector('#t-placings');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width <= w, `no sideways scrolling of the knockout's page (${tag}, ${lang}): ${width}`);
      // Scrolled to the bracket: the page's top is the facts.
      await page.evaluate(() => window.scrollTo(0, document.getElementById('t-bracket-title').offsetTop - 8));
      await page.screenshot({ path: join(shots, `tournament-knockout-${tag}-${lang}.png`) });
      await page.context().close();
    }
    await org.context().close();
  });
  // The seed document's event (issue 53): groups playing round robins of two
  // games a pair, 3/1/0, level on points decided by the games between them
  // then net games; the top two of each group cross over (1A v 2B, 1B v 2A)
  // into matches of two games and an armageddon game.
  await check('tournament: the xiangqi document\'s event: two groups of four, two games a pair, a game played between devices, the crossover 1A-2B and 1B-2A, a match drawn to its armageddon game and the second side through, the final; the group tables shown are the server\'s', async () => {
    const organiser = await person('Referee');
    const org = organiser.page;
    if ((await json(org, 'GET', '/api/tournaments')).status !== 200) { await org.context().close(); return; }
    await org.goto(base + '/tournaments');
    await org.waitForSelector('#tournament-form');
    await org.fill('#tn-name', 'School xiangqi cup');
    await org.selectOption('#tn-game', 'xiangqi');
    await org.selectOption('#tn-time', 'unlimited');
    await org.selectOption('#tn-format', 'groups-knockout');
    const shown = async (sel) => org.$eval(sel, (e) => e.getBoundingClientRect().height > 0);
    expect(await shown('#tn-groups') && await shown('#tn-group-cycles') && await shown('#tn-match-games') && await shown('#tn-decider') && !(await shown('#tn-rounds')),
      'the groups\' and the matches\' fields, not a Swiss\'s rounds');
    expect(await org.inputValue('#tn-scoring') === '3-1-0', 'the document\'s 3/1/0 proposed');
    expect((await org.$$eval('#tn-tie-breaks li', (l) => l.map((e) => e.dataset.code))).join() === 'de,net', 'the document\'s tie-breaks: the games between them, then net games');
    expect(await org.inputValue('#tn-group-cycles') === '2', 'two games a pair by default');
    await org.selectOption('#tn-groups', '2');
    await org.selectOption('#tn-match-games', '2');
    await org.selectOption('#tn-decider', 'armageddon');
    await org.screenshot({ path: join(shots, 'tournament-groups-create.png'), fullPage: true });
    await org.click('#tn-create');
    await org.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
    const url = new URL(org.url()).pathname;
    const id = url.split('/').pop();
    const made = await tournamentView(org, id);
    expect(made.format === 'groups-knockout' && made.group_cycles === 2 && made.match_games === 2 && made.decider === 'armageddon' && made.scoring === '3-1-0',
      'the event as asked: ' + JSON.stringify(made).slice(0, 400));

    // Eight pupils (profiles without passwords) joined from the organiser's device, as a class's teacher does.
    const pupils = ['Ling', 'Ming', 'Ning', 'Ping', 'Kai', 'Lin', 'Mo', 'Nan'];
    const players = [];
    for (const name of pupils) players.push({ id: await pupil(org, name), name });
    await org.goto(base + url);
    for (const name of pupils) {
      await org.selectOption('#t-join-player', { label: name });
      await org.click('#t-join');
      await org.waitForSelector(`ol.entrants li:has-text("${name}")`);
    }
    const byEntrant = (v, n) => players.find((p) => p.id === v.entrants.find((e) => e.entrant === n).player_id);
    // A pupil's own device: the profile noted as joined from it, so its page offers "Play my game".
    const seatedDevice = async (who) => {
      const page = await newPage();
      await page.goto(base + '/players');
      await page.evaluate(([k, pid]) => localStorage.setItem(k, JSON.stringify([pid])), ['qi.tournament.' + id, who.id]);
      return { ...who, page };
    };
    const nameOf = (v, n) => v.entrants.find((e) => e.entrant === n).name;
    const startRound = async (r) => {
      await org.waitForSelector('#t-start-round', { timeout: 15000 });
      await org.click('#t-start-round');
      await org.waitForFunction((n) => document.getElementById('t-round-title')?.textContent.includes('Round ' + n), r);
      return tournamentView(org, id);
    };
    const enter = async (board, result) => {
      await org.selectOption(`.current-round select.result-entry[data-board="${board}"]`, result);
      await org.waitForFunction((n) => !document.querySelector(`.current-round tr[data-board="${n}"] td.result`)?.textContent.includes('in play'), board);
    };
    const number = (n) => String(Math.round(n * 100) / 100);
    const signed = (n) => (n > 0 ? '+' + number(n) : n < 0 ? '−' + number(-n) : '0');
    // The group tables shown, cell by cell, against the view's groups.
    const groupTablesMatch = async (v) => {
      await org.waitForFunction((version) => document.getElementById('page').dataset.version === String(version), v.version, { timeout: 10000 });
      const netIsTieBreak = v.tie_breaks.some((c) => c.toLowerCase() === 'net');
      const tables = await org.$$eval('section.group-table', (all) => all.map((s) => ({ group: s.dataset.group,
        rows: [...s.querySelectorAll('tbody tr')].map((r) => ({ through: r.classList.contains('qualified'), cells: [...r.cells].map((c) => c.textContent) })) })));
      const expected = v.group_tables.map((g) => ({ group: g.name, rows: g.standings.map((s) => ({ through: g.qualified.includes(s.entrant),
        cells: [String(s.rank), s.name, s.points_text, String(s.wins), String(s.draws), String(s.losses),
          // Net games are the NET tie-break's column when it is one, signed.
          ...(netIsTieBreak ? [] : [signed(s.net)]), ...s.tie_breaks.map((x, i) => (v.tie_breaks[i].toLowerCase() === 'net' ? signed(x) : number(x)))] })) }));
      expect(JSON.stringify(tables) === JSON.stringify(expected), `the group tables shown are the server's:\n${JSON.stringify(tables)}\n${JSON.stringify(expected)}`);
      return tables;
    };

    // The groups' games: the better starting rank wins, but for 6 v 7, drawn;
    // by serpentine seeding group A holds 1, 4, 5, 8 and group B 2, 3, 6, 7,
    // so 1 and 4 go through from A, 2 and 3 from B.
    const groupResult = (b) => (Math.min(b.first, b.second) === 6 && Math.max(b.first, b.second) === 7 ? '1/2-1/2' : b.first < b.second ? '1-0' : '0-1');
    // The organiser's page on a desktop and a phone, in English and Chinese (its size and language changed: no
    // new login), whole and from `top` down: no sideways scrolling, fingers' targets of 40 px on the phone.
    const shotsAround = async (what, ready, top, more) => {
      for (const [w, hgt, tag] of [[1280, 800, 'desktop'], [390, 844, 'phone']]) for (const lang of ['en', 'zh']) {
        await org.setViewportSize({ width: w, height: hgt });
        await org.evaluate((l) => localStorage.setItem('qi.lang', l), lang);
        await org.goto(base + url);
        await org.waitForSelector(ready);
        const width = await org.evaluate(() => document.documentElement.scrollWidth);
        expect(width <= w, `no sideways scrolling (${what}, ${tag}, ${lang}): ${width}`);
        if (tag === 'phone') {
          const small = await org.$$eval('#page button, #page select, #page input, #page a', (all) => all
            .filter((e) => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 40).map((e) => e.outerHTML.slice(0, 60)));
          expect(small.length === 0, 'touch targets of 40 px on a phone: ' + small.join(' | '));
        }
        await more(org, tag, lang);
        await org.screenshot({ path: join(shots, `tournament-groups-${what}-${tag}-${lang}.png`), fullPage: true });
        await org.evaluate((x) => window.scrollTo(0, document.getElementById(x).offsetTop - 8), top);
        await org.screenshot({ path: join(shots, `tournament-groups-${what}-top-${tag}-${lang}.png`) });
      }
      await org.setViewportSize({ width: 1280, height: 860 });
      await org.evaluate(() => localStorage.setItem('qi.lang', 'en'));
      await org.goto(base + url);
      await org.waitForSelector(ready);
    };

    // Group round 1: entrant 1's game played between two devices by clicks (the loser resigns); the others entered by the organiser.
    let v = await startRound(1);
    expect(JSON.stringify(v.group_tables.map((g) => [...g.entrants].sort((x, y) => x - y))) === '[[1,4,5,8],[2,3,6,7]]' && v.rounds[0].boards.every((b) => b.group >= 1),
      'two groups of four by serpentine seeding, each board with its group: ' + JSON.stringify(v.group_tables.map((g) => g.entrants)));
    const labels = await org.$$eval('.current-round tr.board-row td.group', (l) => l.map((e) => e.textContent));
    expect(labels.join() === v.rounds[0].boards.map((b) => v.group_tables[b.group - 1].name).join(), 'each pairing labelled with its group: ' + labels.join());
    const played = v.rounds[0].boards.find((b) => b.first === 1 || b.second === 1);
    const red = await seatedDevice(byEntrant(v, played.first));
    const black = await seatedDevice(byEntrant(v, played.second));
    for (const p of [red, black]) {
      await p.page.goto(base + url);
      await p.page.waitForSelector('.play-my-game', { timeout: 15000 });
      await p.page.click('.play-my-game');
      await p.page.waitForFunction(() => window.qi.view() !== null && location.pathname.startsWith('/game/'));
    }
    expect(await red.page.evaluate(() => window.qi.view().id) === played.game_id, 'the group game is the one played');
    await clickMove(red.page, 'h2', 'e2');
    await black.page.waitForFunction(() => window.qi.view().moves.length >= 1);
    const loser = played.first === 1 ? black : red;
    if (loser === red) {
      await clickMove(black.page, 'h9', 'g7');
      await red.page.waitForFunction(() => window.qi.view().moves.length >= 2);
    }
    loser.page.once('dialog', (d) => d.accept());
    await loser.page.click('#resign');
    await red.page.waitForFunction(() => window.qi.view().outcome.verdict !== 'ongoing');
    for (const b of v.rounds[0].boards) if (b !== played) await enter(b.board, groupResult(b));
    await org.waitForFunction((n) => !document.querySelector(`.current-round tr[data-board="${n}"] td.result`)?.textContent.includes('in play'), played.board, { timeout: 10000 });
    v = await tournamentView(org, id);
    const playedNow = v.rounds[0].boards.find((b) => b.board === played.board);
    expect(playedNow.result === groupResult(played) && playedNow.result_by === 'game', 'the played game\'s result: ' + JSON.stringify(playedNow));
    await groupTablesMatch(v);
    await red.page.context().close();
    await black.page.context().close();
    // The group stage on a desktop and a phone, in English and Chinese.
    await shotsAround('stage', 'section.group-table', 't-groups-title', async (page, tag, lang) => {
      if (lang === 'zh') expect((await page.textContent('#t-groups-title')) === '小组赛', 'the group stage in Chinese');
    });

    // The rest of the group stage: a round robin of four, twice, is six rounds; the crossover waits for them.
    let round = 1;
    while (!v.bracket.rounds.length && round < 12) {
      v = await startRound(++round);
      for (const b of v.rounds[round - 1].boards) await enter(b.board, groupResult(b));
      v = await tournamentView(org, id);
    }
    expect(round === 6, 'six group rounds: ' + round);
    const [ga, gb] = v.group_tables;
    expect(ga.qualified.join() === '1,4' && gb.qualified.join() === '2,3', 'the groups\' two going through: ' + JSON.stringify(v.group_tables.map((g) => g.qualified)));
    const tables = await groupTablesMatch(v);
    expect(tables.every((g) => g.rows.filter((r) => r.through).length === 2), 'the two going through highlighted');
    // The crossover: 1A v 2B and 1B v 2A, their slots labelled so.
    await org.waitForSelector('#t-bracket .bracket-col[data-round="1"] .slot:not(.empty)');
    const cross = await org.$$eval('#t-bracket .bracket-col[data-round="1"] .match-box', (l) => l.map((m) => [...m.querySelectorAll('.slot')]
      .map((s) => s.querySelector('.seed').textContent + ' ' + s.querySelector('.name').textContent).join(' v ')));
    const want = [`1A ${nameOf(v, ga.qualified[0])} v 2B ${nameOf(v, gb.qualified[1])}`, `1B ${nameOf(v, gb.qualified[0])} v 2A ${nameOf(v, ga.qualified[1])}`];
    expect(JSON.stringify(cross) === JSON.stringify(want), `the crossover: ${JSON.stringify(cross)}, not ${JSON.stringify(want)}`);
    expect(JSON.stringify(v.bracket.rounds[0].matches.map((m) => [m.a, m.b])) === JSON.stringify([[ga.qualified[0], gb.qualified[1]], [gb.qualified[0], ga.qualified[1]]]),
      'the server\'s crossover is 1A-2B, 1B-2A: ' + JSON.stringify(v.bracket.rounds[0]));

    // The knockout: match 1 (1A v 2B) drawn in both games and its armageddon game; match 2 won by 1B; the final won by match 1's winner.
    const oneB = gb.qualified[0];
    let armageddon = null;
    while (v.status !== 'over' && round < 20) {
      v = await startRound(++round);
      const m1 = v.bracket.rounds[0].matches[0];
      for (const b of v.rounds[round - 1].boards) {
        let result;
        if (b.stage === 1 && b.match === 1) {
          result = '1/2-1/2';
          if (m1.stage === 'armageddon') armageddon = b;
        } else if (b.stage === 1) result = b.first === oneB ? '1-0' : '0-1';
        else result = b.first === m1.winner ? '1-0' : '0-1';
        await enter(b.board, result);
      }
      v = await tournamentView(org, id);
    }
    expect(v.status === 'over', 'the event is over: ' + v.status);
    const m1 = v.bracket.rounds[0].matches[0];
    expect(armageddon !== null && m1.decided_by === 'armageddon' && m1.winner === armageddon.second,
      `match 1 level after two games, its armageddon game drawn: the side that moved second through: ${JSON.stringify(m1)}`);
    expect(v.bracket.champion === m1.winner, 'match 1\'s winner is champion: ' + JSON.stringify(v.bracket));
    await org.waitForSelector('#t-placings', { timeout: 10000 });
    await groupTablesMatch(v);
    const champion = nameOf(v, v.bracket.champion);
    expect((await org.textContent('#t-facts')).includes('Champion: ' + champion), 'the status names the champion');
    const places = await org.$$eval('#t-placings li', (l) => l.map((e) => e.querySelector('.place').textContent));
    expect(places.slice(0, 3).join() === '1st,2nd,3rd–4th', 'the placings: ' + places.join());
    expect(await org.$eval('#t-bracket .bracket-col[data-round="1"] .match-box[data-match="1"] .decided-by', (e) => e.textContent) === 'armageddon', 'match 1 marked armageddon');
    expect(await org.$eval('#t-bracket .bracket-col[data-round="2"] .slot.won .name', (e) => e.textContent) === champion, 'the final\'s winner highlighted');
    // Once the groups are over the bracket comes first, the group tables after it.
    const order = await org.evaluate(() => {
      const b = document.getElementById('t-bracket-title'), g = document.getElementById('t-groups-title');
      return b && g ? b.compareDocumentPosition(g) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order !== 0, 'the bracket first once the groups are over');
    console.log(`e2e:   groups-knockout: crossover ${cross.join(' | ')}; armageddon drawn, ${nameOf(v, m1.winner)} (second) through; champion ${champion}`);

    await shotsAround('over', '#t-placings', 't-bracket-title', async () => {});
    await org.context().close();
  });

  // Over the board: a club night whose games are played on real boards. The
  // tournament makes no games; each of the two players reports the result on
  // their own device, and the board has it once both say the same.
  await check('tournament: over the board, a result is the board\'s once both players report the same; while they disagree it waits', async () => {
    const organiser = (await person('Referee')).page;
    const made = await retried(organiser, 'POST', '/api/tournaments', { name: 'Club night', game: 'xiangqi', variant: '',
      format: 'round-robin', over_the_board: true, time_control: { kind: 'unlimited' } });
    expect(made.status === 200 && made.body.over_the_board === true, 'an over-the-board round robin made: ' + made.status);
    const url = base + '/tournaments/' + made.body.id;
    const people = [await person('Qiu'), await person('Rui')];
    const players = people.map((p) => p.page);
    for (const p of people)
      expect((await json(p.page, 'POST', `/api/tournaments/${made.body.id}/join`, { player_id: p.id })).status === 200, `${p.name} joined`);
    expect((await json(organiser, 'POST', `/api/tournaments/${made.body.id}/start-round`, {})).status === 200, 'round 1 paired');
    const board = (await json(organiser, 'GET', `/api/tournaments/${made.body.id}`)).body.rounds[0].boards[0];
    expect(board.game_id === null, 'no game made for a board played over the board');
    const report = async (page, result) => {
      await page.goto(url);
      await page.waitForSelector('select.report-entry');
      await page.selectOption('select.report-entry', result);
      await page.waitForFunction((r) => document.querySelector('.pairings .result')?.textContent.includes(r), result === '1-0' ? '1' : '0');
    };
    await report(players[0], '1-0');
    await report(players[1], '0-1');
    const disputed = (await json(organiser, 'GET', `/api/tournaments/${made.body.id}`)).body.rounds[0].boards[0];
    expect(disputed.result === null && disputed.reports.join() === '1-0,0-1', 'no result while they disagree: ' + JSON.stringify(disputed));
    const shown = await players[1].textContent('.pairings .result');
    expect(shown.includes('1–0') || shown.includes('1-0'), 'both reports shown on the board: ' + shown);
    await players[1].selectOption('select.report-entry', '1-0');
    await players[1].waitForSelector('.pairings .result .note[title]');
    const agreed = (await json(organiser, 'GET', `/api/tournaments/${made.body.id}`)).body;
    expect(agreed.rounds[0].boards[0].result === '1-0' && agreed.rounds[0].boards[0].result_by === 'players' && agreed.status === 'over',
      'the result both reported, and the round robin of two over: ' + JSON.stringify(agreed.rounds[0].boards[0]));
    await players[0].reload();
    await players[0].waitForSelector('.pairings .result');
    expect(!(await players[0].$('select.report-entry')), 'no report is asked once the board has its result');
    for (const page of [organiser, ...players]) await page.context().close();
  });
}
