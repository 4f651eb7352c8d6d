#include "competition/match_format.h"

#include <cmath>

#include "competition/tie_breaks.h"

namespace qi::competition {

MatchFormat two_games_then_armageddon() { return {2, {}, FinalDecider::Armageddon}; }

MatchFormat best_of_three_then_decider() { return {3, {1}, FinalDecider::Lot}; }

namespace {

// The players of the match's game number `index` (0-based): colours
// alternate through the whole match, `a` first.
PlayedGame players_of_game(int a, int b, int index) {
  return index % 2 == 0 ? PlayedGame{a, b, {}} : PlayedGame{b, a, {}};
}

bool between(const PlayedGame& g, int a, int b) {
  return (g.first == a && g.second == b) || (g.first == b && g.second == a);
}

}  // namespace

Expected<MatchProgress> match_progress(const MatchFormat& format, int a, int b,
                                       const std::vector<PlayedGame>& games, std::uint64_t lot_seed) {
  for (std::size_t i = 0; i < games.size(); ++i)
    if (!between(games[i], a, b))
      return make_error("game " + std::to_string(i + 1) + " of the match is not between its two players");

  MatchProgress progress;
  std::size_t next = 0;
  auto finish = [&](int winner, std::string how) -> Expected<MatchProgress> {
    if (next < games.size())
      return make_error("game " + std::to_string(next + 1) + " was played after the match was decided");
    progress.stage = MatchStage::Decided;
    progress.winner = winner;
    progress.decided_by = std::move(how);
    progress.games_played = static_cast<int>(next);
    return progress;
  };
  auto waiting = [&](MatchStage stage) -> Expected<MatchProgress> {
    progress.stage = stage;
    progress.next = players_of_game(a, b, static_cast<int>(next));
    progress.games_played = static_cast<int>(next);
    return progress;
  };

  std::vector<int> stages{format.games};
  stages.insert(stages.end(), format.tie_break_stages.begin(), format.tie_break_stages.end());
  for (std::size_t s = 0; s < stages.size(); ++s) {
    const int size = stages[s];
    double score_a = 0, score_b = 0;
    // A stage ends once it is played out or the one behind cannot catch up
    // in the games it has left.
    for (int played = 0; played < size && std::abs(score_a - score_b) <= size - played; ++played) {
      if (next == games.size()) {
        if (s > 0) progress.tie_break_stage = static_cast<int>(s) - 1;
        return waiting(s == 0 ? MatchStage::Regular : MatchStage::TieBreak);
      }
      score_a += game_score(games[next], a);
      score_b += game_score(games[next], b);
      ++next;
      if (s == 0) progress.score_a = score_a, progress.score_b = score_b;
    }
    if (score_a != score_b) return finish(score_a > score_b ? a : b, s == 0 ? "games" : "tie-break games");
  }

  if (format.decider == FinalDecider::Lot)
    return finish(lot_number(lot_seed, a) > lot_number(lot_seed, b) ? a : b, "lot");
  if (next == games.size()) {
    progress.colours_by_lot = true;
    return waiting(MatchStage::Armageddon);
  }
  const int winner = armageddon_winner(games[next++]);
  return finish(winner, "armageddon");
}

void record_progress(KnockoutMatch& match, const MatchProgress& progress) {
  match.score_a = progress.score_a;
  match.score_b = progress.score_b;
  if (progress.stage != MatchStage::Decided) return;
  match.winner = progress.winner;
  match.decided_by = progress.decided_by;
}

std::string match_format_text(const MatchFormat& format) {
  auto games = [](int n) { return std::to_string(n) + (n == 1 ? " game" : " games"); };
  std::string out = games(format.games);
  for (int stage : format.tie_break_stages) out += ", then " + games(stage) + " of tie-break";
  out += format.decider == FinalDecider::Armageddon ? ", then armageddon" : ", then a lot";
  return out;
}

}  // namespace qi::competition
