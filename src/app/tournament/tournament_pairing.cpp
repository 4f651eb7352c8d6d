// Pairing a tournament's next round (tournament_pairing.h).
#include "app/tournament/tournament_pairing.h"

#include <algorithm>

#include "app/refusal_codes.h"

#include "app/tournament/tournament_groups.h"
#include "app/tournament/tournament_knockout.h"
#include "app/tournament/tournament_trf.h"
#include "competition/round_robin.h"
#include "competition/swiss/dutch.h"

namespace qi::app {

namespace {

// A board with one player who withdrew: the one still in wins by forfeit
// (FIDE C.05 on round robins: the remaining games of a withdrawn player are
// scored as forfeits once half of them are played; simpler and the same for
// every board here).
void score_withdrawals(const Tournament& t, Board& b) {
  if (b.second == 0) return;
  const bool first_out = t.entrants[b.first - 1].withdrawn;
  const bool second_out = t.entrants[b.second - 1].withdrawn;
  if (!first_out && !second_out) return;
  b.result = first_out && second_out ? BoardResult::BothAbsent
             : first_out             ? BoardResult::SecondByForfeit
                                     : BoardResult::FirstByForfeit;
  b.result_by = "withdrawal";
}

Expected<std::vector<Board>> round_robin_boards(Tournament& t, int round) {
  if (t.field.empty())
    for (const Entrant& e : t.entrants)
      if (!e.withdrawn) t.field.push_back(e.number);
  const int players = static_cast<int>(t.field.size());
  const int cycles = t.settings.format == "double-round-robin" ? 2 : 1;
  std::vector<Board> boards;
  std::vector<bool> paired(players, false);
  for (const competition::Pairing& p : competition::round_robin_pairings(players, cycles)) {
    if (p.round != round) continue;
    Board b;
    b.first = t.field[p.first];
    b.second = t.field[p.second];
    paired[p.first] = paired[p.second] = true;
    boards.push_back(std::move(b));
  }
  // The player the table pairs with its dummy (an odd number of players)
  // sits the round out, after the games.
  for (int i = 0; i < players; ++i)
    if (!paired[i]) {
      Board b;
      b.first = t.field[i];
      b.result = BoardResult::Bye;
      b.result_by = "pairing";
      boards.push_back(std::move(b));
    }
  return boards;
}

// The seeds are the starting ranks of the players in when it begins. A
// groups-then-knockout event plays its groups' rounds first.
Expected<std::vector<Board>> knockout_boards(Tournament& t) {
  if (t.field.empty())
    for (const Entrant& e : t.entrants)
      if (!e.withdrawn) t.field.push_back(e.number);
  if (t.has_groups()) {
    if (static_cast<int>(t.field.size()) < kQualifiersPerGroup * t.settings.groups)
      return make_error(refusal("too_few_entrants"), "each group needs two players or more");
    const int round = static_cast<int>(t.rounds.size()) + 1;
    if (round <= group_stage_rounds(t)) return group_round_boards(t, round);
  }
  return knockout_next_boards(t);
}

Expected<std::vector<Board>> swiss_boards(const Tournament& t) {
  auto pairs = competition::swiss::pair_dutch(tournament_trf(t, true));
  if (!pairs)
    return make_error(refusal("cannot_pair"), "the round cannot be paired: " + pairs.error().message);
  std::vector<Board> boards;
  for (const competition::swiss::SwissPairing& p : *pairs) {
    Board b;
    b.first = p.white;
    b.second = p.black;
    if (p.black == 0) {
      b.result = BoardResult::Bye;
      b.result_by = "pairing";
    }
    boards.push_back(std::move(b));
  }
  return boards;
}

// The starting ranks, fixed when the first round is paired: by rating, the
// highest first, the unrated after the rated, and by entry among equals
// (FIDE C.04.2: the initial order by rating; the seeds of a knockout and
// the groups' serpentine follow it too). Late entries come after them all.
void rank_by_rating(Tournament& t) {
  std::stable_sort(t.entrants.begin(), t.entrants.end(),
                   [](const Entrant& a, const Entrant& b) { return a.rating > b.rating; });
  for (std::size_t i = 0; i < t.entrants.size(); ++i) t.entrants[i].number = static_cast<int>(i) + 1;
}

}  // namespace

Expected<TournamentRound> pair_next_round(Tournament& t, std::int64_t now_ms) {
  if (!t.rounds.empty() && !t.rounds.back().complete())
    return make_error(refusal("round_incomplete"), "round " + std::to_string(t.rounds.back().number) +
                                                       " still has boards without a result");
  const int active = static_cast<int>(
      std::count_if(t.entrants.begin(), t.entrants.end(), [](const Entrant& e) { return !e.withdrawn; }));
  if (t.rounds.empty() && active < 2)
    return make_error(refusal("too_few_entrants"), "a tournament needs two players or more");
  if (t.finished() || (!t.is_knockout() && static_cast<int>(t.rounds.size()) >= t.rounds_planned()))
    return make_error(refusal("no_rounds_left"), "every round of the tournament has been played");
  if (t.rounds.empty()) rank_by_rating(t);
  TournamentRound round;
  round.number = static_cast<int>(t.rounds.size()) + 1;
  round.started_ms = now_ms;
  auto boards = t.is_swiss()      ? swiss_boards(t)
                : t.is_knockout() ? knockout_boards(t)
                                  : round_robin_boards(t, round.number);
  if (!boards) return boards.error();
  round.boards = std::move(*boards);
  for (std::size_t i = 0; i < round.boards.size(); ++i) {
    round.boards[i].number = static_cast<int>(i) + 1;
    score_withdrawals(t, round.boards[i]);
  }
  return round;
}

}  // namespace qi::app
