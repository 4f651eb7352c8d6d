// A profile's lessons done, on its page: each course it has begun, with its
// steps done and stars, linked to that game's map. The server keeps them for
// profiles that learned while logged in (GET /api/players/<id>/lessons).
import { LessonCourse, stepKey } from './learn_course';
import { callOptional } from './api';
import { GameCatalog } from './descriptor';
import { h } from './dom';
import { t } from './i18n';
import { mapPath } from './learn_paths';

interface ProgressRow { game: string; variant: string; step: string; stars: number }

// The section, or null when the profile has done no lesson (or the server keeps none).
export async function lessonsDoneSection(playerId: number, games: GameCatalog): Promise<HTMLElement | null> {
  const [progress, lessons] = await Promise.all([
    callOptional<{ steps: ProgressRow[] }>(`/api/players/${playerId}/lessons`).catch(() => null),
    callOptional<{ courses: LessonCourse[] }>('/api/lessons').catch(() => null),
  ]);
  if (!progress || !lessons || progress.steps.length === 0) return null;
  const stars = new Map(progress.steps.map((r) => [stepKey(r.game, r.variant, r.step), r.stars]));
  const list = h('ul', { class: 'lessons-done', id: 'lessons-done' });
  for (const course of lessons.courses) {
    const steps = course.stages.flatMap((s) => s.steps);
    const earned = steps.map((s) => stars.get(stepKey(course.game, course.variant, s.id)) ?? 0);
    const done = earned.filter((n) => n > 0).length;
    if (done === 0) continue;
    const text = t('learnProfileCourse', { course: games.title(course.game, course.variant), done: String(done), n: String(steps.length), stars: String(earned.reduce((a, b) => a + b, 0)) });
    list.append(h('li', { class: done === steps.length ? 'complete' : '' }, h('a', { href: mapPath(course.game) }, text)));
  }
  return list.childElementCount ? h('section', {}, h('h2', {}, t('learnProgress')), list) : null;
}
