// The group stage in the app (tournament_groups.h).
#include "app/tournament/tournament_groups.h"

#include <algorithm>
#include <functional>

#include "app/refusal_codes.h"
#include "app/tournament/tournament_standings.h"
#include "competition/groups.h"

namespace qi::app {

namespace cp = competition;

namespace {

// The groups as entrant numbers, from the seeds (before the event begins,
// from the entries so far).
std::vector<std::vector<int>> group_entrants(const Tournament& t) {
  std::vector<std::vector<int>> groups;
  std::vector<int> field = t.field;
  if (field.empty())
    for (const Entrant& e : t.entrants)
      if (!e.withdrawn) field.push_back(e.number);
  const int players = static_cast<int>(field.size());
  if (players < 2 * t.settings.groups) return groups;
  for (const std::vector<int>& seeds : cp::serpentine_groups(players, t.settings.groups)) {
    std::vector<int> entrants;
    for (int seed : seeds) entrants.push_back(field[seed]);
    groups.push_back(std::move(entrants));
  }
  return groups;
}

}  // namespace

int group_stage_rounds(const Tournament& t) {
  int rounds = 0;
  for (const std::vector<int>& g : group_entrants(t))
    for (const cp::Pairing& p : cp::group_pairings(g, t.settings.group_cycles))
      rounds = std::max(rounds, p.round);
  return rounds;
}

bool group_stage_complete(const Tournament& t) {
  const int rounds = group_stage_rounds(t);
  if (rounds == 0 || static_cast<int>(t.rounds.size()) < rounds) return false;
  for (int r = 0; r < rounds; ++r)
    if (!t.rounds[r].complete()) return false;
  return true;
}

std::vector<TournamentGroup> tournament_groups(const Tournament& t) {
  std::vector<cp::PlayedGame> games;
  for (const TournamentRound& r : t.rounds)
    for (const Board& b : r.boards)
      if (b.group > 0 && b.second != 0 && b.result != BoardResult::None &&
          b.result != BoardResult::BothAbsent)
        games.push_back({b.first, b.second, board_outcome(b.result)});
  cp::RankingRules rules = tournament_ranking_rules(t);
  rules.tie_breaks.push_back(cp::TieBreak::Lot);
  const bool complete = group_stage_complete(t);
  std::vector<TournamentGroup> out;
  const std::vector<std::vector<int>> groups = group_entrants(t);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    TournamentGroup group;
    group.name = cp::group_name(static_cast<int>(g));
    group.entrants = groups[g];
    group.standings = cp::group_standings(groups[g], games, rules);
    if (complete)
      if (auto top = cp::group_qualifiers(group.standings, kQualifiersPerGroup, group.name))
        group.qualified = *top;
    out.push_back(std::move(group));
  }
  return out;
}

std::vector<Board> group_round_boards(const Tournament& t, int round) {
  std::vector<Board> boards, byes;
  const std::vector<std::vector<int>> groups = group_entrants(t);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<int> paired;
    for (const cp::Pairing& p : cp::group_pairings(groups[g], t.settings.group_cycles)) {
      if (p.round != round) continue;
      Board b;
      b.first = p.first;
      b.second = p.second;
      b.group = static_cast<int>(g) + 1;
      paired.push_back(p.first);
      paired.push_back(p.second);
      boards.push_back(std::move(b));
    }
    for (int e : groups[g])
      if (std::find(paired.begin(), paired.end(), e) == paired.end()) {
        Board b;
        b.first = e;
        b.group = static_cast<int>(g) + 1;
        b.result = BoardResult::Bye;
        b.result_by = "pairing";
        byes.push_back(std::move(b));
      }
  }
  boards.insert(boards.end(), byes.begin(), byes.end());
  return boards;
}

Expected<std::vector<std::pair<int, int>>> crossover_qualifiers(const Tournament& t) {
  if (!group_stage_complete(t))
    return make_error(refusal("round_incomplete"), "the groups have games still to play");
  std::vector<std::pair<int, int>> out;
  for (const TournamentGroup& g : tournament_groups(t)) {
    if (g.qualified.size() != kQualifiersPerGroup)
      return make_error(refusal("cannot_pair"), "group " + g.name + " has no clear top two");
    out.emplace_back(g.qualified[0], g.qualified[1]);
  }
  return out;
}

}  // namespace qi::app
