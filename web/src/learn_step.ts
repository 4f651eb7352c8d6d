// One step of a lesson on the page (/learn/<game>/[<variant>/]<step>): its
// board with the stars to visit, the goal in words, and the learner's moves
// judged by the server (POST /api/lessons/play). A refused move shows the
// rule's own words; a legal move that misses the goal says why and is taken
// back; after two such tries "Show me" plays the solution; the goal reached
// earns one to three stars, kept (learn_progress.ts). The page knows no rule:
// the server's legal moves say what a click may play.
import { MoveText, call, errorText } from './api';
import { Board } from './board';
import { closeChooser, showChooser } from './chooser';
import { opponentPieceWords } from './click_refusal';
import { Selection, click, movable, targets } from './clicks';
import { GameCatalog, VariantDescriptor, sideTitle } from './descriptor';
import { h } from './dom';
import { currentLang, t } from './i18n';
import { LessonCatalog, StepAnswer, StepPlace, StepPosition, learnerLine, stepKey } from './learn_course';
import { lessonPath, mapPath } from './learn_paths';
import { LearnProgress } from './learn_progress';
import { MessageLine } from './message_line';
import { boardLookFor, defaultNotation } from './notation';
import { lookOf, piecesOn } from './pieces';
import { said } from './server_words';
import { Sounds } from './sounds';

// Tries that miss before "Show me" is offered (refused or missed moves).
const TRIES_BEFORE_SHOW = 2;
// The pause between the moves "Show me" plays.
const SHOW_PAUSE_MS = 700;

export interface LessonDeps {
  games: GameCatalog;
  progress: LearnProgress;
  sounds: Sounds;
  go(path: string): void;
}

// A refused move's squares, from its text, to draw it: "a0b1" (two squares
// of a letter and digits), "11-15" or "9x18x27" (numbered squares); null
// when the text is of another kind or names squares the board has not.
export function refusedSquares(move: string, keys: Set<string>): string[] | null {
  const parts = /[-x]/.test(move) ? move.split(/[-x]/) : move.match(/^([a-z]\d+)([a-z]\d+)$/)?.slice(1) ?? [move];
  return parts.length > 0 && parts.every((k) => keys.has(k)) ? parts : null;
}

// What the reader sees of a step being played, and what the page asks next.
interface Play {
  place: StepPlace;
  variant: VariantDescriptor;
  position: StepPosition;
  moves: string[];  // the learner's moves accepted so far (the server replays them)
  selection: Selection;
  ringed: string[];
  lastMove: string[];
  refusedArrow: string[] | null;
  misses: number;
  earned: number;  // stars for this try, once done
  showing: boolean;  // "Show me" is playing
  nextRefused: number;  // which of the step's refused moves "What is not allowed?" shows next
}

export class LessonStepPage {
  private generation = 0;  // a newer step shown: answers for an older one are dropped

  constructor(private readonly deps: LessonDeps) {}

  async render(host: HTMLElement, catalog: LessonCatalog, game: string, variant: string, id: string) {
    const generation = ++this.generation;
    const place = catalog.place(game, variant, id);
    const v = this.deps.games.variantOf(game, variant);
    if (!place || !v) {
      host.replaceChildren(h('div', { class: 'learn' }, h('p', { class: 'message error' }, t('learnNoStep')), this.backLink(game)));
      return;
    }
    this.deps.progress.setLast(lessonPath(game, variant, id));
    const boardHost = h('div', { class: 'board', id: 'learn-board' });
    const message = h('div', { class: 'message', id: 'learn-message', role: 'alert' });
    const messages = new MessageLine(() => message);
    const side = h('aside', { class: 'learn-side' });
    host.replaceChildren(h('div', { class: 'learn-step' }, h('section', { class: 'board-area learn-board-area' }, boardHost), side));

    const start = await this.ask(place, [], {});
    if (generation !== this.generation) return;
    if (!start.ok) { messages.say(start.error, 'error'); side.append(message); return; }
    const play: Play = {
      place, variant: v, position: start.answer.position, moves: [], selection: { from: null, landings: [] }, ringed: [], lastMove: [],
      refusedArrow: null, misses: 0, earned: 0, showing: false, nextRefused: 0,
    };
    const learner = start.answer.position.side_to_move;
    const next = catalog.next(place);
    const notation = defaultNotation(v, currentLang());
    const board = new Board(boardHost, (key, dragged) => { onSquare(key, dragged); });
    const stale = () => generation !== this.generation;
    // For the end-to-end tests: where a square is, and the step as the page sees it.
    (window as unknown as { qi: Record<string, unknown> }).qi.lesson = {
      centre: (key: string) => board.clientCentre(key),
      state: () => ({ step: place.step.id, moves: play.moves, position: play.position, earned: play.earned, misses: play.misses, showing: play.showing }),
    };

    const draw = () => {
      const live = !play.showing && !play.position.done;
      board.render({
        look: boardLookFor(v, notation), pieces: v.pieces, board: play.position.cells, flipped: learner !== v.board.bottom_side,
        selected: live ? play.selection.from : null, targets: live && play.selection.from ? targets(play.position.legal_moves, play.selection) : [],
        movable: live ? play.ringed : [], lastMove: play.lastMove, check: play.position.check_square, arrow: null, arrowLabel: null, arrowKind: null,
        bestArrow: null, pendingPath: live && play.selection.from ? [play.selection.from, ...play.selection.landings] : [], outcomeLine: [],
        stars: play.position.stars_left, refusedArrow: play.refusedArrow,
      });
      this.drawSide(side, play, learner, message, next, { retry, showMe, whyNot });
    };

    const sideOn = (key: string) => {
      const code = piecesOn(play.position.cells, v.board.squares.map((s) => s.key)).get(key);
      return code ? lookOf(v.pieces, code)?.side : undefined;
    };

    const answered = (a: StepAnswer, move: MoveText | null) => {
      const before = play.position.stars_left.length;
      play.refusedArrow = null;
      switch (a.answer) {
        case 'refused':
          play.misses++;
          this.deps.sounds.play('wrong');
          messages.say(said(a.refusal?.words, a.refusal?.code ?? ''), 'error');
          break;
        case 'missed':
          play.misses++;
          this.deps.sounds.play('wrong');
          play.lastMove = move?.squares ?? [];
          messages.say(said(a.missed), 'error');
          break;
        case 'going':
          if (move) play.moves.push(move.id);
          play.lastMove = a.replies.length ? a.replies[a.replies.length - 1].squares : move?.squares ?? [];
          if (a.position.stars_left.length < before) this.deps.sounds.play('star');
          messages.say(a.replies.length ? t('learnTheyAnswered') : '');
          break;
        case 'done':
          if (move) play.moves.push(move.id);
          play.lastMove = move?.squares ?? [];
          play.earned = play.showing ? 0 : a.stars ?? 1;
          if (!play.showing) {
            this.deps.progress.record(stepKey(game, variant, id), play.earned, a.saved === true);
            this.deps.sounds.play('done');
          }
          messages.say(play.showing ? t('learnShown') : next?.stageIndex === place.stageIndex ? t('learnDone') : `${t('learnDone')} ${t('learnStageDone')}`, 'info');
          break;
      }
      play.position = a.position;
    };

    const send = async (move: MoveText | null, squares: string[] | null) => {
      const r = await this.ask(place, play.moves, move ? { move: move.id } : { squares: squares ?? [] }, play.showing);
      if (stale()) return;
      if (!r.ok) messages.say(r.error, 'error');
      else answered(r.answer, move);
      draw();
    };

    const unselect = () => { play.selection = { from: null, landings: [] }; play.ringed = []; closeChooser(boardHost); };

    function onSquare(key: string, dragged: boolean) {
      if (play.showing) return;
      if (play.position.done) { messages.say(t('learnAlreadyDone'), 'info'); return; }
      closeChooser(boardHost);
      play.refusedArrow = null;
      const own = (k: string) => sideOn(k) === play.position.side_to_move;
      const c = click(play.position.legal_moves, play.selection, key, dragged, own);
      switch (c.kind) {
        case 'select': play.selection = { from: c.square, landings: [] }; play.ringed = []; break;
        case 'deselect': unselect(); break;
        case 'blocked':
          play.selection = { from: c.square, landings: [] };
          play.ringed = movable(play.position.legal_moves);
          messages.say(t('noMoveFrom'), 'error');
          break;
        case 'extend': play.selection = { from: play.selection.from, landings: c.landings }; break;
        case 'play':
          if (c.moves.length === 1) { unselect(); send(c.moves[0], null); return; }
          choose(c.moves);
          return;
        case 'explain': unselect(); draw(); send(null, c.squares); return;
        case 'ignore':
          if (!sideOn(key)) return;
          // The other side's piece: held all the same, so that a click where it would go gets the rule's words.
          play.selection = { from: key, landings: [] };
          messages.say(opponentPieceWords(v, [learner], play.position.side_to_move), 'error');
          break;
      }
      draw();
    }

    // Moves the clicks do not tell apart: a promotion's piece, or a capture's route.
    function choose(moves: MoveText[]) {
      const items = moves.map((m) => {
        const glyph = m.choice ? lookOf(play.variant.pieces, m.choice)?.glyph : undefined;
        return { move: m, label: glyph || m.display, route: !glyph };
      });
      showChooser(boardHost, items.every((i) => !i.route) ? t('choosePiece') : t('chooseRoute'), items, (m) => { unselect(); send(m, null); });
    }

    const restart = () => {
      play.position = start.answer.position;
      play.moves = [];
      play.lastMove = [];
      play.refusedArrow = null;
      play.earned = 0;
      unselect();
    };

    function retry() {
      if (play.showing) return;
      restart();
      messages.say('');
      draw();
    }

    // The solution, a move at a time, from the start; no stars for it.
    const showMe = async () => {
      if (play.showing) return;
      restart();
      play.showing = true;
      messages.say(t('learnWatch'), 'info');
      draw();
      for (const move of learnerLine(place.step)) {
        await new Promise((ok) => setTimeout(ok, SHOW_PAUSE_MS));
        if (stale()) return;
        const r = await this.ask(place, play.moves, { move }, true);
        if (stale()) return;
        if (!r.ok || r.answer.answer === 'refused' || r.answer.answer === 'missed') { messages.say(r.ok ? t('learnNoStep') : r.error, 'error'); break; }
        // The move as the server listed it before, for its squares.
        const listed = play.position.legal_moves.find((m) => m.id === move) ?? null;
        answered(r.answer, listed ?? { id: move, display: move, squares: [] });
        draw();
      }
      // The goal reached stays in view a moment; then the board is the learner's again.
      await new Promise((ok) => setTimeout(ok, SHOW_PAUSE_MS * 2));
      if (stale()) return;
      play.showing = false;
      restart();
      messages.say(t('learnNowYou'), 'info');
      draw();
    };

    // One of the moves the rules refuse here, drawn, with the rule's words (no try is counted).
    const whyNot = async () => {
      const refused = place.step.refused;
      if (play.showing || refused.length === 0) return;
      if (play.moves.length) restart();
      const move = refused[play.nextRefused++ % refused.length];
      unselect();
      const r = await this.ask(place, [], { move });
      if (stale()) return;
      play.position = start.answer.position;
      play.refusedArrow = refusedSquares(move, new Set(v.board.squares.map((s) => s.key)));
      if (r.ok && r.answer.answer === 'refused') messages.say(t('learnNotAllowed', { words: said(r.answer.refusal?.words, r.answer.refusal?.code ?? '') }), 'error');
      else messages.say(r.ok ? '' : r.error, 'error');
      draw();
    };

    draw();
  }

  // The server's judgment of a move after the learner's moves so far (none: the step's start).
  private async ask(place: StepPlace, moves: string[], extra: { move?: string; squares?: string[] }, demo = false):
    Promise<{ ok: true; answer: StepAnswer } | { ok: false; error: string }> {
    const { course, step } = place;
    try {
      const answer = await call<StepAnswer>('POST', '/api/lessons/play', { game: course.game, variant: course.variant, step: step.id, moves, ...extra, ...(demo ? { demo: true } : {}) });
      return { ok: true, answer };
    } catch (e) {
      return { ok: false, error: errorText(e) };
    }
  }

  private backLink(game: string): HTMLElement {
    const a = h('a', { href: mapPath(game), class: 'learn-back', id: 'learn-back' }, t('learnBackToMap'));
    a.onclick = (e) => { e.preventDefault(); this.deps.go(mapPath(game)); };
    return a;
  }

  // The panel beside the board: where the step is, its goal, the stars, the buttons.
  private drawSide(side: HTMLElement, play: Play, learner: 'first' | 'second', message: HTMLElement, next: StepPlace | null,
    actions: { retry(): void; showMe(): void; whyNot(): void }) {
    const { place, variant } = play;
    const { course, stage, stageIndex, step, stepIndex } = place;
    const lang = currentLang();
    const progress = this.deps.progress;
    const dots = h('ol', { class: 'learn-dots', 'aria-label': t('learnSteps') });
    for (const [i, s] of stage.steps.entries()) {
      const stars = progress.starsOf(stepKey(course.game, course.variant, s.id));
      const b = h('button', { type: 'button', class: 'learn-dot' + (i === stepIndex ? ' current' : '') + (stars ? ' done' : ''), 'data-step': s.id, title: t('learnStepN', { n: String(i + 1) }) }, String(i + 1));
      b.onclick = () => this.deps.go(lessonPath(course.game, course.variant, s.id));
      dots.append(h('li', {}, b));
    }
    const goal = h('p', { class: 'learn-goal', id: 'learn-goal' }, lang === 'zh' ? step.zh : step.en);
    const you = h('p', { class: 'learn-you' }, t('learnYouPlay', { side: sideTitle(variant, learner) ?? '' }));
    // How to move, in the first stage: someone new to the page may not know to tap twice.
    const places = play.position.legal_moves.some((m) => m.squares.length === 1);
    const how = stageIndex === 0 ? [h('p', { class: 'learn-how' }, t(places ? 'learnHowToPlace' : 'learnHowToMove'))] : [];
    const par = h('p', { class: 'learn-par' }, t(step.par === 1 ? (step.within ? 'learnWithin1' : 'learnPar1') : step.within ? 'learnWithin' : 'learnPar', { n: String(step.par) }));
    const best = progress.starsOf(stepKey(course.game, course.variant, step.id));
    const earned = h('div', { class: 'learn-earned', id: 'learn-earned', hidden: '' });
    if (play.position.done && !play.showing) {
      earned.hidden = false;
      earned.append(starRow(play.earned, 3), h('span', {}, t(play.earned === 3 ? 'learnPerfect' : 'learnFewerMoves')));
    }
    const button = (id: string, key: Parameters<typeof t>[0], onclick: () => void, cls = '') => {
      const b = h('button', { type: 'button', id, class: cls }, t(key));
      b.onclick = onclick;
      return b;
    };
    const controls = h('div', { class: 'controls learn-controls' });
    controls.append(button('learn-retry', 'learnRetry', actions.retry));
    if (play.misses >= TRIES_BEFORE_SHOW && !play.position.done) controls.append(button('learn-show', 'learnShowMe', actions.showMe, 'primary'));
    if (step.refused.length) controls.append(button('learn-why-not', 'learnWhyNot', actions.whyNot));
    const nextButton = button('learn-next', next && next.stageIndex !== stageIndex ? 'learnNextStage' : next ? 'learnNext' : 'learnFinished', () => {
      this.deps.go(next ? lessonPath(course.game, course.variant, next.step.id) : mapPath(course.game));
    }, play.position.done && !play.showing ? 'primary big' : '');
    controls.append(nextButton);
    const sound = h('button', { type: 'button', id: 'learn-sound', class: 'learn-sound', title: t('learnSound'), 'aria-label': t('learnSound') });
    const showSound = () => { sound.replaceChildren(speakerIcon(this.deps.sounds.on())); sound.setAttribute('aria-pressed', String(this.deps.sounds.on())); };
    sound.onclick = () => { this.deps.sounds.setOn(!this.deps.sounds.on()); showSound(); };
    showSound();
    const title = this.deps.games.title(course.game, course.variant);
    side.replaceChildren(
      h('div', { class: 'learn-crumbs' }, this.backLink(course.game), sound),
      h('h2', { class: 'learn-stage' }, `${title} · ${stageIndex + 1}. ${lang === 'zh' ? stage.zh : stage.en}`),
      dots, goal, ...how, you, par,
      ...(best && !earned.childElementCount ? [h('p', { class: 'learn-best' }, t('learnBest'), ' ', starRow(best, 3))] : []),
      message, earned, controls);
  }
}

// n of `of` stars, filled then hollow.
export function starRow(n: number, of: number): HTMLElement {
  const row = h('span', { class: 'star-row', 'aria-label': t('learnStars', { n: String(n) }), 'data-stars': String(n) });
  for (let i = 0; i < of; i++) row.append(h('span', { class: i < n ? 'star full' : 'star' }, i < n ? '★' : '☆'));
  return row;
}

// A loudspeaker, with sound waves when on and a cross when off (drawn: no emoji font is needed).
function speakerIcon(on: boolean): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  const path = (d: string, cls = '') => {
    const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    p.setAttribute('d', d);
    if (cls) p.setAttribute('class', cls);
    svg.appendChild(p);
  };
  path('M3 9h4l5-4v14l-5-4H3z', 'body');
  if (on) { path('M15.5 8.5a5 5 0 0 1 0 7'); path('M18.5 5.5a9 9 0 0 1 0 13'); }
  else { path('M16 9l6 6'); path('M22 9l-6 6'); }
  return svg;
}
