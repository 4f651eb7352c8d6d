// A review explains the move clicked, not the one after it: its text names
// that move, its mark and the engine's choice in its place, whose arrow is
// drawn; and every move it names is in the notation the reader chose.

// The helpers of run.mjs: { check, expect, newPage, startGame, view, shots }.
export async function reviewChecks(t) {
  const { check, expect, newPage, startGame, view, shots } = t;
  const reviewOf = (page) => page.evaluate(() => fetch(`/api/games/${window.qi.view().id}/review`).then((r) => r.json()));
  const openReview = async (page) => {
    await page.click('#review');
    await page.waitForSelector('#eval-graph circle.eval-dot', { state: 'attached', timeout: 60000 });
  };

  await check('review: a marked move explains itself: its own mark, the engine\'s choice in its place and that choice\'s arrow', async () => {
    const page = await newPage();
    await startGame(page, { game: 'chess', opponent: 'human', record: '[Event "Fool"]\n\n1. f3 e5 2. g4 Qh4# 0-1' });
    await openReview(page);
    const review = await reviewOf(page);
    const v = await view(page);
    const marked = await page.$$eval('#moves li', (items) => items.filter((li) => li.querySelector('.judgement')).map((li) => Number(li.dataset.ply)));
    expect(marked.length > 0, 'a move is marked');
    for (const i of marked) {
      await page.click(`#moves li[data-ply="${i}"]`);
      const text = await page.textContent('#review-text');
      const entry = review.plies[i + 1];
      const played = v.moves[i].display;
      const number = `${Math.floor(i / 2) + 1}${i % 2 === 0 ? '.' : '…'}`;
      console.log(`e2e:   review of ${number} ${played}: "${text}"`);
      expect(text.includes(`Played: ${number} ${played}`), `the clicked move ${number} ${played} is the one explained: ${text}`);
      expect(text.includes(entry.mark), `its own mark ${entry.mark}: ${text}`);
      const better = entry.better ?? (review.plies[i].best !== v.moves[i].id ? { squares: review.plies[i].best_squares, display: review.plies[i].best_display } : null);
      if (better) {
        expect(text.includes(`Best: ${better.notations?.san ?? better.display}`), `the engine's choice in its place: ${text}`);
        const arrow = await page.getAttribute('#board polyline.arrow.best', 'data-squares').catch(() => null);
        expect(arrow === better.squares.join(' '), `the arrow is that choice's (${better.squares.join(' ')}), not the next move's: ${arrow}`);
      }
    }
    await page.click(`#moves li[data-ply="${marked[0]}"]`);
    await page.screenshot({ path: `${shots}/review-explains.png` });
    await page.context().close();
  });

  await check('review: xiangqi with WXF chosen names every move in WXF', async () => {
    for (const [width, height, lang] of [[1280, 860, 'en-US'], [390, 844, 'zh-CN']]) {
      const page = await newPage(width, height, lang);
      await startGame(page, { game: 'xiangqi', opponent: 'human', record: '[Game "Chinese Chess"]\n\n1. h2e2 h9g7 2. h0g2 e9e8 3. b0c2 e8e7 *' });
      await page.selectOption('#notation', 'wxf');
      await openReview(page);
      const review = await reviewOf(page);
      const v = await view(page);
      for (const i of [1, 3, 5]) {
        await page.click(`#moves li[data-ply="${i}"]`);
        const text = await page.textContent('#review-text');
        const entry = review.plies[i + 1];
        console.log(`e2e:   xiangqi review (${lang}) of move ${i + 1}: "${text}"`);
        expect(text.includes(v.moves[i].notations.wxf), `the move played in WXF (${v.moves[i].notations.wxf}): ${text}`);
        if (entry.better) expect(text.includes(entry.better.notations.wxf), `the engine's choice in WXF (${entry.better.notations.wxf}): ${text}`);
        // Chinese notation always moves 进, 退 or 平 (no word of the page's has them); ICCS is h2e2.
        expect(!/[进退平]|[a-i][0-9][a-i][0-9]/.test(text), `no Chinese or ICCS move beside the WXF ones: ${text}`);
      }
      await page.screenshot({ path: `${shots}/review-xiangqi-wxf-${lang.slice(0, 2)}-${width}.png` });
      await page.context().close();
    }
  });
}
