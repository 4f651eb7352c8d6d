// What the server says a game is (GET /api/info, src/core/game_descriptor.h):
// its board, pieces, side names, notations, handicaps and record format. The
// page draws and plays any game from these alone; it knows no game itself.
import type { Side } from './api';
import { Words, said } from './server_words';

export interface SquareCell { key: string; x: number; y: number }  // x from the left, y from the bottom of the diagram
export interface BoardLook {
  files: number; ranks: number;
  style: string;  // checkered, plain, intersections
  bottom_side: Side;  // whose pieces start at the bottom of the diagram
  squares: SquareCell[];  // in the order of a view's board strings
  file_labels: string[][];  // by x, as the first and the second side read them, each on its own edge
  rank_labels: string[];  // by y, on the left
  numbered: boolean;  // each square shows its key
  river?: { below_rank: number; text: string[] };
  palaces?: number[][];  // [x0, y0, x1, y1]: boxes drawn with their diagonals
}
export interface PieceLook { code: string; side: Side; shape: string; glyph: string; colour: string; name: Words }
// `labels`: the names the notation gives the files and ranks where the board's
// own do not name them (draughts' numbered squares read as c3), for its edges.
export interface NotationInfo { id: string; title: Words; first_in: string[]; labels?: { files: string[]; ranks: string[] } }
export interface HandicapInfo { name: string; title: Words; default_giver: Side }
export interface VariantDescriptor {
  name: string; title: Words; sides: [Words, Words]; board: BoardLook; pieces: PieceLook[];
  notations: NotationInfo[]; handicaps: HandicapInfo[];
  record: { format: string; identifying_tags: [string, string][] };
  numbered_starts?: number;  // Chess960: start positions numbered 0 to n-1
}
// level_elo: the Elo each engine level (1-10) is rated by in this game (docs/levels.md).
export interface GameDescriptor { name: string; title: Words; variants: VariantDescriptor[]; level_elo?: number[] }

// A game has variants to choose from when it has more than one.
export function hasVariants(g: GameDescriptor): boolean { return g.variants.length > 1; }

// The games the server plays, as GET /api/info lists them: made once by
// main.ts, filled when the answer comes, and given to the parts that name or
// draw a game.
export class GameCatalog {
  constructor(private games: GameDescriptor[] = []) {}

  load(games: GameDescriptor[]) { this.games = games; }
  // In menu order.
  all(): GameDescriptor[] { return this.games; }
  named(name: string): GameDescriptor | undefined { return this.games.find((g) => g.name === name); }

  // A game's variant by name; "" (a game without variants, or the default) is the first.
  variantOf(game: string, variant: string): VariantDescriptor | undefined {
    const g = this.named(game);
    if (!g) return undefined;
    return g.variants.find((v) => v.name === variant) ?? (variant === '' ? g.variants[0] : undefined);
  }

  // "Chess"; with the variant when there is a choice: "Checkers / draughts · Russian".
  title(game: string, variant = ''): string {
    const g = this.named(game);
    if (!g) return game;
    const v = hasVariants(g) ? this.variantOf(game, variant) : undefined;
    return v ? `${said(g.title)} · ${said(v.title)}` : said(g.title);
  }
}

export function sideIndex(s: Side): 0 | 1 { return s === 'first' ? 0 : 1; }
export function otherSide(s: Side): Side { return s === 'first' ? 'second' : 'first'; }

// A side's name in the page's language ("Red", "黑方"); null when the game is unknown.
export function sideTitle(v: VariantDescriptor | undefined, s: Side): string | null {
  return v ? said(v.sides[sideIndex(s)]) : null;
}
