// Deep perft: minutes in a debug build, seconds in release; not part of
// `make test`.
#include <gtest/gtest.h>

#include "core/perft.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {
namespace {

TEST(XiangqiPerftSlow, StartPositionDepthFive) {
  Position pos;
  EXPECT_EQ(qi::perft(pos, 5), 133312995u);
}

}  // namespace
}  // namespace qi::xiangqi
