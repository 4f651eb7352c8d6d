// The lessons as the server maps them (GET /api/lessons, src/core/lesson.h):
// a course per game and variant, of stages of small steps. A step is a
// position, a goal in words for a child, marks (stars to visit) and the
// moves that solve it; the server judges every move (POST /api/lessons/play),
// so the page knows no rule here either: it only finds its way through the
// courses.
import type { MoveText, Side } from './api';
import { Words } from './server_words';

export type LessonGoal = 'stars' | 'play' | 'capture' | 'check' | 'ending';

export interface LessonStep {
  id: string; fen: string; goal: LessonGoal; en: string; zh: string;
  stars: string[];  // the squares to visit (goal 'stars')
  refused: string[];  // moves the rules refuse here, each showing a rule the step teaches
  teaches: string[];  // the rules' codes and endings
  solution: string[];  // both sides in turn from the position; the learner's only for 'stars'
  par: number;  // the learner's moves for three stars
  within: boolean; ending: string;
}
export interface LessonStage { id: string; en: string; zh: string; steps: LessonStep[] }
export interface LessonCourse { game: string; variant: string; stages: LessonStage[] }

// A step's position as the server gives it after each answer.
export interface StepPosition {
  fen: string; cells: string; side_to_move: Side; check_square: string | null;
  legal_moves: MoveText[]; stars_left: string[]; done: boolean;
}
// The server's judgment of one move (src/learn/step_run.h).
export interface StepAnswer {
  answer?: 'refused' | 'missed' | 'going' | 'done';
  refusal?: { code: string; words?: Words };
  missed?: Words;
  stars?: number;  // done: one to three
  saved?: boolean;  // done: kept for the logged-in profile
  replies: MoveText[];  // the other side's moves after the learner's
  position: StepPosition;
}

// Where a step is: its course, stage and place in both.
export interface StepPlace { course: LessonCourse; stage: LessonStage; stageIndex: number; step: LessonStep; stepIndex: number }

// A step's key in the progress kept for it: "chess//rook-stars" ("" is the game's default variant).
export function stepKey(game: string, variant: string, id: string): string { return `${game}/${variant}/${id}`; }

// The learner's moves of a step's solution (the other side's are the replies between them).
export function learnerLine(step: LessonStep): string[] {
  return step.goal === 'stars' ? step.solution : step.solution.filter((_, i) => i % 2 === 0);
}

// Stars earned for steps, by key, and how they add up.
export type StarsByStep = Record<string, number>;

export function stageStars(course: LessonCourse, stage: LessonStage, stars: StarsByStep): { earned: number; done: number } {
  let earned = 0, done = 0;
  for (const s of stage.steps) {
    const n = stars[stepKey(course.game, course.variant, s.id)] ?? 0;
    earned += n;
    if (n > 0) done++;
  }
  return { earned, done };
}

export class LessonCatalog {
  constructor(private readonly courses: LessonCourse[] = []) {}

  all(): LessonCourse[] { return this.courses; }
  ofGame(game: string): LessonCourse[] { return this.courses.filter((c) => c.game === game); }
  course(game: string, variant: string): LessonCourse | undefined {
    return this.courses.find((c) => c.game === game && c.variant === variant);
  }

  place(game: string, variant: string, id: string): StepPlace | null {
    const course = this.course(game, variant);
    if (!course) return null;
    for (const [stageIndex, stage] of course.stages.entries()) {
      const stepIndex = stage.steps.findIndex((s) => s.id === id);
      if (stepIndex >= 0) return { course, stage, stageIndex, step: stage.steps[stepIndex], stepIndex };
    }
    return null;
  }

  // The step after this one in its course (the next stage's first after a stage's last); null after the last.
  next(p: StepPlace): StepPlace | null {
    const { course, stageIndex, stepIndex } = p;
    if (stepIndex + 1 < p.stage.steps.length) return this.place(course.game, course.variant, p.stage.steps[stepIndex + 1].id);
    const stage = course.stages[stageIndex + 1];
    return stage ? this.place(course.game, course.variant, stage.steps[0].id) : null;
  }

  // The first step of a stage not yet done, else its first.
  firstOpen(course: LessonCourse, stage: LessonStage, stars: StarsByStep): LessonStep {
    return stage.steps.find((s) => !stars[stepKey(course.game, course.variant, s.id)]) ?? stage.steps[0];
  }
}
