// One step of a lesson on the page (/learn/<game>/[<variant>/]<step>): its
// board with the stars to visit, the goal in words, and the learner's moves
// judged by the server (POST /api/lessons/play). A refused move shows the
// rule's own words; a legal move that misses the goal says why and is taken
// back; after two such tries "Show me" plays the solution; the goal reached
// earns one to three stars, kept (learn_progress.ts). The page knows no rule:
// the server's legal moves say what a click may play.
import type { MoveText } from './api';
import { Board } from './board';
import { closeChooser, showChooser } from './chooser';
import { opponentPieceWords } from './click_refusal';
import { Selection, click, movable, targets } from './clicks';
import { GameCatalog, sideTitle } from './descriptor';
import { h } from './dom';
import { currentLang, t } from './i18n';
import { LessonCatalog, StepPlace, stepKey } from './learn_course';
import { lessonPath, mapPath } from './learn_paths';
import { LearnProgress } from './learn_progress';
import { MessageLine } from './message_line';
import { boardLookFor, defaultNotation } from './notation';
import { lookOf, piecesOn } from './pieces';
import { said } from './server_words';
import { Sounds } from './sounds';
import { StepAsk, StepEvent, StepPlay, askServer } from './step_play';

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

// What the reader has done to the board: a piece held, the pieces ringed
// after a click on one that cannot move, a refused move drawn.
interface BoardClicks { selection: Selection; ringed: string[]; refusedArrow: string[] | null }

export class LessonStepPage {
  private generation = 0;  // a newer step shown: answers for an older one are dropped

  constructor(private readonly deps: LessonDeps, private readonly ask: StepAsk = askServer) {}

  async render(host: HTMLElement, catalog: LessonCatalog, game: string, variant: string, id: string) {
    const generation = ++this.generation;
    const stale = () => generation !== this.generation;
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

    const opened = await StepPlay.open(place, this.ask);
    if (stale()) return;
    if (typeof opened === 'string') { messages.say(opened, 'error'); side.append(message); return; }
    const play = opened;
    const clicks: BoardClicks = { selection: { from: null, landings: [] }, ringed: [], refusedArrow: null };
    const learner = play.learner();
    const next = catalog.next(place);
    const notation = defaultNotation(v, currentLang());
    const keys = v.board.squares.map((s) => s.key);
    const board = new Board(boardHost, (key, dragged) => { onSquare(key, dragged); });
    // For the end-to-end tests: where a square is, and the step as the page sees it.
    (window as unknown as { qi: Record<string, unknown> }).qi.lesson = {
      centre: (key: string) => board.clientCentre(key),
      state: () => ({ step: place.step.id, moves: play.moves, position: play.position, earned: play.earned, misses: play.misses, showing: play.showing }),
    };

    const draw = () => {
      const live = !play.showing && !play.position.done;
      const held = live ? clicks.selection.from : null;
      board.render({
        look: boardLookFor(v, notation), pieces: v.pieces, board: play.position.cells, flipped: learner !== v.board.bottom_side,
        selected: held, targets: held ? targets(play.position.legal_moves, clicks.selection) : [], movable: live ? clicks.ringed : [],
        lastMove: play.lastMove, check: play.position.check_square, arrow: null, arrowLabel: null, arrowKind: null, bestArrow: null,
        pendingPath: held ? [held, ...clicks.selection.landings] : [], outcomeLine: [], stars: play.position.stars_left,
        refusedArrow: clicks.refusedArrow,
      });
      this.drawSide(side, play, message, next, { retry, showMe, whyNot });
    };

    // What a move came to, said (and heard; a step done is kept).
    const tell = (e: StepEvent) => {
      const sounds = this.deps.sounds;
      switch (e.kind) {
        case 'refused': sounds.play('wrong'); messages.say(said(e.words, e.code), 'error'); break;
        case 'missed': sounds.play('wrong'); messages.say(said(e.words), 'error'); break;
        case 'going':
          if (e.star) sounds.play('star');
          messages.say(e.answered ? t('learnTheyAnswered') : '');
          break;
        case 'done':
          if (play.showing) { messages.say(t('learnShown'), 'info'); break; }
          this.deps.progress.record(stepKey(game, variant, id), e.stars, e.saved);
          sounds.play('done');
          messages.say(next?.stageIndex === place.stageIndex ? t('learnDone') : `${t('learnDone')} ${t('learnStageDone')}`, 'info');
          break;
        case 'error': messages.say(e.text, 'error'); break;
      }
    };

    const send = async (move: MoveText | null, squares: string[] = []) => {
      const e = await play.play(move, squares);
      if (stale()) return;
      tell(e);
      draw();
    };

    const sideOn = (key: string) => {
      const code = piecesOn(play.position.cells, keys).get(key);
      return code ? lookOf(v.pieces, code)?.side : undefined;
    };
    const unselect = () => { clicks.selection = { from: null, landings: [] }; clicks.ringed = []; closeChooser(boardHost); };

    function onSquare(key: string, dragged: boolean) {
      if (play.showing) return;
      if (play.position.done) { messages.say(t('learnAlreadyDone'), 'info'); return; }
      closeChooser(boardHost);
      clicks.refusedArrow = null;
      const c = click(play.position.legal_moves, clicks.selection, key, dragged, (k) => sideOn(k) === play.position.side_to_move);
      switch (c.kind) {
        case 'select': clicks.selection = { from: c.square, landings: [] }; clicks.ringed = []; break;
        case 'deselect': unselect(); break;
        case 'blocked':
          clicks.selection = { from: c.square, landings: [] };
          clicks.ringed = movable(play.position.legal_moves);
          messages.say(t('noMoveFrom'), 'error');
          break;
        case 'extend': clicks.selection = { from: clicks.selection.from, landings: c.landings }; break;
        case 'play':
          if (c.moves.length === 1) { unselect(); send(c.moves[0]); return; }
          choose(c.moves);
          return;
        case 'explain': unselect(); draw(); send(null, c.squares); return;
        case 'ignore':
          if (!sideOn(key)) return;
          // The other side's piece: held all the same, so that a click where it would go gets the rule's words.
          clicks.selection = { from: key, landings: [] };
          messages.say(opponentPieceWords(v, [learner], play.position.side_to_move), 'error');
          break;
      }
      draw();
    }

    // Moves the clicks do not tell apart: a promotion's piece, or a capture's route.
    function choose(moves: MoveText[]) {
      const items = moves.map((m) => {
        const glyph = m.choice ? lookOf(v!.pieces, m.choice)?.glyph : undefined;
        return { move: m, label: glyph || m.display, route: !glyph };
      });
      showChooser(boardHost, items.every((i) => !i.route) ? t('choosePiece') : t('chooseRoute'), items, (m) => { unselect(); send(m); });
    }

    function retry() {
      if (play.showing) return;
      play.restart();
      unselect();
      clicks.refusedArrow = null;
      messages.say('');
      draw();
    }

    // The solution, a move at a time, from the start; no stars for it. The
    // goal reached stays in view a moment; then the board is the learner's again.
    async function showMe() {
      if (play.showing) return;
      unselect();
      clicks.refusedArrow = null;
      messages.say(t('learnWatch'), 'info');
      const pause = (ms: number) => new Promise<boolean>((ok) => setTimeout(() => ok(!stale()), ms));
      const shown = play.show((e) => {
        if (stale()) return false;
        tell(e);
        draw();
        return true;
      }, () => pause(SHOW_PAUSE_MS));
      draw();  // the board at the start, while the first move waits
      await shown;
      if (stale()) return;
      play.restart();
      messages.say(t('learnNowYou'), 'info');
      draw();
    }

    // One of the moves the rules refuse here, drawn, with the rule's words (no try is counted).
    async function whyNot() {
      if (play.showing) return;
      unselect();
      const shown = await play.refusedExample();
      if (stale() || !shown) return;
      clicks.refusedArrow = refusedSquares(shown.move, new Set(keys));
      const e = shown.event;
      messages.say(e.kind === 'refused' ? t('learnNotAllowed', { words: said(e.words, e.code) }) : e.kind === 'error' ? e.text : '', 'error');
      draw();
    }

    draw();
  }

  private backLink(game: string): HTMLElement {
    const a = h('a', { href: mapPath(game), class: 'learn-back', id: 'learn-back' }, t('learnBackToMap'));
    a.onclick = (e) => { e.preventDefault(); this.deps.go(mapPath(game)); };
    return a;
  }

  // The panel beside the board: where the step is, its goal, the stars, the buttons.
  private drawSide(side: HTMLElement, play: StepPlay, message: HTMLElement, next: StepPlace | null,
    actions: { retry(): void; showMe(): void; whyNot(): void }) {
    const { place } = play;
    const variant = this.deps.games.variantOf(place.course.game, place.course.variant);
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
    const you = h('p', { class: 'learn-you' }, t('learnYouPlay', { side: sideTitle(variant, play.learner()) ?? '' }));
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
