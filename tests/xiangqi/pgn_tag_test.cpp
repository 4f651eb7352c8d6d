// A tag value is one line: an escaped line break is refused like a bare one,
// so that every record read can be written back and read again.
#include <gtest/gtest.h>

#include "games/xiangqi/pgn.h"

namespace qi::xiangqi {
namespace {

TEST(XiangqiPgn, TagValueCannotHoldAnEscapedLineBreak) {
  auto record = read_pgn("[Event \"a\\\nb\"]\n1. h2e2 *\n");
  ASSERT_FALSE(record);
  EXPECT_NE(record.error().message.find("not closed on its line"), std::string::npos)
      << record.error().message;
}

TEST(XiangqiPgn, EscapedQuoteInATagRoundTrips) {
  auto record = read_pgn("[Event \"say \\\"hi\\\"\"]\n*\n");
  ASSERT_TRUE(record) << record.error().message;
  auto again = read_pgn(write_pgn(*record));
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->tag("Event"), "say \"hi\"");
}

}  // namespace
}  // namespace qi::xiangqi
