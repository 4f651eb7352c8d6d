// End-to-end check of Chess960 in the page: a game starts from one of the
// 960 start positions (the server's random choice, or the number asked for
// in the new-game dialog), and castles by clicking the king and then its
// rook, or the king and then the square it lands on, as lichess allows.
import { join } from 'node:path';

// The first rank of a board string (cells a1, b1, ... in the descriptor's
// order) is a Chess960 start: the king between the rooks, the bishops on
// squares of both colours, Black's pieces mirroring White's.
function isChess960Start(board) {
  const white = board.slice(0, 8), black = board.slice(56, 64);
  const sorted = (s) => [...s].sort().join('');
  const b1 = white.indexOf('B'), b2 = white.lastIndexOf('B'), k = white.indexOf('K');
  return sorted(white) === sorted('RNBQKBNR') && black === white.toLowerCase() && b1 % 2 !== b2 % 2 &&
    white.indexOf('R') < k && k < white.lastIndexOf('R');
}

// The page's helpers from run.mjs: { check, expect, newPage, startGame, view, clickSquare, waitPlies, shots }.
export async function chess960Checks(t) {
  const { check, expect, newPage, startGame, view, clickSquare, waitPlies, shots } = t;

  await check('chess960: a random start, a numbered start, castling by the king then its rook or its square', async () => {
    const page = await newPage();
    await startGame(page, { game: 'chess', variant: 'chess960', opponent: 'human' });
    let v = await view(page);
    expect(v.variant === 'chess960', 'a Chess960 game: ' + v.variant);
    expect(isChess960Start(v.boards[0]), 'a Chess960 start position: ' + v.boards[0].slice(0, 8));
    console.log(`e2e:   the server's random Chess960 start: ${v.boards[0].slice(0, 8)}`);

    await startGame(page, { game: 'chess', variant: 'chess960', opponent: 'human', start: '0' });
    v = await view(page);
    expect(v.boards[0].slice(0, 8) === 'BBQNNRKR', 'start 0 is BBQNNRKR: ' + v.boards[0].slice(0, 8));

    // The king on b1 castles with the rook on h1 (a click on the rook), then
    // Black's king on b8 castles by a click on g8, its square after castling.
    await startGame(page, { game: 'chess', variant: 'chess960', opponent: 'human', fen: 'rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1' });
    await clickSquare(page, 'b1');
    await clickSquare(page, 'h1');
    await waitPlies(page, 1);
    v = await view(page);
    expect(v.moves[0].id === 'b1h1', 'castled by the king taking its rook: ' + v.moves[0].id);
    let board = v.boards[v.boards.length - 1];
    expect(board.slice(0, 8) === 'R....RK.', 'the king on g1, the rook on f1: ' + board.slice(0, 8));
    await clickSquare(page, 'b8');
    await clickSquare(page, 'g8');
    await waitPlies(page, 2);
    v = await view(page);
    expect(v.moves[1].id === 'b8h8', 'castled by the king\'s square: ' + v.moves[1].id);
    board = v.boards[v.boards.length - 1];
    expect(board.slice(56, 64) === 'r....rk.', 'the king on g8, the rook on f8: ' + board.slice(56, 64));
    await page.screenshot({ path: join(shots, 'chess960-castled.png') });
    await page.context().close();
  });
}
