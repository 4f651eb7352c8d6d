// Real master games (tests/xiangqi/data/master_repetitions.pgn): in each, a
// cycle that one side repeated by checking or chasing (长将, 长捉) stood for
// the third time, and the players went on, the repeating side changing its
// move. Judging a cycle at the fourth occurrence (rules.h) reads them whole,
// as their arbiters let them be played; judging at the third would have
// ended each one there.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/record.h"
#include "games/xiangqi/rules.h"
#include "games/xiangqi/xiangqi_game.h"
#include "test_util.h"

namespace qi::xiangqi {
namespace {

std::string master_games() {
  std::ifstream in(std::string(QI_SOURCE_DIR) + "/tests/xiangqi/data/master_repetitions.pgn");
  EXPECT_TRUE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first ply after which the position stands for the third time with a
// cycle the rules forbid (a win for one side), or -1.
int forbidden_third_occurrence(const XiangqiGame& game) {
  Position pos = testing::at(game.initial_fen());
  int ply = 0;
  for (const MoveText& m : game.moves_played()) {
    pos.make(testing::iccs(m.id));
    ++ply;
    const auto& history = pos.history();
    const int n = static_cast<int>(history.size());
    const int reach = std::min(pos.plies_since_capture(), n);
    int seen = 1;
    for (int d = 4; d <= reach; d += 2)
      if (history[n - d].key == pos.hash() && ++seen == 3 && judge_cycle(pos, d).verdict == Verdict::Win)
        return ply;
  }
  return -1;
}

TEST(RealGames, MasterGamesPlayOnPastThreeOccurrences) {
  EXPECT_EQ(kRepetitionsToJudge, 4);
  const std::string text = master_games();
  RecordReader reader(text);
  int games = 0;
  while (true) {
    Expected<std::optional<GameRecord>> tags = reader.next_tags();
    ASSERT_TRUE(tags) << tags.error().message;
    if (!*tags) break;
    ++games;
    XiangqiGame game;
    ASSERT_TRUE(reader.read_movetext(**tags, game.record_dialect()));
    const std::string who =
        (*tags)->tag("Red") + " - " + (*tags)->tag("Black") + ", " + (*tags)->tag("Event");
    const std::size_t plies = (*tags)->moves.size();
    Expected<ReadGame> read = read_game(std::move(**tags), game.clone());
    ASSERT_TRUE(read) << who << ": " << read.error().message;
    const auto& played = static_cast<const XiangqiGame&>(read->referee->game());
    EXPECT_EQ(played.moves_played().size(), plies) << who;
    // A forbidden cycle stood three times, and play went on well past it ...
    const int third = forbidden_third_occurrence(played);
    EXPECT_GT(third, 0) << who;
    EXPECT_LT(static_cast<std::size_t>(third), plies) << who;
    // ... with no ruling: the game never reached the fourth occurrence.
    EXPECT_TRUE(read->record.rulings.empty())
        << who << ": ruled at ply " << read->record.rulings.front().ply << ": "
        << played.describe(read->record.rulings.front().outcome);
  }
  EXPECT_EQ(games, 4);
}

}  // namespace
}  // namespace qi::xiangqi
