// The Learn section's map (/learn, /learn/<game>): a tab for each game that
// has lessons, and for the chosen one each course (a variant) as a path of
// stage cards, each with its steps done and its stars; "Continue" goes back
// to the step last opened. The cards are big: a child taps them on a phone.
import { GameCatalog } from './descriptor';
import { h } from './dom';
import { currentLang, t } from './i18n';
import { LessonCatalog, LessonCourse, stageStars } from './learn_course';
import { lessonPath, mapPath } from './learn_paths';
import { LearnProgress } from './learn_progress';
import { said } from './server_words';

export function renderLearnMap(host: HTMLElement, catalog: LessonCatalog, games: GameCatalog, progress: LearnProgress, game: string | null,
  go: (path: string) => void) {
  const link = (path: string, cls: string, ...children: (Node | string)[]) => {
    const a = h('a', { href: path, class: cls }, ...children);
    a.onclick = (e) => { e.preventDefault(); go(path); };
    return a;
  };
  const withLessons = games.all().filter((g) => catalog.ofGame(g.name).length > 0);
  // The game asked for; else the one of the step last opened; else the menu's first.
  const lastGame = progress.last()?.split('/')[2] ?? null;
  const chosen = withLessons.find((g) => g.name === game) ?? withLessons.find((g) => g.name === lastGame) ?? withLessons[0];
  const out: Node[] = [h('h1', {}, t('learnTitle')), h('p', { class: 'learn-intro' }, t('learnIntro'))];
  const last = progress.last();
  if (last) out.push(link(last, 'button primary big learn-continue', t('learnContinue')));
  const tabs = h('nav', { class: 'learn-tabs', role: 'tablist' });
  for (const g of withLessons)
    tabs.append(link(mapPath(g.name), 'learn-tab' + (g === chosen ? ' current' : ''), said(g.title)));
  out.push(tabs);
  if (chosen) for (const course of catalog.ofGame(chosen.name)) out.push(courseSection(course));
  host.replaceChildren(h('div', { class: 'learn learn-map' }, ...out));

  function courseSection(course: LessonCourse): HTMLElement {
    const stars = progress.stars();
    const steps = course.stages.reduce((n, s) => n + s.steps.length, 0);
    const earned = course.stages.reduce((n, s) => n + stageStars(course, s, stars).earned, 0);
    const cards = h('ol', { class: 'learn-stages' });
    for (const [i, stage] of course.stages.entries()) {
      const { earned: got, done } = stageStars(course, stage, stars);
      const first = catalog.firstOpen(course, stage, stars);
      const complete = done === stage.steps.length;
      const card = link(lessonPath(course.game, course.variant, first.id), 'learn-stage-card' + (complete ? ' complete' : done ? ' started' : ''),
        h('span', { class: 'learn-stage-number' }, String(i + 1)),
        h('span', { class: 'learn-stage-title' }, currentLang() === 'zh' ? stage.zh : stage.en),
        h('span', { class: 'learn-stage-count' }, t(stage.steps.length === 1 ? 'learnStepsDone1' : 'learnStepsDone', { done: String(done), n: String(stage.steps.length) })),
        h('span', { class: 'learn-stage-stars' }, `★ ${got} / ${stage.steps.length * 3}`));
      card.dataset.stage = stage.id;
      cards.append(h('li', {}, card));
    }
    return h('section', { class: 'learn-course', 'data-game': course.game, 'data-variant': course.variant },
      h('h2', {}, games.title(course.game, course.variant), ' ', h('span', { class: 'learn-course-stars' }, t('learnCourseStars', { n: String(earned), of: String(steps * 3) }))),
      cards);
  }
}
