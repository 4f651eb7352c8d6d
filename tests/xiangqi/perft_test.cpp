#include <gtest/gtest.h>

#include "core/perft.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {
namespace {

TEST(XiangqiPerft, StartPositionMatchesPublishedCounts) {
  Position pos;
  EXPECT_EQ(qi::perft(pos, 1), 44u);
  EXPECT_EQ(qi::perft(pos, 2), 1920u);
  EXPECT_EQ(qi::perft(pos, 3), 79666u);
  EXPECT_EQ(qi::perft(pos, 4), 3290240u);
}

TEST(XiangqiPerft, CountMatchesGeneratedList) {
  Position pos;
  Position::MoveList list;
  pos.generate_legal(list);
  EXPECT_EQ(pos.count_legal(), list.size());
}

}  // namespace
}  // namespace qi::xiangqi
