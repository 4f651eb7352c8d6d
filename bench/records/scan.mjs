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
      const setUp = await scan.command(`fen ${fen}`);
      if (/bad FEN/.test(setUp)) {
        refuse(0, `Scan refuses the position ${fen}`);
        continue;
      }
      let position = await scan.fen();
      let plies = 0;
      let refused = false;
      for (const token of r.moves) {
        const squares = token.split(/[-x:]/).every((p) => /^\d+$/.test(p)) ? token.split(/[-x:]/).map(Number) : undefined;
        const capture = /[x:]/.test(token);
        let move = token;
        if (squares && capture) move = scanCapture(squares, position) ?? `${squares[0]}x${squares.at(-1)}`;
        const answer = squares ? await scan.command(move) : '???';
        if (answer === '' || /illegal move|\?\?\?/.test(answer)) {
          const why = answer === '' ? 'the game is over for Scan' : /illegal/.test(answer) ? 'not legal (or ambiguous)' : 'not a move';
          refuse(plies, `move ${Math.floor(plies / 2) + 1}: ${token} (sent as ${move}): ${why}`);
          refused = true;
          break;
        }
        position = await scan.fen();
        ++plies;
      }
      if (!refused) out.push({ number: r.number, tags: r.tags, plies, normal: position });
    }
  } finally {
    await scan.quit();
  }
  return out;
}
