// The two seats beside the board: "side · player" (a profile's name linking
// to its page, the engine's level, or "you") and the clock, the bottom one
// being the side drawn at the bottom of the board.
import type { GameView, Side } from './api';
import { VariantDescriptor, otherSide, sideIndex, sideTitle } from './descriptor';
import { $ } from './dom';
import { currentLang, t } from './i18n';

export interface SeatContext {
  view: GameView;
  variant: VariantDescriptor | undefined;
  bottom: Side;  // the side at the bottom of the screen
  mine: Side[];  // the seats this page holds tokens for
  receivedAt: number;  // when the view arrived (performance.now()), for a running clock
  go: (path: string) => void;
}

// The endings on time: a flag fallen (a win, or a draw when the other side cannot win) or the overruns used up.
const lostOnTime = (termination: string) => termination === 'time' || termination === 'time_cannot_win' || termination === 'overruns';

function clockText(ms: number): string {
  if (ms < 0) ms = 0;
  const s = Math.ceil(ms / 1000);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

// The clock's value before it starts: the base time, or the time a move.
function startValue(view: GameView): number | undefined {
  const control = view.clock.control;
  if (control.kind === 'per_move') return control.per_move_ms;
  return control.base_ms || undefined;
}

// The words "the next overrun loses" beside a clock, shown or not.
function overrunWarning(box: HTMLElement, shown: boolean) {
  let warning = box.querySelector<HTMLElement>('.overrun-warning');
  if (!warning) {
    warning = document.createElement('span');
    warning.className = 'overrun-warning';
    box.querySelector('.clock')!.before(warning);
  }
  warning.hidden = !shown;
  warning.textContent = shown ? t('nextOverrunLoses') : '';
}

export function renderSeats(c: SeatContext) {
  const { view } = c;
  const control = view.clock.control;
  for (const [id, side] of [['player-bottom', c.bottom], ['player-top', otherSide(c.bottom)]] as const) {
    const box = $(id);
    const idx = sideIndex(side);
    const seat = view.seats[idx];
    // The side, then who plays it: the engine's level, the player's name, or "you".
    const mine = c.mine.includes(side) && c.mine.length === 1;
    const who = seat.open ? t('waitingForPlayer') : seat.kind === 'engine' ? t('level_n', { n: String(seat.level) }) : seat.name ? (mine ? `${seat.name} (${t('you')})` : seat.name) : mine ? t('you') : '';
    const sideName = sideTitle(c.variant, side) ?? t(side);
    const label = box.querySelector<HTMLElement>('.name')!;
    // The opponent's presence (a person on another device): here, or gone.
    const watched = c.mine.length === 1 && !c.mine.includes(side) && seat.kind === 'human' && !seat.open && view.presence;
    const here = watched ? view.presence![side]?.here !== false : null;
    const key = [sideName, who, seat.player_id ?? '', currentLang(), here ?? ''].join('|');
    if (label.dataset.key !== key) {  // drawn again only when it changes, so that its link stays clickable
      label.dataset.key = key;
      label.replaceChildren(sideName);
      if (who && seat.player_id) {
        const a = document.createElement('a');
        a.href = '/player/' + seat.player_id;
        a.textContent = who;
        a.onclick = (e) => { e.preventDefault(); c.go(a.getAttribute('href')!); };
        label.append(' · ', a);
      } else if (who) label.append(' · ' + who);
      if (here !== null) {
        const dot = document.createElement('span');
        dot.className = 'presence ' + (here ? 'here' : 'gone');
        dot.title = t(here ? 'here' : 'gone');
        dot.setAttribute('aria-label', dot.title);
        const word = document.createElement('small');
        word.className = 'presence-word';
        word.textContent = t(here ? 'here' : 'gone');
        label.append(' ', dot, word);
      }
    }
    const clock = box.querySelector<HTMLElement>('.clock')!;
    const live = view.outcome.verdict === 'ongoing';
    box.classList.toggle('to-move', view.side_to_move === side && live);
    if (control.kind === 'unlimited') { clock.textContent = ''; clock.hidden = true; continue; }
    clock.hidden = false;
    // Each side's clock starts with its first move (the server says when): until then it shows its start value.
    const started = view.clock.started;
    const perMove = control.kind === 'per_move';
    let ms = started ? view.clock.remaining_ms[idx] : startValue(view) ?? view.clock.remaining_ms[idx];
    const running = started && view.clock.running === side && live;
    if (running) ms -= performance.now() - c.receivedAt;
    // The side whose time ran out (its flag fell, or its overruns used up) has none left, whatever the next move's
    // time would have been.
    const outOfTime = lostOnTime(view.outcome.termination) && view.outcome.side === side;
    if (outOfTime) ms = 0;
    // Under a time a move, the time left of this move, then the overruns so far (the view's, which changes at each).
    let text = clockText(perMove && !outOfTime ? ((ms % control.per_move_ms) + control.per_move_ms) % control.per_move_ms || control.per_move_ms : ms);
    const overruns = view.clock.overruns[idx];
    if (perMove) text += ` · ${t('overruns')} ${overruns}/${control.max_overruns}`;
    clock.textContent = text;
    clock.classList.toggle('running', running);
    clock.classList.toggle('low', running && ms < 10000);
    // One overrun from losing on time: said in words beside the clock of the side to move.
    const lastChance = perMove && live && view.side_to_move === side && control.max_overruns > 0 && overruns === control.max_overruns - 1;
    clock.classList.toggle('last-overrun', lastChance);
    overrunWarning(box, lastChance);
    clock.classList.toggle('flagged', outOfTime);
  }
}
