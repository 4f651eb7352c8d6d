// A tag value is one line: an escaped line break is refused like a bare one,
// so that every record read can be written back and read again (the one
// record model, core/record.h, here with xiangqi's dialect).
#include <gtest/gtest.h>

#include "core/record.h"
#include "games/xiangqi/xiangqi_game.h"

namespace qi::xiangqi {
namespace {

Expected<GameRecord> read_pgn(std::string_view text) {
  RecordReader reader(text);
  Expected<std::optional<GameRecord>> record = reader.next_tags();
  if (!record) return record.error();
  if (!*record) return make_error("no record");
  if (Status s = reader.read_movetext(**record, XiangqiGame().record_dialect()); !s) return s.error();
  return std::move(**record);
}

TEST(XiangqiPgn, TagValueCannotHoldAnEscapedLineBreak) {
  auto record = read_pgn("[Event \"a\\\nb\"]\n1. h2e2 *\n");
  ASSERT_FALSE(record);
  EXPECT_EQ(record.error().message, "record 1: line 1, column 8: unterminated string");
}

TEST(XiangqiPgn, EscapedQuoteInATagRoundTrips) {
  auto record = read_pgn("[Event \"say \\\"hi\\\"\"]\n*\n");
  ASSERT_TRUE(record) << record.error().message;
  EXPECT_EQ(record->tag("Event"), "say \"hi\"");
  auto again = read_pgn(write_record(*record, XiangqiGame()));
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->tag("Event"), "say \"hi\"");
}

}  // namespace
}  // namespace qi::xiangqi
