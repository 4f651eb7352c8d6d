// The landing squares of a draughts capture written in short form ("9x27").
// The server decides what is legal and writes the full route only where the
// short form would be ambiguous; the page still wants every landing square,
// to let the player click them in turn and to draw the route. This finds the
// jump sequences from the first square to the last on the board (captured
// pieces stay until the move ends and are jumped once; English men jump
// forward only and English kings one square; elsewhere men jump both ways and
// kings fly) and takes the longest. Display only: a route that cannot be
// found leaves the move as from and to.

export interface RouteBoard {
  size: number;
  english: boolean;
  xyOf(key: string): [number, number];
  keyAt(x: number, y: number): string | null;
  // Occupant of a square: its side and whether it is a king.
  at(key: string): { side: 0 | 1; king: boolean } | undefined;
  // Which way (+1 up, -1 down) side 0's men move.
  forward0: 1 | -1;
}

const DIRS: [number, number][] = [[1, 1], [-1, 1], [1, -1], [-1, -1]];

export function captureRoute(b: RouteBoard, from: string, to: string): string[] | null {
  const piece = b.at(from);
  if (!piece) return null;
  const forward = piece.side === 0 ? b.forward0 : -b.forward0;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < b.size && y < b.size;
  const occupant = (x: number, y: number) => {
    const k = b.keyAt(x, y);
    if (k === null || k === from) return undefined;  // the moving piece has left its square
    return b.at(k);
  };
  const flying = piece.king && !b.english;
  let best: string[] | null = null;
  const taken = new Set<string>();
  const visit = (x: number, y: number, route: string[]) => {
    let extended = false;
    for (const [dx, dy] of DIRS) {
      if (!piece.king && b.english && dy !== forward) continue;
      // Walk to the piece to jump: the next square, or for a flying king the
      // first occupied square along the diagonal.
      let cx = x + dx, cy = y + dy;
      if (flying) while (inside(cx, cy) && !occupant(cx, cy)) { cx += dx; cy += dy; }
      if (!inside(cx, cy)) continue;
      const victim = occupant(cx, cy);
      const victimKey = b.keyAt(cx, cy)!;
      if (!victim || victim.side === piece.side || taken.has(victimKey)) continue;
      // Land just beyond it, or for a flying king on any empty square beyond.
      let lx = cx + dx, ly = cy + dy;
      while (inside(lx, ly) && !occupant(lx, ly)) {
        const land = b.keyAt(lx, ly)!;
        taken.add(victimKey);
        extended = true;
        visit(lx, ly, [...route, land]);
        taken.delete(victimKey);
        if (!flying) break;
        lx += dx; ly += dy;
      }
    }
    if (!extended && route.length > 0 && route[route.length - 1] === to && (!best || route.length > best.length)) best = route;
  };
  const [fx, fy] = b.xyOf(from);
  visit(fx, fy, []);
  return best;
}
