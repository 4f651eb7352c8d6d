// The Learn section: its courses loaded once from the server, the map of
// them, and a step being played. Made once by main.ts; the router shows its
// pages.
import { call } from './api';
import { Account } from './account';
import { GameCatalog } from './descriptor';
import { LessonCatalog, LessonCourse } from './learn_course';
import { renderLearnMap } from './learn_map';
import { LearnProgress } from './learn_progress';
import { LessonStepPage } from './learn_step';
import { Sounds } from './sounds';

export class Learn {
  private catalog: LessonCatalog | null = null;
  private readonly progress = new LearnProgress();
  private readonly steps: LessonStepPage;
  private profileLoaded: number | null | undefined = undefined;  // whose stars the server sent

  constructor(private readonly games: GameCatalog, private readonly account: Account, private readonly go: (path: string) => void) {
    this.steps = new LessonStepPage({ games, progress: this.progress, sounds: new Sounds(), go });
  }

  private async load(): Promise<LessonCatalog> {
    this.catalog ??= new LessonCatalog((await call<{ courses: LessonCourse[] }>('GET', '/api/lessons')).courses);
    // The logged-in profile's stars, once for each login.
    const me = this.account.loggedIn()?.id ?? null;
    if (me !== this.profileLoaded) {
      await this.progress.loadProfile(me).catch(() => undefined);  // the browser's own stars still show
      this.profileLoaded = me;
    }
    return this.catalog;
  }

  async showMap(host: HTMLElement, game: string | null) {
    renderLearnMap(host, await this.load(), this.games, this.progress, game, this.go);
  }

  async showStep(host: HTMLElement, game: string, variant: string, step: string) {
    await this.steps.render(host, await this.load(), game, variant, step);
  }
}
