// The page's addresses: which page a path shows, and going from one to
// another in the browser's history (the back button routes again).
export type Route =
  | { page: 'lobby' }
  | { page: 'join'; game: string; code: string }  // an invite to a game's open seat
  | { page: 'games' }
  | { page: 'players' }
  | { page: 'player'; id: string }
  | { page: 'learn'; game: string | null }  // the courses' map, of one game
  | { page: 'lesson'; game: string; variant: string; step: string }  // a step ('' the game's default variant)
  | { page: 'tournaments' }
  | { page: 'tournament'; id: string }
  | { page: 'game'; id: string | null };  // null: the game last opened, if any

export function routeOf(path: string): Route {
  let m: RegExpMatchArray | null;
  if (path === '/lobby') return { page: 'lobby' };
  if ((m = path.match(/^\/join\/([0-9a-f]+)\/([0-9a-f]+)$/))) return { page: 'join', game: m[1], code: m[2] };
  if (path === '/games') return { page: 'games' };
  if (path === '/players') return { page: 'players' };
  if (path === '/tournaments') return { page: 'tournaments' };
  if ((m = path.match(/^\/tournaments\/([A-Za-z0-9_-]+)$/))) return { page: 'tournament', id: m[1] };
  if ((m = path.match(/^\/player\/(\d+)$/))) return { page: 'player', id: m[1] };
  if ((m = path.match(/^\/learn(?:\/([a-z0-9_-]+))?$/))) return { page: 'learn', game: m[1] ?? null };
  if ((m = path.match(/^\/learn\/([a-z0-9_-]+)\/(?:([a-z0-9_-]+)\/)?([a-z0-9_-]+)$/)))
    return { page: 'lesson', game: m[1], variant: m[2] ?? '', step: m[3] };
  return { page: 'game', id: path.match(/^\/game\/([0-9a-f]+)$/)?.[1] ?? null };
}

export const gamePath = (id: string) => '/game/' + id;

export class Router {
  // `show` draws the page of a route.
  constructor(private readonly show: (route: Route) => Promise<void>) {
    window.addEventListener('popstate', () => { this.route(); });
  }

  // Another page: its address in the history, then the page.
  go(path: string): Promise<void> {
    this.note(path);
    return this.route();
  }

  // The address follows what the page shows already (a game opened from a list).
  note(path: string) {
    if (location.pathname !== path) history.pushState({}, '', path);
  }

  // The page of the current address, again.
  route(): Promise<void> {
    return this.show(routeOf(location.pathname));
  }
}
