// What a click on a square means, from the legal moves' squares alone (the
// server's list; the page knows no rules): select a piece, go on with a
// capture's next landing square, play a move (or choose between several that
// share the clicks), or send the clicks to the server so that it says why
// they make no legal move.
import type { MoveText } from './api';

export interface Selection { from: string | null; landings: string[] }

export type Click =
  | { kind: 'select'; square: string }
  | { kind: 'deselect' }
  | { kind: 'blocked'; square: string }  // the mover's piece, but no legal move starts there
  | { kind: 'extend'; landings: string[] }  // a capture goes on from here
  | { kind: 'play'; moves: MoveText[] }  // one move, or a choice between these
  | { kind: 'explain'; squares: string[] }  // no legal move: the server says why
  | { kind: 'ignore' };

const startsAt = (m: MoveText, key: string) => m.squares.length > 1 && m.squares[0] === key;

// The moves still open from the selected piece after the landing squares chosen so far.
export function openMoves(moves: MoveText[], s: Selection): MoveText[] {
  if (!s.from) return [];
  return moves.filter((m) => startsAt(m, s.from!) && s.landings.every((k, i) => m.squares[i + 1] === k));
}

// The squares a click may go to next: each open move's next square.
export function targets(moves: MoveText[], s: Selection): string[] {
  return [...new Set(openMoves(moves, s).map((m) => m.squares[s.landings.length + 1]).filter((k) => k !== undefined))];
}

// The pieces that start a legal move.
export function movable(moves: MoveText[]): string[] {
  return [...new Set(moves.filter((m) => m.squares.length > 1).map((m) => m.squares[0]))];
}

// `ownPiece`: whether a piece of the side to move stands there.
export function click(moves: MoveText[], s: Selection, key: string, dragged: boolean, ownPiece: (key: string) => boolean): Click {
  // Moves that place a piece on this square (one square: tic-tac-toe).
  const placements = moves.filter((m) => m.squares.length === 1 && m.squares[0] === key);
  if (!s.from) {
    if (placements.length) return { kind: 'play', moves: placements };
    if (moves.some((m) => startsAt(m, key))) return { kind: 'select', square: key };
    // Where pieces are placed, a square that takes none is the server's to explain.
    if (moves.some((m) => m.squares.length === 1)) return { kind: 'explain', squares: [key] };
    return ownPiece(key) ? { kind: 'blocked', square: key } : { kind: 'ignore' };
  }
  if (key === s.from) return dragged ? { kind: 'ignore' } : { kind: 'deselect' };
  const open = openMoves(moves, s);
  const step = s.landings.length + 1;  // the index in squares of the square clicked now
  const next = open.filter((m) => m.squares[step] === key);
  if (next.length) {
    const ending = next.filter((m) => m.squares.length === step + 1);
    if (ending.length === 0) return { kind: 'extend', landings: [...s.landings, key] };
    // Every route ends here, or some end and others go on: choose among them.
    return { kind: 'play', moves: ending.length === next.length ? ending : next };
  }
  // The last square straight away, skipping the landings in between.
  const finals = open.filter((m) => m.squares[m.squares.length - 1] === key);
  if (finals.length) return { kind: 'play', moves: finals };
  if (placements.length) return { kind: 'play', moves: placements };
  if (ownPiece(key) && !dragged) return moves.some((m) => startsAt(m, key)) ? { kind: 'select', square: key } : { kind: 'blocked', square: key };
  return { kind: 'explain', squares: [s.from, ...s.landings, key] };
}
