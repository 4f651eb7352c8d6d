// The independent side of the comparison: each record of an archive file read
// by a library that is not Qi, and its final position in a normal form that
// Qi's FEN can be put in too. chessops reads chess (PGN, Chess960 included),
// ffish (Fairy-Stockfish) xiangqi in ICCS coordinates, rapid-draughts English
// draughts and draughts (draughts.js) international draughts. ffish also
// reads xiangqi in WXF and Chinese notation (matched against the WXF that
// Fairy-Stockfish writes for each legal move) and WinBoard's xiangqi SAN.
// Nothing here reads Russian or Italian draughts: those records have no
// reference of their own.
import { createRequire } from 'node:module';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { parseUci, makeSquare } from 'chessops/util';
import { parseFen, makeBoardFen } from 'chessops/fen';
import { setupPosition } from 'chessops/variant';
import { EnglishDraughts } from 'rapid-draughts/english';

const require = createRequire(import.meta.url);

// ffish 0.7 is an Emscripten build that fetches its .wasm when fetch exists;
// under Node that fails, so it is loaded with fetch hidden and reads the file.
async function loadFfish() {
  const savedFetch = globalThis.fetch;
  globalThis.fetch = undefined;
  const ffish = require('ffish');
  await new Promise((resolve) => {
    if (ffish.Board) resolve();
    else ffish.onRuntimeInitialized = resolve;
  });
  globalThis.fetch = savedFetch;
  return ffish;
}
let ffishModule;
export async function ready() {
  ffishModule ??= await loadFfish();
}
const Draughts = require('draughts');

// ---- chess ----------------------------------------------------------------

// The normal form of a chess position: board, side to move, the castling
// rights as the rooks' squares (so "KQkq", Shredder and X-FEN agree) and the
// en passant square only when a capture there is legal.
function chessNormal(pos) {
  const rooks = [...pos.castles.castlingRights].map(makeSquare).sort().join(',');
  let ep = '-';
  if (pos.epSquare !== undefined)
    for (const sq of pos.board.pieces(pos.turn, 'pawn'))
      if (pos.dests(sq).has(pos.epSquare)) ep = makeSquare(pos.epSquare);
  return `${makeBoardFen(pos.board)} ${pos.turn[0]} ${rooks || '-'} ${ep}`;
}

export function chessNormalOfFen(fen) {
  const setup = parseFen(fen);
  if (setup.isErr) return undefined;
  const pos = setupPosition('chess', setup.value);
  if (pos.isErr) return undefined;
  return chessNormal(pos.value);
}

// Every record of a PGN text: {number, tags, plies, normal} or {number, error}.
export function readChess(text) {
  const out = [];
  // A backslash in a tag value before anything but a quote or a backslash
  // (PGN's two escapes) is taken as itself, as Qi takes it: chessops would end
  // the record there ([Black "Analysis\ Analyse"] in an archive).
  const escaped = text.replace(/^(\s*\[\w+\s+".*)$/gm, (line) => line.replace(/\\(.)/g, (pair, c) => (c === '"' || c === '\\' ? pair : `\\\\${c}`)));
  parsePgn(escaped).forEach((game, i) => {
    const number = i + 1;
    const tags = Object.fromEntries(game.headers);
    const start = startingPosition(game.headers);
    if (start.isErr) {
      out.push({ number, tags, error: `start position: ${start.error.message}` });
      return;
    }
    const pos = start.value;
    let plies = 0;
    for (const node of game.moves.mainline()) {
      if (['--', 'Z0', '0000', '@@@@'].includes(node.san)) {
        // A null move (ChessBase's Z0, "--"): the side to move passes.
        if (pos.isCheck()) {
          out.push({ number, tags, plies, error: `move ${Math.floor(plies / 2) + 1}: ${node.san}: a null move in check` });
          return;
        }
        if (pos.turn === 'black') ++pos.fullmoves;
        pos.turn = pos.turn === 'white' ? 'black' : 'white';
        pos.epSquare = undefined;
        ++pos.halfmoves;
        ++plies;
        continue;
      }
      const move = parseSan(pos, node.san) ?? parseUci(node.san);
      if (!move || !pos.isLegal(move)) {
        out.push({ number, tags, plies, error: `move ${Math.floor(plies / 2) + 1}: ${node.san}: not legal` });
        return;
      }
      pos.play(move);
      ++plies;
    }
    out.push({ number, tags, plies, normal: chessNormal(pos) });
  });
  return out;
}

// ---- the PGN/PDN skeleton for the other games -------------------------------

// Records as tags and main-line move tokens: comments ({...}, ;...), variations,
// NAGs, move numbers and results taken off. What the libraries without a PGN
// reader of their own are fed.
export function splitRecords(text) {
  const records = [];
  let current;
  // A game's result and the next game's first tag on one line: two records.
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/(1-0|0-1|1\/2-1\/2|2-0|0-2|1-1|\*)[ \t]*(\[\w+\s+")/g, '$1\n\n$2')
    .split(/\r?\n/);
  let movetext = '';
  const finish = () => {
    if (current) {
      current.moves = movesOf(movetext);
      records.push(current);
    }
    current = undefined;
    movetext = '';
  };
  let inComment = false;
  for (const line of lines) {
    if (!inComment && /^\s*\[\s*\w+\s+"/.test(line)) {
      if (current && (current.moves !== undefined || movetext.trim() !== '')) finish();
      current ??= { tags: {} };
      const m = line.match(/^\s*\[\s*(\w+)\s+"(.*)"\s*\]/);
      if (m) current.tags[m[1]] = m[2];
      continue;
    }
    if (!inComment && line.trim() === '' && current && /(^|\s)(1-0|0-1|1\/2-1\/2|2-0|0-2|1-1|0-0|\*)\s*$/.test(movetext)) {
      finish();
      continue;
    }
    if (line.trim() !== '') current ??= { tags: {} };
    movetext += `${line}\n`;
    const opens = (line.match(/\{/g) || []).length;
    const closes = (line.match(/\}/g) || []).length;
    if (opens > closes) inComment = true;
    else if (closes > opens) inComment = false;
  }
  finish();
  return records.map((r, i) => ({ number: i + 1, ...r }));
}

function movesOf(movetext) {
  // "1- 7" and "1 -7": draughts records pad one-digit squares to line up.
  let s = movetext.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ').replace(/(\d)\s*([-x:])\s+(\d)/g, '$1$2$3');
  for (let before = ''; before !== s; ) {
    before = s;
    s = s.replace(/\([^()]*\)/g, ' ');
  }
  const tokens = s
    .split(/\s+/)
    .map((t) => t.replace(/^\d+\.(\.\.)?/, '').replace(/[!?]+$/, ''))
    .filter((t) => t !== '' && !/^\$\d+$/.test(t) && !/^\d*\.+$/.test(t));
  // The result ends the moves: what follows it is no part of the game (some
  // programs write their footer there).
  const end = tokens.findIndex((t) => /^(1-0|0-1|1\/2-1\/2|2-0|0-2|1-1|0-0|\*)$/.test(t));
  return end < 0 ? tokens : tokens.slice(0, end);
}

// ---- xiangqi -----------------------------------------------------------------

// Board and side to move; "w" and "r" both mean Red.
export function xiangqiNormal(fen) {
  const [board, side] = fen.trim().split(/\s+/);
  return `${board} ${side === 'b' ? 'b' : 'w'}`;
}

// ICCS "h2-e2" / "H2E2" / "h2e2" to Fairy-Stockfish's UCI for xiangqi (ranks 1-10).
function iccsToUci(token) {
  const m = token.match(/^([a-iA-I])([0-9])-?([a-iA-I])([0-9])$/);
  if (!m) return undefined;
  return `${m[1].toLowerCase()}${Number(m[2]) + 1}${m[3].toLowerCase()}${Number(m[4]) + 1}`;
}

export function readXiangqiIccs(text) {
  return splitRecords(text).map((r) => {
    const board = r.tags.FEN ? new ffishModule.Board('xiangqi', r.tags.FEN) : new ffishModule.Board('xiangqi');
    try {
      let plies = 0;
      for (const token of r.moves) {
        const uci = iccsToUci(token);
        if (!uci || !board.legalMoves().split(' ').includes(uci))
          return { number: r.number, tags: r.tags, plies, error: `move ${Math.floor(plies / 2) + 1}: ${token}: not legal` };
        board.push(uci);
        ++plies;
      }
      return { number: r.number, tags: r.tags, plies, normal: xiangqiNormal(board.fen()) };
    } finally {
      board.delete();
    }
  });
}

// Xiangqi records in WXF or Chinese notation read by ffish: each of the legal
// moves Fairy-Stockfish generates is written in WXF by Fairy-Stockfish itself
// (its XIANGQI_WXF notation), and the record's move must be exactly one of
// them. What is translated here is only the writing: full-width characters to
// ASCII, Chinese words to WXF's letters (the two notations name a move the
// same way: piece, its file or front/rear, direction, file or steps), and
// "+P+1" / "P++1" (the front pawn) to Fairy-Stockfish's order.
const CHINESE_TO_WXF = new Map(
  Object.entries({
    车: 'R', 車: 'R', 俥: 'R', 马: 'H', 馬: 'H', 傌: 'H', 炮: 'C', 砲: 'C', 包: 'C', 相: 'E', 象: 'E',
    仕: 'A', 士: 'A', 帅: 'K', 帥: 'K', 将: 'K', 將: 'K', 兵: 'P', 卒: 'P', 进: '+', 進: '+', 退: '-', 平: '=',
    前: '+', 后: '-', 後: '-', 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9',
  }),
);
function wxfOf(token) {
  let t = token.normalize('NFKC'); // full-width letters, digits and signs to ASCII
  t = [...t].map((c) => CHINESE_TO_WXF.get(c) ?? c).join('');
  t = t.replace(/\./g, '=').toUpperCase();
  const front = t.match(/^([+-])([KAEHRCP])([+=-]\d)$/);
  if (front) t = `${front[2]}${front[1]}${front[3]}`;
  return t;
}

// A WinBoard SAN move ("Che2", "Hxc7", "gf3", ranks 0-9 from Red's side):
// the legal moves of ffish whose piece, destination and any file or rank
// given agree.
const WINBOARD_PIECES = { R: 'r', H: 'n', N: 'n', C: 'c', E: 'b', B: 'b', A: 'a', K: 'k', P: 'p' };
function winboardMatches(board, token) {
  const m = token.replace(/[+#!?]+$/, '').match(/^([RHNCEBAKP])?([a-i])?(\d)?x?([a-i])(\d)$/);
  if (!m) return [];
  const piece = WINBOARD_PIECES[m[1] ?? 'P'];
  const rows = board.fen().split(' ')[0].split('/');
  const at = (file, rank) => {
    // rank 1-10 from Red's side; the FEN's rows run from rank 10 down.
    let column = 0;
    for (const c of rows[10 - rank].replace(/\d+/g, (n) => '.'.repeat(Number(n))))
      if (column++ === file.charCodeAt(0) - 97) return c;
    return '.';
  };
  return board
    .legalMoves()
    .split(' ')
    .filter((uci) => {
      const u = uci.match(/^([a-i])(\d+)([a-i])(\d+)$/);
      if (!u || u[3] !== m[4] || Number(u[4]) !== Number(m[5]) + 1) return false;
      if (m[2] && u[1] !== m[2]) return false;
      if (m[3] && Number(u[2]) !== Number(m[3]) + 1) return false;
      return at(u[1], Number(u[2])).toLowerCase() === piece;
    });
}

// Every record of a xiangqi text in WXF, Chinese or WinBoard SAN notation.
export function readXiangqiNotation(text, notation) {
  const wxfNotation = ffishModule.Notation.XIANGQI_WXF;
  return splitRecords(text).map((r) => {
    const board = r.tags.FEN ? new ffishModule.Board('xiangqi', r.tags.FEN) : new ffishModule.Board('xiangqi');
    try {
      let plies = 0;
      for (const token of r.moves) {
        let matches;
        if (notation === 'winboard') matches = winboardMatches(board, token);
        else {
          const wanted = wxfOf(token);
          matches = board
            .legalMoves()
            .split(' ')
            .filter((uci) => uci !== '' && board.sanMove(uci, wxfNotation).replace(/\./g, '=') === wanted);
        }
        if (matches.length !== 1)
          return { number: r.number, tags: r.tags, plies, error: `move ${Math.floor(plies / 2) + 1}: ${token}: ${matches.length ? 'ambiguous' : 'not legal'}` };
        board.push(matches[0]);
        ++plies;
      }
      return { number: r.number, tags: r.tags, plies, normal: xiangqiNormal(board.fen()) };
    } finally {
      board.delete();
    }
  });
}

// ---- draughts ------------------------------------------------------------------

// Pieces and side to move from a PDN FEN ("W:W31,32,K5:B1-3"), squares sorted.
export function draughtsNormal(fen) {
  const parts = fen.trim().replace(/\.$/, '').split(':');
  const side = parts[0].trim().toUpperCase().startsWith('B') ? 'B' : 'W';
  const pieces = { W: [], B: [] };
  for (const part of parts.slice(1)) {
    const colour = part.trim()[0]?.toUpperCase();
    if (colour !== 'W' && colour !== 'B') continue;
    for (let item of part.trim().slice(1).split(',')) {
      item = item.trim();
      if (item === '') continue;
      const king = /^K/i.test(item);
      item = item.replace(/^K/i, '');
      const range = item.match(/^(\d+)-(\d+)$/);
      const squares = range ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, k) => Number(range[1]) + k) : [Number(item)];
      for (const sq of squares) pieces[colour].push({ sq, king });
    }
  }
  const list = (c) => pieces[c].sort((a, b) => a.sq - b.sq).map((p) => (p.king ? 'K' : '') + p.sq).join(',');
  return `${side}:W${list('W')}:B${list('B')}`;
}

function squaresOf(token) {
  const parts = token.split(/[-x:]/);
  return parts.every((p) => /^\d+$/.test(p)) ? parts.map(Number) : undefined;
}

// rapid-draughts keeps its board in bitboards whose bit order is its own; the
// bit of each square is found once by placing a single man and asking the
// game where it stands.
let englishBits;
function englishBitOf(square) {
  if (!englishBits) {
    englishBits = new Map();
    for (let bit = 0; bit < 32; ++bit) {
      const game = EnglishDraughts.setup({ player: 'dark', board: { dark: (1 << bit) >>> 0, light: 0, king: 0 } });
      const at = game.board.find((sq) => sq.dark && sq.piece);
      if (at) englishBits.set(at.position + 1, (1 << bit) >>> 0);
    }
  }
  return englishBits.get(square);
}

const ENGLISH_START = 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

// The squares a capture written by its landing squares ("11x18x25") jumps, on
// the 8x8 board (row and column from the squares' numbers); undefined when a
// leg is not a jump.
function jumpedOf(squares) {
  const cell = (n) => [Math.floor((n - 1) / 4), 2 * ((n - 1) % 4) + (Math.floor((n - 1) / 4) % 2 === 0 ? 1 : 0)];
  const jumped = [];
  for (let i = 0; i + 1 < squares.length; ++i) {
    const [r0, c0] = cell(squares[i]);
    const [r1, c1] = cell(squares[i + 1]);
    if (Math.abs(r1 - r0) !== 2 || Math.abs(c1 - c0) !== 2) return undefined;
    const r = (r0 + r1) / 2;
    jumped.push(r * 4 + ((c0 + c1) / 2 - (r % 2 === 0 ? 1 : 0)) / 2 + 1);
  }
  return jumped.sort((a, b) => a - b);
}

// rapid-draughts' moves that a record's move names: by its ends, and where it
// gives the landing squares between, by the pieces those jump.
function englishMatches(game, token) {
  const squares = token === undefined ? undefined : squaresOf(token);
  if (!squares) return [];
  let matches = game.moves.filter((m) => m.origin === squares[0] - 1 && m.destination === squares.at(-1) - 1);
  const jumped = squares.length > 2 ? jumpedOf(squares) : undefined;
  if (jumped) matches = matches.filter((m) => m.captures.map((c) => c + 1).sort((a, b) => a - b).join() === jumped.join());
  return matches;
}

export function readEnglish(text) {
  return splitRecords(text).map((r) => {
    const start = draughtsNormal(r.tags.FEN && r.tags.FEN !== '?' ? r.tags.FEN : ENGLISH_START);
    const [side, white, black] = start.split(':');
    const mask = (list) =>
      list
        .slice(1)
        .split(',')
        .filter((x) => x !== '')
        .reduce((m, x) => (m | englishBitOf(Number(x.replace('K', '')))) >>> 0, 0);
    const kings = (list) =>
      list
        .slice(1)
        .split(',')
        .filter((x) => x.startsWith('K'))
        .reduce((m, x) => (m | englishBitOf(Number(x.slice(1)))) >>> 0, 0);
    const game = EnglishDraughts.setup({
      player: side === 'B' ? 'dark' : 'light',
      board: { dark: mask(black), light: mask(white), king: (kings(black) | kings(white)) >>> 0 },
    });
    let plies = 0;
    for (const [i, token] of r.moves.entries()) {
      let matches = englishMatches(game, token);
      // A capture named by its ends where two paths lead there: the one after
      // which the record's next move is legal, as a reader of the record would.
      if (matches.length > 1 && i + 1 < r.moves.length)
        matches = matches.filter((m) => {
          const trial = EnglishDraughts.setup(game.engine.serialize());
          trial.move(m);
          return englishMatches(trial, r.moves[i + 1]).length > 0;
        });
      if (matches.length !== 1)
        return { number: r.number, tags: r.tags, plies, error: `move ${Math.floor(plies / 2) + 1}: ${token}: ${matches.length ? 'ambiguous' : 'not legal'}` };
      game.move(matches[0]);
      ++plies;
    }
    const pieces = { light: [], dark: [] };
    for (const square of game.board)
      if (square.dark && square.piece) pieces[square.piece.player].push((square.piece.king ? 'K' : '') + (square.position + 1));
    const fen = `${game.player === 'dark' ? 'B' : 'W'}:W${pieces.light.join(',')}:B${pieces.dark.join(',')}`;
    return { number: r.number, tags: r.tags, plies, normal: draughtsNormal(fen) };
  });
}

export function readInternational(text) {
  return splitRecords(text).map((r) => {
    const fen = r.tags.FEN && r.tags.FEN !== '?' ? draughtsNormal(r.tags.FEN) : undefined;
    const game = fen ? new Draughts(fen) : new Draughts();
    let plies = 0;
    for (const token of r.moves) {
      const squares = squaresOf(token);
      const matches = squares
        ? game.moves().filter((m) => m.from === squares[0] && m.to === squares.at(-1) && squares.slice(1, -1).every((s) => (m.jumps ?? []).includes(s)))
        : [];
      if (matches.length === 0 || !game.move(matches[0]))
        return { number: r.number, tags: r.tags, plies, error: `move ${Math.floor(plies / 2) + 1}: ${token}: not legal` };
      ++plies;
    }
    return { number: r.number, tags: r.tags, plies, normal: draughtsNormal(game.fen()) };
  });
}
