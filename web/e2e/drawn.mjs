// The board as drawn, not as DOM: for every game and variant the server
// lists, a real screenshot of its board (its start, or the first position
// where both sides have a piece) is compared pixel by pixel with the same
// board drawn without its pieces. The pixels a piece changes are its drawing;
// the check fails when a piece changes too little of its square (it would be
// lost on it) or when the two sides' pieces are drawn in colours too alike to
// tell apart (English checkers once drew both sides black: the DOM said
// "light", the cascade drew dark).
import { PNG } from 'pngjs';
import { join } from 'node:path';

// A pixel belongs to a piece's drawing when it differs from the bare board by
// more than this (RGB distance, 0-441).
const CHANGED = 48;
// Each piece must change at least this share of the box around it (a
// tic-tac-toe mark, the thinnest drawing, changes 9 %; a piece drawn in its
// square's colour, none).
const MIN_PIECE_SHARE = 0.04;
// The two sides' colours (their pixels' histograms, 8 levels a channel) must
// differ by at least this total-variation distance (0: the same colours, 1:
// no colour in common). Xiangqi's red and black characters on the same discs
// are 0.24 apart, chess's figures 0.75, draughts' men and tic-tac-toe's marks
// 1.0; pieces of one palette whose shapes differ, under 0.05.
const MIN_SIDES_APART = 0.15;

const decode = (buffer) => PNG.sync.read(buffer);
const bin = (r, g, b) => ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);

// The pixels of a square box centred on (cx, cy) that the piece changed, as
// a histogram of their colours, and the share of the box they fill.
function pieceDrawing(withPieces, bare, cx, cy, half) {
  const histogram = new Float64Array(512);
  let changed = 0, total = 0, sum = [0, 0, 0];
  for (let y = Math.max(0, Math.round(cy - half)); y < Math.min(bare.height, Math.round(cy + half)); y++) {
    for (let x = Math.max(0, Math.round(cx - half)); x < Math.min(bare.width, Math.round(cx + half)); x++) {
      const i = (y * bare.width + x) * 4;
      const [r, g, b] = [withPieces.data[i], withPieces.data[i + 1], withPieces.data[i + 2]];
      const d = Math.hypot(r - bare.data[i], g - bare.data[i + 1], b - bare.data[i + 2]);
      total++;
      if (d <= CHANGED) continue;
      changed++;
      histogram[bin(r, g, b)]++;
      sum = [sum[0] + r, sum[1] + g, sum[2] + b];
    }
  }
  return { histogram, changed, share: total ? changed / total : 0, mean: sum.map((s) => Math.round(s / Math.max(1, changed))) };
}

function totalVariation(a, b) {
  const na = a.reduce((s, v) => s + v, 0) || 1, nb = b.reduce((s, v) => s + v, 0) || 1;
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i] / na - b[i] / nb);
  return d / 2;
}

// The pieces of each side on a board string, by the descriptor's pieces.
function sidesOn(board, v) {
  const out = { first: [], second: [] };
  [...board].forEach((code, i) => {
    const look = v.pieces.find((p) => p.code === code);
    if (code !== '.' && look && i < v.board.squares.length) out[look.side].push(v.board.squares[i].key);
  });
  return out;
}

const post = (base, path, body) => fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  .then(async (r) => { const j = await r.json(); if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`); return j; });

// A game between two people at the start; its first legal moves played until
// each side has a piece on the board (a game whose pieces are placed, as
// tic-tac-toe's, starts empty).
async function positionWithBothSides(base, g, v) {
  let game = await post(base, '/api/games', { game: g.name, variant: v.name, seats: [{ kind: 'human' }, { kind: 'human' }] });
  const tokens = game.tokens;
  for (let ply = 0; ply < 8; ply++) {
    const sides = sidesOn(game.boards[game.boards.length - 1], v);
    if (sides.first.length && sides.second.length) break;
    if (game.outcome.verdict !== 'ongoing' || !game.legal_moves.length) break;
    game = await post(base, `/api/games/${game.id}/move`, { token: tokens[game.side_to_move], move: game.legal_moves[0].id });
  }
  return game;
}

// The helpers of run.mjs: { check, expect, newPage, shots }.
export async function drawnChecks(t, server, label) {
  const { check, expect, newPage, shots } = t;
  const info = await (await fetch(server.base + '/api/info')).json();
  for (const g of info.games) for (const v of g.variants) {
    const name = [g.name, v.name].filter(Boolean).join(' ');
    await check(`${label}: ${name}: the two sides' pieces are drawn apart, and each stands out from its square`, async () => {
      const game = await positionWithBothSides(server.base, g, v);
      const board = game.boards[game.boards.length - 1];
      const sides = sidesOn(board, v);
      expect(sides.first.length && sides.second.length, `a position with both sides' pieces: ${board}`);
      const page = await newPage();
      await page.goto(`${server.base}/game/${game.id}`);
      await page.waitForFunction(([id, n]) => window.qi.view()?.id === id && document.querySelectorAll('#board g.piece').length === n,
        [game.id, sides.first.length + sides.second.length]);
      const svg = page.locator('#board svg');
      const withPieces = decode(await svg.screenshot());
      const hide = await page.addStyleTag({ content: '#board g.piece { visibility: hidden !important; }' });
      const bare = decode(await svg.screenshot());
      await hide.evaluate((e) => e.remove());
      await svg.screenshot({ path: join(shots, `drawn-${[g.name, v.name].filter(Boolean).join('-')}.png`) });
      // Each square's centre in the screenshot's pixels, and a cell's size.
      const geometry = await page.evaluate((keys) => {
        const r = document.querySelector('#board svg').getBoundingClientRect();
        const cell = (r.width / document.querySelector('#board svg').viewBox.baseVal.width) * 60;
        return { cell, centres: keys.map((k) => { const [x, y] = window.qi.centre(k); return [x - r.left, y - r.top]; }) };
      }, [...sides.first, ...sides.second]);
      const half = geometry.cell * 0.45;
      const drawn = { first: [], second: [] };
      let at = 0;
      for (const side of ['first', 'second']) for (const key of sides[side]) {
        const [cx, cy] = geometry.centres[at++];
        const d = pieceDrawing(withPieces, bare, cx, cy, half);
        expect(d.share >= MIN_PIECE_SHARE, `the ${side} side's piece on ${key} is lost on its square: it changes ${(d.share * 100).toFixed(1)} % of it`);
        drawn[side].push(d);
      }
      const merged = (list) => list.reduce((h, d) => { d.histogram.forEach((n, i) => { h[i] += n; }); return h; }, new Float64Array(512));
      const apart = totalVariation(merged(drawn.first), merged(drawn.second));
      const mean = (list) => list[0].mean.join(',');
      console.log(`e2e:   ${label} ${name}: sides apart ${apart.toFixed(2)} (first rgb ${mean(drawn.first)}, second rgb ${mean(drawn.second)}); ` +
        `least share of a square ${(Math.min(...[...drawn.first, ...drawn.second].map((d) => d.share)) * 100).toFixed(0)} %`);
      expect(apart >= MIN_SIDES_APART, `the two sides' pieces look alike: colour distance ${apart.toFixed(2)} < ${MIN_SIDES_APART} ` +
        `(first rgb ${mean(drawn.first)}, second rgb ${mean(drawn.second)})`);
      await page.context().close();
    });
  }
}
