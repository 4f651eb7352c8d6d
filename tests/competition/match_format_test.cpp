// A knockout match's structure: regular games, tie-break stages, and the
// armageddon game or the lot that ends it.
#include <gtest/gtest.h>

#include "competition/match_format.h"
#include "games.h"

namespace qi::competition {
namespace {

using test::drawn;
using test::first_wins;
using test::second_wins;

MatchProgress progress(const MatchFormat& format, const std::vector<PlayedGame>& games) {
  Expected<MatchProgress> p = match_progress(format, 4, 9, games, 17);
  EXPECT_TRUE(p) << (p ? "" : p.error().message);
  return p ? *p : MatchProgress{};
}

TEST(MatchFormat, TwoGamesThenArmageddonAsFile004Plays) {
  const MatchFormat format = two_games_then_armageddon();
  MatchProgress p = progress(format, {});
  EXPECT_EQ(p.stage, MatchStage::Regular);
  EXPECT_EQ(p.next.first, 4);  // a moves first in game 1
  p = progress(format, {first_wins(4, 9)});
  EXPECT_EQ(p.stage, MatchStage::Regular);  // 1-0: game 2 can still level
  EXPECT_EQ(p.next.first, 9);               // colours alternate
  p = progress(format, {first_wins(4, 9), drawn(9, 4)});
  EXPECT_EQ(p.stage, MatchStage::Decided);
  EXPECT_EQ(p.winner, 4);
  EXPECT_EQ(p.decided_by, "games");
  EXPECT_EQ(p.score_a, 1.5);

  // 1-1: the armageddon game, colours by lot; a draw wins for the one who
  // moved second.
  p = progress(format, {first_wins(4, 9), first_wins(9, 4)});
  EXPECT_EQ(p.stage, MatchStage::Armageddon);
  EXPECT_TRUE(p.colours_by_lot);
  p = progress(format, {first_wins(4, 9), first_wins(9, 4), drawn(4, 9)});
  EXPECT_EQ(p.winner, 9);
  EXPECT_EQ(p.decided_by, "armageddon");
  p = progress(format, {drawn(4, 9), drawn(9, 4), drawn(9, 4)});
  EXPECT_EQ(p.winner, 4);
}

TEST(MatchFormat, TieBreakStagesAreScoredOnTheirOwn) {
  // Two games, then two rapid games, then two blitz games, then armageddon.
  const MatchFormat format{2, {2, 2}, FinalDecider::Armageddon};
  MatchProgress p = progress(format, {drawn(4, 9), drawn(9, 4)});
  EXPECT_EQ(p.stage, MatchStage::TieBreak);
  EXPECT_EQ(p.tie_break_stage, 0);
  EXPECT_EQ(p.next.first, 4);  // game 3 of the match: a again
  // The rapid stage ends 1-1; the blitz stage goes on at 1-0 with a game
  // left and ends at 2-0.
  p = progress(format, {drawn(4, 9), drawn(9, 4), first_wins(4, 9), first_wins(9, 4), second_wins(4, 9)});
  EXPECT_EQ(p.stage, MatchStage::TieBreak);
  EXPECT_EQ(p.tie_break_stage, 1);
  p = progress(format, {drawn(4, 9), drawn(9, 4), first_wins(4, 9), first_wins(9, 4), second_wins(4, 9),
                        first_wins(9, 4)});
  EXPECT_EQ(p.stage, MatchStage::Decided);
  EXPECT_EQ(p.winner, 9);
  EXPECT_EQ(p.decided_by, "tie-break games");
  EXPECT_EQ(p.games_played, 6);
}

TEST(MatchFormat, BestOfThreeStopsEarlyThenDecidesByAGameThenByLot) {
  const MatchFormat format = best_of_three_then_decider();
  MatchProgress p = progress(format, {first_wins(4, 9), second_wins(9, 4)});
  EXPECT_EQ(p.winner, 4);  // 2-0: no third game
  EXPECT_EQ(p.games_played, 2);
  p = progress(format, {drawn(4, 9), drawn(9, 4), drawn(4, 9)});
  EXPECT_EQ(p.stage, MatchStage::TieBreak);  // level: one decider game
  p = progress(format, {drawn(4, 9), drawn(9, 4), drawn(4, 9), drawn(9, 4)});
  EXPECT_EQ(p.decided_by, "lot");
  EXPECT_TRUE(p.winner == 4 || p.winner == 9);
  // The same seed draws the same lot.
  EXPECT_EQ(progress(format, {drawn(4, 9), drawn(9, 4), drawn(4, 9), drawn(9, 4)}).winner, p.winner);
}

TEST(MatchFormat, RefusesGamesOfOtherPlayersAndGamesAfterTheEnd) {
  EXPECT_FALSE(match_progress(two_games_then_armageddon(), 4, 9, {first_wins(4, 8)}));
  EXPECT_FALSE(
      match_progress(best_of_three_then_decider(), 4, 9, {first_wins(4, 9), second_wins(9, 4), drawn(4, 9)}));
}

TEST(MatchFormat, DescribesItself) {
  EXPECT_EQ(match_format_text(two_games_then_armageddon()), "2 games, then armageddon");
  EXPECT_EQ(match_format_text({2, {2}, FinalDecider::Lot}), "2 games, then 2 games of tie-break, then a lot");
}

}  // namespace
}  // namespace qi::competition
