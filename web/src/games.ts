// What the page needs to know of each game to draw it: the board's shape,
// the pieces in a FEN, the squares a move names. The rules stay on the
// server; only geometry lives here (a draughts move's landing squares come
// from the server too, as the move's path).

export interface Piece { side: 0 | 1; type: string; king?: boolean }
export interface MoveRef { id: string; path?: string[] }
export interface MoveSquares { from: string; to: string; promotion?: string; path: string[] }

export interface GameGeometry {
  name: string;
  cols: number;
  rows: number;
  points: boolean;  // pieces on intersections (xiangqi) rather than in squares
  // The square at column x (0 = left) and row y (0 = bottom), board not flipped.
  keyAt(x: number, y: number): string | null;
  xyOf(key: string): [number, number];
  pieces(fen: string): Map<string, Piece>;
  // The squares of a move: from its id, or for draughts from the path the
  // server sends with it (every square the piece stands on), since a capture's
  // id may be short ("9x27").
  move(m: MoveRef): MoveSquares;
  // Which side is at the bottom when not flipped.
  bottomSide: 0 | 1;
}

const files = 'abcdefghij';

function gridPieces(fen: string, cols: number, rows: number, key: (x: number, y: number) => string) {
  const out = new Map<string, Piece>();
  const ranks = fen.split(' ')[0].split('/');
  ranks.forEach((rank, i) => {
    let x = 0;
    const y = rows - 1 - i;
    for (const c of rank) {
      if (/\d/.test(c)) { x += Number(c); continue; }
      if (c === '.') { x++; continue; }
      if (x < cols) out.set(key(x, y), { side: c === c.toUpperCase() ? 0 : 1, type: c.toLowerCase() });
      x++;
    }
  });
  return out;
}

const chess: GameGeometry = {
  name: 'chess', cols: 8, rows: 8, points: false, bottomSide: 0,
  keyAt: (x, y) => files[x] + (y + 1),
  xyOf: (k) => [files.indexOf(k[0]), Number(k.slice(1)) - 1],
  pieces: (fen) => gridPieces(fen, 8, 8, (x, y) => files[x] + (y + 1)),
  move: ({ id }) => ({ from: id.slice(0, 2), to: id.slice(2, 4), promotion: id[4], path: [id.slice(2, 4)] }),
};

const xiangqi: GameGeometry = {
  name: 'xiangqi', cols: 9, rows: 10, points: true, bottomSide: 0,
  keyAt: (x, y) => files[x] + y,
  xyOf: (k) => [files.indexOf(k[0]), Number(k.slice(1))],
  pieces: (fen) => gridPieces(fen, 9, 10, (x, y) => files[x] + y),
  move: ({ id }) => ({ from: id.slice(0, 2), to: id.slice(2, 4), path: [id.slice(2, 4)] }),
};

const tictactoe: GameGeometry = {
  name: 'tictactoe', cols: 3, rows: 3, points: false, bottomSide: 0,
  keyAt: (x, y) => files[x] + (y + 1),
  xyOf: (k) => [files.indexOf(k[0]), Number(k.slice(1)) - 1],
  pieces: (fen) => {
    const out = gridPieces(fen, 3, 3, (x, y) => files[x] + (y + 1));
    for (const p of out.values()) p.side = p.type === 'x' ? 0 : 1;
    return out;
  },
  move: ({ id }) => ({ from: id, to: id, path: [id] }),
};

// Draughts boards: the dark squares numbered 1.. from the top row, left to
// right, with White at the bottom (a1 is dark and carries the first number of
// the bottom row).
function draughts(size: number, blackFirst: boolean): GameGeometry {
  const perRow = size / 2;
  const keyAt = (x: number, y: number): string | null => {
    const row = size - 1 - y;  // 0 = top
    const dark = (x + y) % 2 === 0;
    if (!dark) return null;
    return String(row * perRow + Math.floor(x / 2) + 1);
  };
  const xyOf = (k: string): [number, number] => {
    const n = Number(k) - 1;
    const row = Math.floor(n / perRow);
    const y = size - 1 - row;
    const x = (n % perRow) * 2 + (y % 2 === 0 ? 0 : 1);
    return [x, y];
  };
  return {
    name: 'checkers', cols: size, rows: size, points: false, bottomSide: 0, keyAt, xyOf,
    pieces: (fen) => draughtsPieces(fen, blackFirst),
    move: ({ id, path }) => {
      const squares = path && path.length >= 2 ? path : id.split(/[-x:]/);
      return { from: squares[0], to: squares[squares.length - 1], path: squares.slice(1) };
    },
  };
}


function draughtsPieces(fen: string, blackFirst: boolean): Map<string, Piece> {
  const out = new Map<string, Piece>();
  for (const part of fen.split(':').slice(1)) {
    const side: 0 | 1 = (part[0] === 'B') === blackFirst ? 0 : 1;
    for (let item of part.slice(1).split(',')) {
      item = item.trim();
      if (!item) continue;
      const king = item[0] === 'K';
      if (king) item = item.slice(1);
      const [a, b] = item.split('-').map(Number);
      for (let n = a; n <= (b || a); n++) out.set(String(n), { side, type: king ? 'k' : 'm', king: !!king });
    }
  }
  return out;
}

export function geometryFor(game: string, variant: string): GameGeometry {
  if (game === 'chess') return chess;
  if (game === 'xiangqi') return xiangqi;
  if (game === 'tictactoe') return tictactoe;
  return draughts(variant === 'international' ? 10 : 8, variant === 'english' || variant === '');
}

// The names of the two sides, first mover first (English checkers: Black moves first).
export function sideNames(game: string, variant: string): [string, string] {
  if (game === 'chess') return ['White', 'Black'];
  if (game === 'xiangqi') return ['Red', 'Black'];
  if (game === 'tictactoe') return ['X', 'O'];
  return firstSideIsDark(game, variant) ? ['Black', 'White'] : ['White', 'Black'];
}

// The side each colour letter plays: English checkers' first mover is Black.
export function firstSideIsDark(game: string, variant: string) { return game === 'checkers' && (variant === 'english' || variant === ''); }

// Chinese move text to WXF ("炮二平五" -> "C2.5").
const wxfPiece: Record<string, string> = { 车: 'R', 車: 'R', 马: 'H', 馬: 'H', 炮: 'C', 砲: 'C', 相: 'E', 象: 'E', 仕: 'A', 士: 'A', 帅: 'K', 将: 'K', 兵: 'P', 卒: 'P' };
const digits: Record<string, string> = { 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9' };
export function chineseToWxf(text: string): string {
  let out = '';
  for (const ch of text) {
    if (wxfPiece[ch]) out += wxfPiece[ch];
    else if (digits[ch]) out += digits[ch];
    else if (ch >= '１' && ch <= '９') out += String.fromCharCode(ch.charCodeAt(0) - 0xff10 + 48);
    else if (/[1-9]/.test(ch)) out += ch;
    else if (ch === '进') out += '+';
    else if (ch === '退') out += '-';
    else if (ch === '平') out += '.';
    else if (ch === '前') out += '+';
    else if (ch === '后') out += '-';
    else if (ch === '中') out += '.';
  }
  // Tandem pieces are written "+R1" in Chinese order; WXF puts the piece first.
  return out.replace(/^([+\-.])([A-Z])/, '$2$1');
}

// Piece names drawn on the board.
export const chessGlyph: Record<string, string> = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
export const xiangqiGlyph: Record<string, [string, string]> = {
  k: ['帅', '将'], a: ['仕', '士'], b: ['相', '象'], e: ['相', '象'], n: ['马', '马'], h: ['马', '马'],
  r: ['车', '车'], c: ['炮', '炮'], p: ['兵', '卒'],
};
export const xiangqiLetter: Record<string, string> = { k: 'K', a: 'A', b: 'E', e: 'E', n: 'H', h: 'H', r: 'R', c: 'C', p: 'P' };
