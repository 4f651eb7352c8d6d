// A knockout's bracket as the page draws it, as pure functions of the
// server's view (tournament_api.ts): a column for each bracket round, from
// the first to the final, each match a box with its two slots. The server
// sends the rounds its results reach; the later ones are drawn here as
// slots waiting for the winners of earlier matches (bracket round r + 1's
// match k takes the winners of round r's matches 2k - 1 and 2k), filled
// with a name as soon as that earlier match is decided. Matches are
// numbered through the whole bracket (the final last), so a slot can say
// whose winner it waits for.
import { WordKey, currentLang, t } from './i18n';
import type { BracketMatch, MatchGame, TournamentView } from './tournament_api';
import { crossoverSlots, qualifierLabels } from './tournament_groups';
import { entrantName, resultText } from './tournament_view';

// One side of a match box: an entrant (with their seed, the starting rank,
// or after groups their place and group: "1A"),
// a bye, or a slot still waiting for an earlier match's winner.
export interface Slot {
  entrant: number;  // 0: nobody (a bye, or not known yet)
  name: string; seed: string; score: string; won: boolean;
}

// A game of a match: its link's label (1, 2 for the regular games, T1… for
// tie-break games, A for the armageddon game) and its result.
export interface GameLink { game_id: string | null; label: string; title: string; result: string }

export interface MatchBox {
  number: number;  // through the whole bracket
  a: Slot; b: Slot;
  // between: a game played and the next not started; next says what the next game is when it is not a regular one.
  state: 'waiting' | 'playing' | 'between' | 'decided' | 'bye';
  next: string;
  armageddon: boolean;  // decided by the armageddon game
  decidedBy: string;  // how, in the page's words ('' while undecided)
  games: GameLink[];
}

export interface Column { round: number; title: string; matches: MatchBox[] }

// The matches of bracket round r in a bracket of `planned` rounds: half as many each round, one in the final.
export function matchesInRound(round: number, planned: number): number {
  return 2 ** Math.max(0, planned - round);
}

// The number, through the whole bracket, of round r's match k.
export function matchNumber(round: number, match: number, planned: number): number {
  let before = 0;
  for (let r = 1; r < round; r++) before += matchesInRound(r, planned);
  return before + match;
}

// A bracket round's name: the final, the semi-finals, the quarter-finals, else "round of 16".
export function roundTitle(round: number, planned: number): string {
  const left = planned - round;
  if (left === 0) return t('koFinal');
  if (left === 1) return t('koSemiFinals');
  if (left === 2) return t('koQuarterFinals');
  return t('koRoundOf', { n: String(2 ** (left + 1)), half: String(2 ** left) });
}

// A score as written in a match: 1½, ½, 0.
export function scoreText(n: number): string {
  const whole = Math.floor(n);
  const half = n - whole >= 0.5;
  return half ? (whole ? `${whole}½` : '½') : String(whole);
}

const DECIDED_BY: Record<string, WordKey> = {
  bye: 'koByBye', games: 'koByGames', 'tie-break games': 'koByTieBreak', armageddon: 'koByArmageddon', lot: 'koByLot',
};

function gameLinks(view: TournamentView, m: BracketMatch): GameLink[] {
  const regular = view.match_games ?? 2;
  const tieBreaks = (view.tie_break_games ?? []).reduce((a, b) => a + b, 0);
  return m.games.map((g: MatchGame, i) => {
    const label = i < regular ? String(i + 1) : i < regular + tieBreaks ? `T${i - regular + 1}` : 'A';
    const kind = i < regular ? t('koGameN', { n: String(i + 1) }) : i < regular + tieBreaks ? t('koTieBreakGame') : t('koArmageddonGame');
    return { game_id: g.game_id, label, result: g.result ? resultText(g.result) : '',
      title: `${kind}: ${t('koMovesFirst', { name: entrantName(view, g.first) })}${g.result ? ', ' + resultText(g.result) : ''}` };
  });
}

function slotOf(view: TournamentView, entrant: number, score: string, won: boolean): Slot {
  return { entrant, name: entrantName(view, entrant), seed: qualifierLabels(view).get(entrant) ?? String(entrant), score, won };
}

// A slot of a round the results have not reached: the earlier match's winner once known, else who it waits for.
function waitingSlot(view: TournamentView, earlier: MatchBox | undefined, number: number): Slot {
  const winner = earlier?.a.won ? earlier.a.entrant : earlier?.b.won ? earlier.b.entrant : 0;
  if (winner) return slotOf(view, winner, '', false);
  return { entrant: 0, name: t('koWinnerOf', { n: String(number) }), seed: '', score: '', won: false };
}

// The bracket's columns, the first round first and the final last.
export function bracketColumns(view: TournamentView): Column[] {
  const bracket = view.bracket;
  if (!bracket || bracket.rounds_planned < 1) return [];
  const planned = bracket.rounds_planned;
  const columns: Column[] = [];
  for (let r = 1; r <= planned; r++) {
    const known = bracket.rounds.find((x) => x.round === r);
    const matches: MatchBox[] = [];
    for (let k = 1; k <= matchesInRound(r, planned); k++) {
      const number = matchNumber(r, k, planned);
      const m = known?.matches.find((x) => x.match === k);
      if (m) {
        const bye = m.b === 0;
        const decided = m.winner !== 0;
        const shown = !bye && (m.games.length > 0 || decided);
        matches.push({
          number,
          a: slotOf(view, m.a, shown ? scoreText(m.score_a) : '', decided && m.winner === m.a),
          b: bye ? { entrant: 0, name: t('tBye'), seed: '', score: '', won: false } : slotOf(view, m.b, shown ? scoreText(m.score_b) : '', decided && m.winner === m.b),
          state: bye ? 'bye' : decided ? 'decided' : m.playing ? 'playing' : m.games.length ? 'between' : 'waiting',
          next: decided ? '' : m.stage === 'armageddon' ? t('koArmageddonGame') : m.stage === 'tie-break' ? t('koTieBreakGame') : '',
          armageddon: m.decided_by === 'armageddon',
          decidedBy: DECIDED_BY[m.decided_by] ? t(DECIDED_BY[m.decided_by]) : '',
          games: gameLinks(view, m),
        });
      } else {
        const earlier = r > 1 ? columns[r - 2].matches : [];
        const from = (j: number) => matchNumber(r - 1, j, planned);
        const crossover = r === 1 ? crossoverSlots(view)[k - 1] : undefined;
        if (crossover) {
          // Before the groups end: who will meet, by place and group.
          const label = (x: string) => ({ entrant: 0, name: t('gkPlaceOfGroup', { place: x.slice(0, 1), group: x.slice(1) }), seed: x, score: '', won: false });
          matches.push({ number, a: label(crossover[0]), b: label(crossover[1]), state: 'waiting', next: '', armageddon: false, decidedBy: '', games: [] });
          continue;
        }
        matches.push({
          number, a: waitingSlot(view, earlier[2 * k - 2], from(2 * k - 1)), b: waitingSlot(view, earlier[2 * k - 1], from(2 * k)),
          state: 'waiting', next: '', armageddon: false, decidedBy: '', games: [],
        });
      }
    }
    columns.push({ round: r, title: roundTitle(r, planned), matches });
  }
  return columns;
}

// English ordinals: 1st, 2nd, 3rd, 4th, 11th, 21st.
function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return n + (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
}

// A place as written: "1st", "3rd–4th" when `sharing` entrants share it from `place` on.
export function placeText(place: number, sharing: number): string {
  const last = place + Math.max(1, sharing) - 1;
  if (currentLang() === 'zh') return last > place ? t('koPlaceRange', { n: String(place), m: String(last) }) : t('koPlace', { n: String(place) });
  return last > place ? `${ordinal(place)}–${ordinal(last)}` : ordinal(place);
}

// The placings known so far, best first: each place with the entrants who share it.
export function placings(view: TournamentView): { place: number; text: string; names: string[] }[] {
  const byPlace = new Map<number, number[]>();
  for (const [entrant, place] of Object.entries(view.bracket?.placings ?? {})) byPlace.set(place, [...(byPlace.get(place) ?? []), Number(entrant)]);
  return [...byPlace.entries()].sort((x, y) => x[0] - y[0]).map(([place, entrants]) => ({
    place, text: placeText(place, entrants.length), names: entrants.sort((x, y) => x - y).map((e) => entrantName(view, e)),
  }));
}

// Where a knockout is: not started, the bracket round being played, or over with its champion.
export function knockoutProgress(view: TournamentView): string {
  const b = view.bracket;
  if (!b || !b.rounds.length) return t('tNotStarted');
  if (b.champion) return t('koChampionIs', { name: entrantName(view, b.champion) });
  return roundTitle(b.rounds[b.rounds.length - 1].round, b.rounds_planned);
}

// A knockout's own terms as the tournament's facts say them: "2 games a match, tie-break games 2+2, then armageddon".
export function knockoutFacts(view: TournamentView): string {
  const games = view.match_games ?? 2;
  const parts = [games === 1 ? t('koFormatFacts1') : t('koFormatFacts', { n: String(games) })];
  if (view.tie_break_games?.length) parts.push(t('koTieBreakFacts', { list: view.tie_break_games.join('+') }));
  parts.push(view.decider === 'lot' ? t('koLot') : t('koArmageddon'));
  return parts.join(' · ');
}
