// The two seats beside the board: "side · player" (a profile's name linking
// to its page, the engine's level, or "you") and the clock, the bottom one
// being the side drawn at the bottom of the board.
import type { GameView, Side } from './api';
import { VariantDescriptor, otherSide, sideIndex, sideTitle } from './descriptor';
import { currentLang, t } from './i18n';

const $ = (id: string) => document.getElementById(id)!;

export interface SeatContext {
  view: GameView;
  variant: VariantDescriptor | undefined;
  bottom: Side;  // the side at the bottom of the screen
  mine: Side[];  // the seats this page holds tokens for
  receivedAt: number;  // when the view arrived (performance.now()), for a running clock
  go: (path: string) => void;
}

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
    const who = seat.kind === 'engine' ? t('level_n', { n: String(seat.level) }) : seat.name ? (mine ? `${seat.name} (${t('you')})` : seat.name) : mine ? t('you') : '';
    const sideName = sideTitle(c.variant, side) ?? t(side);
    const label = box.querySelector<HTMLElement>('.name')!;
    const key = [sideName, who, seat.player_id ?? '', currentLang()].join('|');
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
    }
    const clock = box.querySelector<HTMLElement>('.clock')!;
    const live = view.outcome.verdict === 'ongoing';
    box.classList.toggle('to-move', view.side_to_move === side && live);
    // The opponent's presence (a person at another screen): here, or away.
    let dot = box.querySelector<HTMLElement>('.presence');
    if (!dot) { dot = document.createElement('span'); dot.className = 'presence'; label.after(dot); }
    const presence = view.presence?.[side];
    const shown = !!presence && seat.kind === 'human' && c.mine.length > 0 && !c.mine.includes(side) && live;
    dot.hidden = !shown;
    if (presence && shown) {
      dot.classList.toggle('away', !presence.here);
      dot.textContent = presence.here ? '●' : '○';
      dot.title = t(presence.here ? 'opponentHere' : 'opponentAway');
    }
    if (control.kind === 'unlimited') { clock.textContent = ''; clock.hidden = true; continue; }
    clock.hidden = false;
    // Each side's clock starts with its first move (the server says when): until then it shows its start value.
    const started = view.clock.started !== false;
    const perMove = control.kind === 'per_move';
    let ms = started ? view.clock.remaining_ms[idx] : startValue(view) ?? view.clock.remaining_ms[idx];
    const running = started && view.clock.running === side && live;
    if (running) ms -= performance.now() - c.receivedAt;
    // Under a time a move, the time left of this move, then the overruns so far (the view's, which changes at each).
    let text = clockText(perMove ? ((ms % control.per_move_ms) + control.per_move_ms) % control.per_move_ms || control.per_move_ms : ms);
    const overruns = view.clock.overruns[idx];
    if (perMove) text += ` · ${t('overruns')} ${overruns}/${control.max_overruns}`;
    clock.textContent = text;
    clock.classList.toggle('running', running);
    clock.classList.toggle('low', running && ms < 10000);
    // One overrun from losing on time: said in words beside the clock of the side to move.
    const lastChance = perMove && live && view.side_to_move === side && control.max_overruns > 0 && overruns === control.max_overruns - 1;
    clock.classList.toggle('last-overrun', lastChance);
    overrunWarning(box, lastChance);
    clock.classList.toggle('flagged', view.outcome.termination.startsWith('time') && ms <= 0);
  }
}
