// How far a learner has come: each step's best stars. Kept in this browser
// for everyone (localStorage), and on the server for a logged-in profile (the
// server records a step done when it judged it so, so that nobody earns
// stars they did not play for); the page shows the best of both. The last
// step opened is where "continue" goes.
import { call } from './api';
import { StarsByStep } from './learn_course';

const STARS = 'qi.learn.stars', LAST = 'qi.learn.last';

interface ServerProgress { steps: { game: string; variant: string; step: string; stars: number }[] }

export class LearnProgress {
  private local: StarsByStep = {};
  private server: StarsByStep = {};

  constructor() {
    try {
      const kept = JSON.parse(localStorage.getItem(STARS) ?? '{}');
      if (kept && typeof kept === 'object') for (const [k, v] of Object.entries(kept)) if (typeof v === 'number' && v >= 1 && v <= 3) this.local[k] = v;
    } catch { /* a damaged entry starts afresh */ }
  }

  // A profile's stars from the server (null: nobody is logged in).
  async loadProfile(playerId: number | null) {
    this.server = {};
    if (playerId === null) return;
    const p = await call<ServerProgress>('GET', `/api/players/${playerId}/lessons`);
    for (const s of p.steps) this.server[`${s.game}/${s.variant}/${s.step}`] = s.stars;
  }

  stars(): StarsByStep {
    const all: StarsByStep = { ...this.local };
    for (const [k, v] of Object.entries(this.server)) all[k] = Math.max(all[k] ?? 0, v);
    return all;
  }
  starsOf(key: string): number { return this.stars()[key] ?? 0; }

  // A step done: its best stars kept here (the server kept them already when logged in).
  record(key: string, stars: number, savedOnServer: boolean) {
    this.local[key] = Math.max(this.local[key] ?? 0, stars);
    if (savedOnServer) this.server[key] = Math.max(this.server[key] ?? 0, stars);
    localStorage.setItem(STARS, JSON.stringify(this.local));
  }

  last(): string | null { return localStorage.getItem(LAST); }
  setLast(path: string) { localStorage.setItem(LAST, path); }
}
