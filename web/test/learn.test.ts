// Finding the way through the courses, and the stars kept for them.
import { beforeEach, expect, test } from 'vitest';
import { LessonCatalog, LessonCourse, LessonStep, learnerLine, stageStars, stepKey } from '../src/learn_course';
import { LearnProgress } from '../src/learn_progress';
import { refusedSquares } from '../src/learn_step';

const step = (id: string, extra: Partial<LessonStep> = {}): LessonStep => ({
  id, fen: '', goal: 'capture', en: id, zh: id, stars: [], refused: [], teaches: [], solution: [], par: 1, within: false, ending: '', ...extra,
});
const course: LessonCourse = {
  game: 'g', variant: '',
  stages: [{ id: 's1', en: 'One', zh: '一', steps: [step('a'), step('b')] }, { id: 's2', en: 'Two', zh: '二', steps: [step('c')] }],
};
const catalog = new LessonCatalog([course, { ...course, variant: 'v' }]);

beforeEach(() => localStorage.clear());

test('the step after the last of a stage is the next stage\'s first, and after the course\'s last there is none', () => {
  const a = catalog.place('g', '', 'a')!;
  expect(catalog.next(a)!.step.id).toBe('b');
  const b = catalog.next(a)!;
  expect(catalog.next(b)!.step.id).toBe('c');
  expect(catalog.next(b)!.stageIndex).toBe(1);
  expect(catalog.next(catalog.place('g', '', 'c')!)).toBeNull();
  expect(catalog.place('g', 'other', 'a')).toBeNull();
  expect(catalog.place('g', 'v', 'c')!.course.variant).toBe('v');
});

test('a stage opens at its first step not done, and counts its stars', () => {
  const stars = { [stepKey('g', '', 'a')]: 3 };
  expect(catalog.firstOpen(course, course.stages[0], stars).id).toBe('b');
  expect(stageStars(course, course.stages[0], stars)).toEqual({ earned: 3, done: 1 });
  // Another variant's stars are its own.
  expect(stageStars({ ...course, variant: 'v' }, course.stages[0], stars)).toEqual({ earned: 0, done: 0 });
  expect(catalog.firstOpen(course, course.stages[0], { ...stars, [stepKey('g', '', 'b')]: 1 }).id).toBe('a');
});

test('the learner plays every other move of a solution, and every move of a stars step', () => {
  expect(learnerLine(step('x', { solution: ['m1', 'r1', 'm2', 'r2', 'm3'] }))).toEqual(['m1', 'm2', 'm3']);
  expect(learnerLine(step('x', { goal: 'stars', solution: ['m1', 'm2'] }))).toEqual(['m1', 'm2']);
});

test('the best stars of a step are kept in the browser, and the best of the browser\'s and the profile\'s are shown', () => {
  const p = new LearnProgress();
  p.record('g//a', 2, false);
  p.record('g//a', 1, false);
  expect(p.starsOf('g//a')).toBe(2);
  expect(new LearnProgress().starsOf('g//a')).toBe(2);  // after a reload
  localStorage.setItem('qi.learn.stars', '{"g//a": 7, "g//b": "x", "g//c": 3}');
  const damaged = new LearnProgress();
  expect(damaged.starsOf('g//a')).toBe(0);
  expect(damaged.starsOf('g//b')).toBe(0);
  expect(damaged.starsOf('g//c')).toBe(3);
  localStorage.setItem('qi.learn.stars', 'not json');
  expect(new LearnProgress().stars()).toEqual({});
});

test('a refused move is drawn from its text when it names squares of the board', () => {
  const keys = new Set(['a0', 'b1', 'e2', 'e4', '11', '15', '18', 'b2']);
  expect(refusedSquares('a0b1', keys)).toEqual(['a0', 'b1']);
  expect(refusedSquares('e2e4', keys)).toEqual(['e2', 'e4']);
  expect(refusedSquares('11-15', keys)).toEqual(['11', '15']);
  expect(refusedSquares('11x18', keys)).toEqual(['11', '18']);
  expect(refusedSquares('b2', keys)).toEqual(['b2']);
  expect(refusedSquares('e2e5', keys)).toBeNull();
  expect(refusedSquares('O-O', keys)).toBeNull();
});
