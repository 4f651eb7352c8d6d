// Small hand-made pieces of the server's answers for the unit tests: moves,
// a game's view and a variant's descriptor, each with only what a test sets
// differing from a quiet game in play.
import type { GameView, MoveText } from '../src/api';
import type { GameDescriptor, VariantDescriptor } from '../src/descriptor';

// A move touching these squares ("e2-e4", "c3-e5-g3", "b2"); `choice` tells
// moves with the same squares apart (a promotion).
export function move(path: string, notations: Record<string, string> = {}, choice?: string): MoveText {
  return { id: path.replaceAll('-', ''), display: path, squares: path.split('-'), notations, ...(choice ? { choice } : {}) };
}

const quietUndo = { allowed: false, code: 'nothing_to_undo', needs_consent: false };

export function gameView(changes: Partial<GameView> = {}): GameView {
  return {
    id: 'g1', version: 1, game: 'board', variant: '', fen: 'start', fens: ['start'], boards: ['....'],
    side_to_move: 'first', in_check: false, check_square: null, moves: [], legal_moves: [], draw_claims: [],
    seats: [{ kind: 'human', level: 0, name: 'Ann' }, { kind: 'human', level: 0, name: 'Bo' }],
    draw_offer: {
      pending: null, held: { first: false, second: false }, may_offer: { first: true, second: true },
      offer_refusal: { first: null, second: null }, answer: null,
    },
    can_redo: false, undo: { first: quietUndo, second: quietUndo },
    takeback: { proposed_by: null, may_propose: { first: false, second: false }, propose_refusal: { first: null, second: null }, answer: null },
    engine_to_move: false, record: '',
    outcome: { verdict: 'ongoing', winner: 'first', termination: '', score: '*', reason: '' },
    clock: { control: { kind: 'unlimited', per_move_ms: 0, max_overruns: 0 }, remaining_ms: [0, 0], overruns: [0, 0], running: null, started: false },
    rated: false,
    presence: { first: { here: true, away_ms: 0 }, second: { here: true, away_ms: 0 } },
    leave: { first: { abort: true, claim_win: false, claim_draw: false }, second: { abort: true, claim_win: false, claim_draw: false } },
    waiting_for_seat: false, rematch: null,
    ...changes,
  };
}

// A two-by-two board whose second side starts at the bottom of the diagram
// (as Black does in English checkers), with two notations.
export function variantLook(): VariantDescriptor {
  return {
    name: '', title: { en: 'Board', zh: '棋盘' }, sides: [{ en: 'Light', zh: '浅' }, { en: 'Dark', zh: '深' }],
    board: {
      files: 2, ranks: 2, style: 'checkered', bottom_side: 'second', numbered: false,
      squares: [{ key: 'a1', x: 0, y: 0 }, { key: 'b1', x: 1, y: 0 }, { key: 'a2', x: 0, y: 1 }, { key: 'b2', x: 1, y: 1 }],
      file_labels: [['a', 'b'], ['b', 'a']], rank_labels: ['1', '2'],
    },
    pieces: [], handicaps: [], record: { format: 'PGN', identifying_tags: [] },
    notations: [
      { id: 'numeric', title: { en: 'Numeric', zh: '数字' }, first_in: ['en'] },
      { id: 'letters', title: { en: 'Letters', zh: '字母' }, first_in: ['zh'], labels: { files: ['x', 'y'], ranks: ['I', 'II'] } },
    ],
  };
}

export function boardGame(): GameDescriptor {
  return { name: 'board', title: { en: 'Board', zh: '棋盘' }, variants: [variantLook()] };
}
