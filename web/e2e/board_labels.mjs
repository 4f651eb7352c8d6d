// A draughts board read in algebraic notation has its files and ranks named
// on its edges (a-h, 1-8) instead of its squares' numbers, from the
// descriptor: every variant whose notation gives labels is checked, on a
// desktop and a phone, in English and Chinese.

// The helpers of run.mjs: { check, expect, newPage, startGame, shots, base }.
export async function boardLabelChecks(t) {
  const { check, expect, newPage, startGame, shots, base } = t;
  const info = await (await fetch(base + '/api/info')).json();
  const labelled = [];
  for (const g of info.games) for (const v of g.variants) for (const n of v.notations) if (n.labels) labelled.push({ g, v, n });
  await check('board labels: a notation that names files and ranks puts them on the board\'s edges', async () => {
    expect(labelled.length > 0, 'some notation names the board\'s files and ranks (draughts\' algebraic)');
    for (const { g, v, n } of labelled) {
      for (const [width, height, lang] of [[1280, 860, 'en-US'], [390, 844, 'zh-CN']]) {
        const page = await newPage(width, height, lang);
        await startGame(page, { game: g.name, variant: g.variants.length > 1 ? v.name : undefined, opponent: 'human' });
        const numbers = await page.$$eval('#board .sq-num', (e) => e.length);
        await page.selectOption('#notation', n.id);
        const labels = await page.$$eval('#board .coords text', (e) => e.map((x) => x.textContent));
        const expected = [...n.labels.files, ...n.labels.ranks];
        expect(expected.every((l) => labels.includes(l)) && labels.length === expected.length,
          `${v.name} in ${n.id}: the edges read ${labels.join(' ')}, not ${expected.join(' ')}`);
        expect(await page.$$eval('#board .sq-num', (e) => e.length) === 0, 'the squares\' numbers give way to the edges\' names');
        // Each file's letter stands under its squares: a square of the first file is above "a".
        const aligned = await page.evaluate(([files, squares]) => {
          const svg = document.querySelector('#board svg');
          const label = [...svg.querySelectorAll('.coords text')].find((e) => e.textContent === files[0]);
          const square = squares.find((s) => s.x === 0);
          const [x] = window.qi.centre(square.key);
          const r = label.getBoundingClientRect();
          return Math.abs(r.left + r.width / 2 - x) < r.width + 4;
        }, [n.labels.files, v.board.squares]);
        expect(aligned, 'the first file\'s letter stands under the first file');
        await page.screenshot({ path: `${shots}/labels-${v.name}-${lang.slice(0, 2)}-${width}.png` });
        // The notation with numbers brings the numbers back.
        await page.selectOption('#notation', v.notations.find((x) => !x.labels).id);
        expect(await page.$$eval('#board .sq-num', (e) => e.length) === numbers, 'the numbers are back with PDN');
        await page.context().close();
      }
    }
  });
}
