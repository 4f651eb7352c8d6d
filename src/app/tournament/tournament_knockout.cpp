// The app's knockouts (tournament_knockout.h).
#include "app/tournament/tournament_knockout.h"

#include <functional>

#include "app/refusal_codes.h"
#include "app/tournament/tournament_groups.h"
#include "competition/crossover.h"
#include "competition/knockout.h"

namespace qi::app {

namespace cp = competition;

namespace {

// A board's game as the match sees it, players by their place in the seeds.
cp::PlayedGame knockout_game(const Board& b, const std::vector<int>& seed_of) {
  return {seed_of[b.first], seed_of[b.second], board_outcome(b.result)};
}

}  // namespace

cp::MatchFormat knockout_match_format(const TournamentSettings& s) {
  cp::MatchFormat f;
  f.games = s.match_games;
  f.tie_break_stages = s.tie_break_games;
  f.decider = s.decider == "lot" ? cp::FinalDecider::Lot : cp::FinalDecider::Armageddon;
  return f;
}

Expected<Bracket> knockout_bracket(const Tournament& t) {
  Bracket bracket;
  const int players = static_cast<int>(t.field.size());
  if (players < 2) return bracket;
  // Entrant number -> place in the seeds (0 the top seed).
  std::vector<int> seed_of(t.entrants.size() + 1, -1);
  for (int i = 0; i < players; ++i) seed_of[t.field[i]] = i;
  // The first round: the seeded bracket, or the groups' crossover once the
  // groups are over.
  std::vector<cp::KnockoutMatch> first;
  if (t.has_groups()) {
    const int qualifiers = kQualifiersPerGroup * t.settings.groups;
    while ((1 << bracket.stages_planned) < qualifiers) ++bracket.stages_planned;
    if (!group_stage_complete(t)) return bracket;
    auto top = crossover_qualifiers(t);
    if (!top) return top.error();
    std::vector<std::pair<int, int>> seeds;
    for (const auto& [winner, runner_up] : *top) seeds.emplace_back(seed_of[winner], seed_of[runner_up]);
    auto crossover = cp::crossover_round(seeds);
    if (!crossover) return make_error(refusal("cannot_pair"), crossover.error().message);
    first = std::move(*crossover);
  } else {
    while ((1 << bracket.stages_planned) < players) ++bracket.stages_planned;
    first = cp::pair_round(cp::first_round_slots(players), 1);
  }
  const cp::MatchFormat format = knockout_match_format(t.settings);
  const std::uint64_t lot_seed = std::hash<std::string>{}(t.id);
  std::vector<cp::KnockoutMatch> pairs = std::move(first);
  for (int stage = 1; !pairs.empty(); ++stage) {
    std::vector<BracketMatch> matches;
    bool all_decided = true;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      BracketMatch m;
      m.stage = stage;
      m.number = static_cast<int>(i) + 1;
      m.a = t.field[pairs[i].a];
      m.b = pairs[i].b >= 0 ? t.field[pairs[i].b] : 0;
      std::vector<cp::PlayedGame> games;
      for (const TournamentRound& r : t.rounds)
        for (const Board& b : r.boards) {
          if (b.stage != stage || b.match != m.number) continue;
          if ((b.first != m.a || b.second != m.b) && (b.first != m.b || b.second != m.a))
            return make_error(refusal("tournament_damaged"),
                              "a knockout game is not between its match's players");
          m.boards.push_back(&b);
          if (b.result == BoardResult::None)
            m.playing = true;
          else
            games.push_back(knockout_game(b, seed_of));
        }
      if (m.b == 0) {
        m.winner = m.a;
        m.progress.stage = cp::MatchStage::Decided;
        m.progress.decided_by = "bye";
      } else {
        auto progress =
            cp::match_progress(format, pairs[i].a, pairs[i].b, games, lot_seed + stage * 1000 + i);
        if (!progress) return make_error(refusal("tournament_damaged"), progress.error().message);
        m.progress = *progress;
        if (m.progress.stage == cp::MatchStage::Decided) m.winner = t.field[m.progress.winner];
      }
      if (m.winner == 0) all_decided = false;
      matches.push_back(std::move(m));
    }
    std::vector<int> next;
    for (const BracketMatch& m : matches) next.push_back(m.winner ? seed_of[m.winner] : -1);
    bracket.stages.push_back(std::move(matches));
    if (!all_decided) return bracket;
    if (next.size() == 1) {
      bracket.champion = t.field[next.front()];
      return bracket;
    }
    pairs = cp::pair_round(next, stage + 1);
  }
  return bracket;
}

Expected<std::vector<Board>> knockout_next_boards(const Tournament& t) {
  auto bracket = knockout_bracket(t);
  if (!bracket) return bracket.error();
  if (bracket->champion) return make_error(refusal("no_rounds_left"), "the knockout has its winner");
  if (bracket->stages.empty()) return std::vector<Board>();
  std::vector<Board> boards;
  for (const BracketMatch& m : bracket->stages.back()) {
    if (m.winner || m.playing) continue;
    Board b;
    b.first = t.field[m.progress.next.first];
    b.second = t.field[m.progress.next.second];
    b.stage = m.stage;
    b.match = m.number;
    boards.push_back(b);
  }
  return boards;
}

}  // namespace qi::app
