// A second, flying-king reference for international draughts: Scan (Fabien
// Letouzey's 10x10 engine, GPL-3), driven through its text mode. Scan is not
// part of this repository and is not built by it: SCAN names the binary of a
// copy built elsewhere, and without SCAN this reader is skipped.
//
// Scan's text mode reads "fen <FEN>" (a new game from that position), a move
// in standard notation (which it plays only if its own move generator has it,
// answering "illegal move" or "???" otherwise) and "fen" (it prints the
// position). Each record is set up, each move of its main line sent in turn,
// and after each move Scan's own FEN is read back: the position Scan reached,
// not one tracked here, is what the next move is read against and what the
// record's final position is.
//
// Scan's notation names a capture by its ends and, where two captures share
// them, by the pieces taken; a record names the landing squares between. The
// pieces taken are found from Scan's position (on each leg of the path, the one
// piece between two landing squares); Scan then checks that such a capture is
// one of its legal moves.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { splitRecords, draughtsNormal } from './reference.mjs';

const START = 'W:W31-50:B1-20';

// Row and column (0-9 from the top left, as White sees the board) of square 1-50.
function cellOf(square) {
  const row = Math.floor((square - 1) / 5);
  const column = 2 * ((square - 1) % 5) + (row % 2 === 0 ? 1 : 0);
  return [row, column];
}
function squareAt(row, column) {
  if (row < 0 || row > 9 || column < 0 || column > 9 || (row + column) % 2 === 0) return undefined;
  return row * 5 + Math.floor(column / 2) + 1;
}

// The occupied squares of a normal form "W:W..:B..".
function occupiedOf(normal) {
  const occupied = new Map();
  for (const part of normal.split(':').slice(1))
    for (const item of part.slice(1).split(',').filter((x) => x !== ''))
      occupied.set(Number(item.replace('K', '')), part[0]);
  return occupied;
}

// "28x19x10" (landing squares) as Scan's "28x10x23x14" (the ends, then the
// pieces taken), read on Scan's current position; undefined where a leg is not
// a diagonal holding exactly one piece of the side not to move.
function scanCapture(squares, normal) {
  const occupied = occupiedOf(normal);
  const opponent = normal[0] === 'W' ? 'B' : 'W';
  const taken = [];
  for (let i = 0; i + 1 < squares.length; ++i) {
    const [r0, c0] = cellOf(squares[i]);
    const [r1, c1] = cellOf(squares[i + 1]);
    if (Math.abs(r1 - r0) !== Math.abs(c1 - c0) || r0 === r1) return undefined;
    const dr = Math.sign(r1 - r0);
    const dc = Math.sign(c1 - c0);
    const between = [];
    for (let r = r0 + dr, c = c0 + dc; r !== r1; r += dr, c += dc) {
      const sq = squareAt(r, c);
      if (occupied.has(sq) && sq !== squares[0]) between.push(sq);
    }
    if (between.length !== 1 || occupied.get(between[0]) !== opponent) return undefined;
    taken.push(between[0]);
  }
  return [squares[0], squares.at(-1), ...taken].join('x');
}

// One Scan process in text mode, answering one command at a time: the answer
// is what Scan prints before its next prompt ("> ").
class ScanProcess {
  constructor(binary) {
    // Scan reads scan.ini and data/ from its working directory: its own folder.
    this.child = spawn(binary, [], { cwd: path.dirname(binary), stdio: ['pipe', 'pipe', 'inherit'] });
    this.buffer = '';
    this.waiting = undefined;
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk) => {
      this.buffer += chunk;
      this.settle();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', resolve));
  }
  settle() {
    if (!this.waiting || !/(^|\n)> $/.test(this.buffer)) return;
    const answer = this.buffer.replace(/(^|\n)> $/, '').trim();
    this.buffer = '';
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve(answer);
  }
  next() {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.settle();
    });
  }
  async start() {
    await this.next();  // its banner and the start position
    await this.command('0');  // no computer player: Scan plays no move itself
  }
  command(line) {
    const answer = this.next();
    this.child.stdin.write(`${line}\n`);
    return answer;
  }
  async fen() {
    return draughtsNormal(await this.command('fen'));
  }
  async quit() {
    this.child.stdin.end('q\n');
    await this.exited;
  }
}

const squaresOf = (token) => (token.split(/[-x:]/).every((p) => /^\d+$/.test(p)) ? token.split(/[-x:]/).map(Number) : undefined);
const accepted = (answer) => answer !== '' && !/illegal move|\?\?\?/.test(answer);

// The ways of sending a record's move to Scan, in order: as written (a
// capture with the pieces it takes), then with the other separator (records
// write some captures with '-' and some quiet moves with 'x').
function spellings(token, position) {
  const squares = squaresOf(token);
  if (!squares) return [];
  const quiet = squares.length === 2 ? [`${squares[0]}-${squares[1]}`] : [];
  const capture = [scanCapture(squares, position), `${squares[0]}x${squares.at(-1)}`].filter((m) => m !== undefined);
  return /[x:]/.test(token) ? [...capture, ...quiet] : [...quiet, ...capture];
}

// One record's move played on Scan: {move} with the text Scan took, {over}
// where Scan's game is over, or {error}. A capture named by its ends where Scan has two with those ends is
// told apart as a reader of the record would: by the move that follows, which
// only one of them leaves legal (each is tried in Scan and taken back).
async function play(scan, token, next, position) {
  const tried = spellings(token, position);
  for (const [i, move] of tried.entries()) {
    const answer = await scan.command(move);
    if (answer === '') return { over: true };  // Scan says nothing to a move once its game is over
    if (accepted(answer)) return { move, ...(i > 0 && /[-x]/.test(move) && move.includes(token.includes('-') ? 'x' : '-') ? { note: `written with the other separator: Scan plays ${move}` } : {}) };
  }
  const squares = squaresOf(token);
  if (!squares) return { error: 'not a move' };
  const opponent = position[0] === 'W' ? 'B' : 'W';
  const fits = new Map();  // position after -> the move
  for (const [sq, side] of occupiedOf(position)) {
    if (side !== opponent) continue;
    const move = `${squares[0]}x${squares.at(-1)}x${sq}`;
    if (!accepted(await scan.command(move))) continue;
    const after = await scan.fen();
    let fitsNext = next === undefined;
    if (!fitsNext)
      for (const nextMove of spellings(next, after))
        if (accepted(await scan.command(nextMove))) {
          fitsNext = true;
          await scan.command('u');
          break;
        }
    await scan.command('u');
    if (fitsNext) fits.set(after, move);
  }
  if (fits.size === 1) {
    const [move] = fits.values();
    await scan.command(move);
    return { move, note: 'told apart by the next move' };
  }
  const ends = fits.size > 1 ? `ambiguous: ${fits.size} captures fit` : 'not legal';
  return { error: `${ends} (sent as ${tried.join(', ')})` };
}

// Every record of an international PDN text read by Scan: {number, tags,
// plies, normal} or {number, tags, plies, error}.
export async function readInternationalScan(text, binary) {
  const scan = new ScanProcess(binary);
  await scan.start();
  const out = [];
  try {
    for (const r of splitRecords(text)) {
      const fen = draughtsNormal(r.tags.FEN && r.tags.FEN !== '?' ? r.tags.FEN : START);
      const refuse = (plies, error) => out.push({ number: r.number, tags: r.tags, plies, error });
      if (/bad FEN/.test(await scan.command(`fen ${fen}`))) {
        refuse(0, `Scan refuses the position ${fen}`);
        continue;
      }
      let position = await scan.fen();
      let plies = 0;
      let refused = false;
      const notes = [];
      for (const [i, token] of r.moves.entries()) {
        let played = await play(scan, token, r.moves[i + 1], position);
        if (played.over) {
          // Scan takes no move once a position has stood three times (a draw
          // by its rules); some records play on. The same position, set up
          // anew, lets Scan judge the moves that follow.
          await scan.command(`fen ${position}`);
          notes.push(`move ${Math.floor(plies / 2) + 1}: set up anew: Scan's game was over (a position repeated three times)`);
          played = await play(scan, token, r.moves[i + 1], position);
        }
        if (played.over) played = { error: 'Scan takes no move here: its game is over' };
        if (played.error) {
          refuse(plies, `move ${Math.floor(plies / 2) + 1}: ${token}: ${played.error}`);
          refused = true;
          break;
        }
        if (played.note) notes.push(`move ${Math.floor(plies / 2) + 1}: ${token}: ${played.note}`);
        position = await scan.fen();
        ++plies;
      }
      if (!refused) out.push({ number: r.number, tags: r.tags, plies, normal: position, ...(notes.length ? { notes } : {}) });
    }
  } finally {
    await scan.quit();
  }
  return out;
}
