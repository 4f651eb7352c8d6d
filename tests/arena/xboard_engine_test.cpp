// The xboard adapter: feature parsing, and a short xiangqi match against
// MaxQi when it is installed (skipped otherwise).
#include <gtest/gtest.h>

#include <sstream>

#include "arena/match.h"
#include "arena/player_spec.h"
#include "arena/xboard_engine.h"
#include "arena_test_support.h"

namespace qi::arena {
namespace {

TEST(XboardFeatures, QuotedAndBareValues) {
  auto f = xboard_features("feature myname=\"MaxQi 4.8G\" setboard=0 ping=1 done=0");
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[0].first, "myname");
  EXPECT_EQ(f[0].second, "MaxQi 4.8G");
  EXPECT_EQ(f[1].second, "0");
  EXPECT_EQ(f[3].first, "done");
  EXPECT_TRUE(xboard_features("tellics say hello").empty());
}

TEST(XboardPlayerSpec, ProtoXboardIsAccepted) {
  Expected<PlayerSpec> spec = parse_player_spec("cmd=maxqi proto=xboard");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->protocol, PlayerSpec::Protocol::Xboard);
}

TEST(MatchWithMaxQi, ShortXiangqiMatchAtDepthTwo) {
  if (!test::has_game("xiangqi")) GTEST_SKIP() << "xiangqi is not registered in this build";
  if (!test::executable("/usr/games/maxqi")) GTEST_SKIP() << "maxqi (package fairymax) is not installed";
  Expected<PlayerSpec> maxqi = parse_player_spec("cmd=/usr/games/maxqi proto=xboard name=MaxQi");
  ASSERT_TRUE(maxqi);
  MatchOptions m;
  m.players = {*maxqi, test::builtin("random")};
  m.games = 2;
  m.settings.game = "xiangqi";
  m.settings.tc = *parse_time_control("depth=2");
  m.settings.margin_ms = 1000;
  m.settings.hang_timeout_ms = 20000;
  m.settings.adjudication.max_moves = 60;
  std::ostringstream out;
  Expected<MatchResult> r = run_match(m, out);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->counts.games(), 2);
  for (const MatchGame& g : r->games) {
    EXPECT_NE(g.outcome.termination, Termination::IllegalMove) << test::told(g.outcome);
    EXPECT_NE(g.outcome.termination, Termination::Crash) << test::told(g.outcome);
    EXPECT_NE(g.outcome.termination, Termination::ProtocolError) << test::told(g.outcome);
  }
  EXPECT_EQ(r->counts.losses, 0) << out.str();
}

}  // namespace
}  // namespace qi::arena
