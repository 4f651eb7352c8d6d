// End-to-end checks of Learn, as a child uses it: for each game, its first
// stage finished by clicking the board (tic-tac-toe's on a phone), a move the
// rules refuse clicked and explained in red, every step's stars earned and
// drawn, the stage shown complete on the map, and kept over a reload. The
// lessons and their solutions come from the server (GET /api/lessons): the
// checks know no game.
import { join } from 'node:path';

// A refused move's squares from its text: "a0b1", "e2e4", "11-15", "b2".
function squaresOf(move) {
  if (/[-x]/.test(move)) return move.split(/[-x]/);
  const m = move.match(/^([a-z]\d+)([a-z]\d+)$/);
  return m ? [m[1], m[2]] : [move];
}

export async function learnChecks({ check, expect, newPage, base, shots }) {
  const { courses } = await (await fetch(base + '/api/lessons')).json();
  const serverInfo = await (await fetch(base + '/api/info')).json();
  // Each game's first course (its default variant's when it has one).
  const firsts = serverInfo.games.map((g) => courses.find((c) => c.game === g.name && c.variant === '') ?? courses.find((c) => c.game === g.name)).filter(Boolean);
  expect(firsts.length >= 4, `every game has lessons: ${firsts.map((c) => c.game).join(', ')}`);
  const state = (page) => page.evaluate(() => window.qi.lesson.state());
  async function clickSquare(page, key) {
    const [x, y] = await page.evaluate((k) => window.qi.lesson.centre(k), key);
    await page.mouse.click(x, y);
  }
  // The colour an element is drawn in, as [r, g, b].
  const colourOf = (page, selector, property = 'color') => page.$eval(selector, (e, p) => getComputedStyle(e)[p].match(/\d+/g).slice(0, 3).map(Number), property);

  // The learner's moves of a step's solution, by clicking their squares; each waits for the server's answer.
  async function playLine(page, step) {
    const line = step.goal === 'stars' ? step.solution : step.solution.filter((_, i) => i % 2 === 0);
    for (const id of line) {
      const s = await state(page);
      const move = s.position.legal_moves.find((m) => m.id === id);
      expect(move, `${step.id}: the solution's move ${id} is legal on the page`);
      for (const key of move.squares) await clickSquare(page, key);
      const chooser = await page.$(`.chooser button[data-move="${id}"]`);
      if (chooser) await chooser.click();
      await page.waitForFunction(([n, m]) => { const t = window.qi.lesson.state(); return t.moves.length > n || t.position.done || t.misses > m; }, [s.moves.length, s.misses]);
    }
  }

  for (const course of firsts) {
    const phone = course.game === firsts[firsts.length - 1].game;
    const stage = course.stages[0];
    const label = [course.game, course.variant].filter(Boolean).join(' ');
    await check(`learn: ${label}: stage "${stage.en}" finished by clicks${phone ? ' on a phone' : ''}, a refused move explained, stars earned and kept over a reload`, async () => {
      const page = await newPage(phone ? 390 : 1280, phone ? 844 : 860);
      await page.goto(`${base}/learn/${course.game}`);
      const card = `.learn-course[data-variant="${course.variant}"] a[data-stage="${stage.id}"]`;
      await page.waitForSelector(card);
      expect(!(await page.$eval(card, (e) => e.classList.contains('complete'))), 'the stage is not complete at first');
      await page.click(card);
      let explained = false;
      for (const step of stage.steps) {
        await page.waitForFunction((id) => window.qi.lesson?.state().step === id && !!window.qi.lesson.state().position, step.id);
        const goal = await page.textContent('#learn-goal');
        expect(goal === step.en, `the step's goal in words: ${goal}`);
        // Stars to visit are drawn, in gold.
        const drawn = await page.$$eval('#learn-board .goal-star', (e) => e.map((s) => s.dataset.key));
        expect(drawn.length === step.stars.length && step.stars.every((k) => drawn.includes(k)), `the stars drawn: ${drawn} for ${step.stars}`);
        if (drawn.length) {
          const [r, g, b] = await colourOf(page, '#learn-board .goal-star', 'fill');
          expect(r > 200 && g > 150 && b < 100, `a star is drawn gold: rgb(${r}, ${g}, ${b})`);
        }
        // A move the rules refuse, clicked: the rule's words, in red, and the board unchanged.
        if (!explained && step.refused.length) {
          const before = await state(page);
          for (const key of squaresOf(step.refused[0])) await clickSquare(page, key);
          await page.waitForFunction((n) => window.qi.lesson.state().misses > n, before.misses);  // the server's answer came
          expect((await page.textContent('#learn-message.error')).length > 0, 'the refusal in words');
          const [r, g, b] = await colourOf(page, '#learn-message');
          expect(r > 200 && g < 180 && b < 180, `the refusal is red: rgb(${r}, ${g}, ${b})`);
          expect((await state(page)).position.cells === before.position.cells, 'a refused move changes nothing');
          await page.screenshot({ path: join(shots, `learn-refused-${course.game}.png`), fullPage: true });
          explained = true;
        }
        await playLine(page, step);
        const done = await state(page);
        expect(done.position.done && done.earned === 3, `the step done with three stars: ${JSON.stringify({ done: done.position.done, earned: done.earned })}`);
        await page.waitForSelector('#learn-earned:not([hidden]) .star-row[data-stars="3"]');
        const [r, g, b] = await colourOf(page, '#learn-earned .star.full');
        expect(r > 200 && g > 150 && b < 120, `the stars earned are drawn gold: rgb(${r}, ${g}, ${b})`);
        if (step === stage.steps[0]) await page.screenshot({ path: join(shots, `learn-done-${course.game}.png`), fullPage: true });
        await page.click('#learn-next');
      }
      expect(explained, 'the stage has a refused move to explain');
      await page.goto(`${base}/learn/${course.game}`);
      await page.waitForSelector(card);
      expect(await page.$eval(card, (e) => e.classList.contains('complete')), 'the map shows the stage complete');
      await page.reload();
      await page.waitForSelector(card);
      expect(await page.$eval(card, (e) => e.classList.contains('complete')), 'the stage is still complete after a reload');
      const stars = await page.$eval(card, (e) => e.querySelector('.learn-stage-stars').textContent);
      expect(stars.startsWith(`★ ${stage.steps.length * 3} `), `all the stage's stars counted: ${stars}`);
      await page.screenshot({ path: join(shots, `learn-map-${course.game}.png`), fullPage: !phone });
      await page.context().close();
    });
  }

  // Two tries that miss the goal (legal moves, each taken back with the reason), then "Show me" plays the
  // solution and gives the board back to the learner. The step: the first capture step of any course whose
  // start has a quiet move (onto an empty square) other than the solution's.
  await check('learn: two tries that miss, each said why; "Show me" plays the solution and the learner tries again', async () => {
    let found = null;
    for (const course of firsts) for (const stage of course.stages) for (const step of stage.steps) {
      if (found || step.goal !== 'capture') continue;
      const start = await (await fetch(base + '/api/lessons/play', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ game: course.game, variant: course.variant, step: step.id, moves: [] }) })).json();
      const info = serverInfo.games.find((g) => g.name === course.game).variants.find((v) => v.name === course.variant) ?? serverInfo.games.find((g) => g.name === course.game).variants[0];
      const keys = info.board.squares.map((q) => q.key);
      const empty = (k) => start.position.cells[keys.indexOf(k)] === '.';
      const quiet = start.position.legal_moves.filter((m) => m.id !== step.solution[0] && m.squares.length === 2 && empty(m.squares[1]));
      if (quiet.length >= 2) found = { course, step, quiet };
    }
    expect(found, 'a capture step with quiet moves');
    const { course, step, quiet } = found;
    const page = await newPage();
    await page.goto(base + (course.variant ? `/learn/${course.game}/${course.variant}/${step.id}` : `/learn/${course.game}/${step.id}`));
    await page.waitForFunction(() => !!window.qi.lesson?.state().position);
    expect(!(await page.$('#learn-show')), 'no "Show me" before a try');
    for (const [i, move] of quiet.slice(0, 2).entries()) {
      for (const key of move.squares) await clickSquare(page, key);
      await page.waitForFunction((n) => window.qi.lesson.state().misses > n, i);
      const s = await state(page);
      expect(s.moves.length === 0 && !s.position.done, 'a missed move is taken back');
      expect((await page.textContent('#learn-message.error')).length > 0, 'the reason it missed, in words');
    }
    await page.click('#learn-show');
    await page.waitForFunction(() => window.qi.lesson.state().showing);
    await page.waitForFunction(() => window.qi.lesson.state().position.done);  // the solution reached the goal
    expect((await state(page)).earned === 0, 'no stars for watching');
    await page.waitForFunction(() => { const s = window.qi.lesson.state(); return !s.showing && !s.position.done && s.moves.length === 0; }, null, { timeout: 20000 });
    await page.screenshot({ path: join(shots, 'learn-show-me.png') });
    await page.context().close();
  });

  // Every step of every course, finished by clicking its solution's squares (and the chooser where a move
  // needs one), going on by "Next": `qi lessons --check` proves the solutions by the rules, this that the
  // page can play each of them.
  await check('learn: every step of every course finished by clicks, with three stars', async () => {
    const page = await newPage();
    const failed = [];
    for (const course of courses) {
      const steps = course.stages.flatMap((stage) => stage.steps);
      await page.goto(base + (course.variant ? `/learn/${course.game}/${course.variant}/${steps[0].id}` : `/learn/${course.game}/${steps[0].id}`));
      for (const step of steps) {
        await page.waitForFunction((id) => window.qi.lesson?.state().step === id && !!window.qi.lesson.state().position, step.id);
        await playLine(page, step);
        const s = await state(page);
        if (!s.position.done || s.earned !== 3) failed.push(`${course.game} ${course.variant} ${step.id}`);
        await page.click('#learn-next');
      }
    }
    expect(failed.length === 0, `steps not finished by clicks: ${failed.join(', ')}`);
    await page.context().close();
  });

  // A profile logged in keeps its stars on the server: done on one device, found on another (a fresh browser
  // logged in as the same profile), and listed on the profile's page.
  await check('learn: a logged-in profile\'s stars are kept by the server and found on another device and on its page', async () => {
    const course = firsts[0], stage = course.stages[0];
    const one = await newPage();
    await one.goto(base + '/learn');
    await one.waitForSelector('.learn-stage-card');
    const me = await one.evaluate(() => fetch('/api/players', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Xiaoyu', password: 'stars-and-moons-9' }) }).then((r) => r.json()));
    if (!me.protected) { console.log('e2e:   logins: not available on this server'); await one.context().close(); return; }
    await one.reload();  // the page learns who is logged in
    await one.waitForSelector('.learn-stage-card');
    await one.click(`.learn-course[data-variant="${course.variant}"] a[data-stage="${stage.id}"]`);
    const step = stage.steps[0];
    await one.waitForFunction((id) => window.qi.lesson?.state().step === id && !!window.qi.lesson.state().position, step.id);
    await playLine(one, step);
    await one.waitForFunction(() => window.qi.lesson.state().earned === 3);
    await one.context().close();

    const two = await newPage();
    await two.goto(base + '/learn');
    await two.waitForSelector('.learn-stage-card');
    await two.evaluate((id) => fetch('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ player_id: id, password: 'stars-and-moons-9' }) }), me.id);
    await two.goto(`${base}/learn/${course.game}`);
    const card = `.learn-course[data-variant="${course.variant}"] a[data-stage="${stage.id}"]`;
    await two.waitForSelector(card);
    const stars = await two.$eval(card, (e) => e.querySelector('.learn-stage-stars').textContent);
    expect(stars.startsWith('★ 3 '), `the stars earned on the other device: ${stars}`);
    await two.goto(`${base}/player/${me.id}`);
    await two.waitForSelector('#lessons-done li');
    const line = await two.textContent('#lessons-done li');
    expect(/1 of \d+ steps, ★ 3/.test(line), `the profile lists the course begun: ${line}`);
    await two.screenshot({ path: join(shots, 'learn-profile.png'), fullPage: true });
    await two.context().close();
  });
}
