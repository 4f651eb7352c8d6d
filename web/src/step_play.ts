// One step of a lesson being played, apart from how it is drawn: the
// learner's moves the server accepted, the position it gave last, the tries
// that missed, the stars earned; each move sent to the server
// (POST /api/lessons/play, which replays the moves so far and judges the new
// one) and its answer applied. The page (learn_step.ts) draws it and turns
// what happened into words, sounds and kept stars.
import { MoveText, call, errorText } from './api';
import { StepAnswer, StepPlace, StepPosition, learnerLine } from './learn_course';
import { Words } from './server_words';

// What a move came to, for the page to say.
export type StepEvent =
  | { kind: 'refused'; words?: Words; code: string }  // the rules refuse it: nothing changed
  | { kind: 'missed'; words?: Words }  // legal, but not toward the goal: taken back
  | { kind: 'going'; star: boolean; answered: boolean }  // on the way (a star collected; the other side answered)
  | { kind: 'done'; stars: number; saved: boolean }  // the goal reached (no stars while shown)
  | { kind: 'error'; text: string };  // the server could not answer

// Asks the server to judge a move after the learner's moves so far (no move: the step's start).
export type StepAsk = (place: StepPlace, moves: string[], extra: { move?: string; squares?: string[] }, demo: boolean) => Promise<StepAnswer>;

export const askServer: StepAsk = (place, moves, extra, demo) =>
  call<StepAnswer>('POST', '/api/lessons/play', {
    game: place.course.game, variant: place.course.variant, step: place.step.id, moves, ...extra, ...(demo ? { demo: true } : {}),
  });

export class StepPlay {
  position: StepPosition;
  moves: string[] = [];  // the learner's moves accepted so far (the server replays them)
  lastMove: string[] = [];  // the squares of the move to mark: the learner's, or the reply to it
  misses = 0;  // tries refused or missed: "Show me" comes after two
  earned = 0;  // stars for this try, once done
  showing = false;  // "Show me" is playing the solution
  private nextRefused = 0;  // which of the step's refused moves is shown next

  private constructor(readonly place: StepPlace, private readonly start: StepPosition, private readonly ask: StepAsk) {
    this.position = start;
  }

  // The step at its start, or the server's reason it cannot be played.
  static async open(place: StepPlace, ask: StepAsk = askServer): Promise<StepPlay | string> {
    try {
      return new StepPlay(place, (await ask(place, [], {}, false)).position, ask);
    } catch (e) {
      return errorText(e);
    }
  }

  // The side the learner plays: the one to move at the start.
  learner() { return this.start.side_to_move; }

  // A move (as the server listed it) or clicked squares that make none, judged.
  async play(move: MoveText | null, squares: string[] = []): Promise<StepEvent> {
    try {
      const a = await this.ask(this.place, this.moves, move ? { move: move.id } : { squares }, this.showing);
      return this.apply(a, move);
    } catch (e) {
      return { kind: 'error', text: errorText(e) };
    }
  }

  // The server's answer to `move` taken in.
  apply(a: StepAnswer, move: MoveText | null): StepEvent {
    const starsBefore = this.position.stars_left.length;
    let event: StepEvent;
    switch (a.answer) {
      case 'refused':
        this.misses++;
        return { kind: 'refused', words: a.refusal?.words, code: a.refusal?.code ?? '' };
      case 'missed':
        this.misses++;
        this.lastMove = move?.squares ?? [];
        event = { kind: 'missed', words: a.missed };
        break;
      case 'done':
        if (move) this.moves.push(move.id);
        this.lastMove = move?.squares ?? [];
        this.earned = this.showing ? 0 : a.stars ?? 1;
        event = { kind: 'done', stars: this.earned, saved: a.saved === true };
        break;
      default:  // going
        if (move) this.moves.push(move.id);
        this.lastMove = a.replies.length ? a.replies[a.replies.length - 1].squares : move?.squares ?? [];
        event = { kind: 'going', star: a.position.stars_left.length < starsBefore, answered: a.replies.length > 0 };
    }
    this.position = a.position;
    return event;
  }

  // Back to the step's start (the tries that missed still count).
  restart() {
    this.position = this.start;
    this.moves = [];
    this.lastMove = [];
    this.earned = 0;
  }

  // The solution played from the start, a move at a time: `each` after each
  // move (false: stop, the page has gone elsewhere), `pause` before each.
  async show(each: (e: StepEvent) => boolean, pause: () => Promise<boolean>): Promise<void> {
    this.restart();
    this.showing = true;
    try {
      for (const id of learnerLine(this.place.step)) {
        if (!(await pause())) return;
        // The move as the server listed it, for its squares.
        const listed = this.position.legal_moves.find((m) => m.id === id) ?? { id, display: id, squares: [] };
        const e = await this.play(listed);
        if (!each(e) || e.kind === 'refused' || e.kind === 'missed' || e.kind === 'error') return;
      }
      await pause();
    } finally {
      this.showing = false;
    }
  }

  // One of the moves the step's rule refuses, in turn, with the rule's words;
  // no try is counted, and the board is back at the start.
  async refusedExample(): Promise<{ move: string; event: StepEvent } | null> {
    const refused = this.place.step.refused;
    if (refused.length === 0) return null;
    this.restart();
    const move = refused[this.nextRefused++ % refused.length];
    try {
      const a = await this.ask(this.place, [], { move }, false);
      return { move, event: a.answer === 'refused' ? { kind: 'refused', words: a.refusal?.words, code: a.refusal?.code ?? '' } : { kind: 'error', text: '' } };
    } catch (e) {
      return { move, event: { kind: 'error', text: errorText(e) } };
    }
  }
}
