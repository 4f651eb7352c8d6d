// Whole matches: Qi's random player against itself in every registered game,
// misbehaving engines that lose game after game while the match goes on, and
// real engines when they are installed.
#include <gtest/gtest.h>

#include <sstream>

#include "arena/match.h"
#include "arena_test_support.h"

namespace qi::arena {
namespace {

MatchOptions options_for(const std::string& game, const PlayerSpec& a, const PlayerSpec& b, int games,
                         const char* tc) {
  MatchOptions m;
  m.players = {a, b};
  m.games = games;
  m.settings.game = game;
  m.settings.tc = *parse_time_control(tc);
  m.settings.margin_ms = 1000;  // generous: only the hanging engine meets it
  m.settings.hang_timeout_ms = 20000;
  return m;
}

TEST(Match, RandomAgainstRandomInEveryGame) {
  for (const engine::GameRegistration* game : engine::registered_games()) {
    const GameDescriptor& info = game->descriptor();
    for (const VariantDescriptor& v : info.variants) {
      const std::string& variant = v.name;
      MatchOptions m = options_for(info.name, test::builtin("random"), test::builtin("random"), 4, "depth=1");
      m.settings.variant = variant;
      m.concurrency = 2;
      std::ostringstream out;
      Expected<MatchResult> r = run_match(m, out);
      ASSERT_TRUE(r) << r.error().message;
      EXPECT_EQ(r->counts.games(), 4) << info.name << " " << variant;
      int pairs = 0;
      for (int c : r->pairs) pairs += c;
      EXPECT_EQ(pairs, 2);
      for (const MatchGame& g : r->games) {
        EXPECT_TRUE(g.outcome.over()) << info.name;
        EXPECT_TRUE(g.outcome.termination != Termination::IllegalMove &&
                    g.outcome.termination != Termination::ArenaError &&
                    g.outcome.termination != Termination::Crash)
            << info.name << ": " << test::told(g.outcome);
      }
      EXPECT_NE(out.str().find("Finished game 4"), std::string::npos);
      EXPECT_NE(out.str().find("Elo difference"), std::string::npos);
    }
  }
}

TEST(Match, ColoursAlternateWithinEachPair) {
  MatchOptions m = options_for("tictactoe", test::builtin("random"), test::builtin("builtin"), 6, "depth=1");
  std::ostringstream out;
  Expected<MatchResult> r = run_match(m, out);
  ASSERT_TRUE(r);
  int first_moves = 0;
  for (const MatchGame& g : r->games) first_moves += g.first_player_moved_first;
  EXPECT_EQ(first_moves, 3);
  // The perfect player never loses at tic-tac-toe.
  EXPECT_EQ(r->counts.wins, 0);
}

TEST(Match, SprtStopsAClearMatch) {
  MatchOptions m =
      options_for("tictactoe", test::builtin("builtin"), test::builtin("random"), 400, "depth=1");
  m.sprt = SprtParameters{0, 10, 0.05, 0.05};
  std::ostringstream out;
  Expected<MatchResult> r = run_match(m, out);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->stopped_by_sprt);
  EXPECT_LT(r->counts.games(), 400);
  EXPECT_NE(out.str().find("H1 accepted"), std::string::npos) << out.str();
}

// The fake engine plays chess moves no better than "a1a1"; the arena must
// rule each game lost with the right reason and play every game.
void expect_every_game_lost(const std::string& mode, Termination termination, const char* tc) {
  if (!test::has_game("chess")) GTEST_SKIP() << "chess is not registered in this build";
  MatchOptions m = options_for("chess", test::fake_engine(mode), test::builtin("random"), 4, tc);
  m.concurrency = 2;
  std::ostringstream out;
  Expected<MatchResult> r = run_match(m, out);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->counts.games(), 4);
  EXPECT_EQ(r->counts.losses, 4);
  for (const MatchGame& g : r->games) EXPECT_EQ(g.outcome.termination, termination) << test::told(g.outcome);
}

TEST(MatchWithFakeEngines, CrashingEngineLosesEveryGame) {
  expect_every_game_lost("crash", Termination::Crash, "movetime=50");
}
TEST(MatchWithFakeEngines, HangingEngineLosesEveryGame) {
  expect_every_game_lost("hang", Termination::Time, "movetime=50");
}
TEST(MatchWithFakeEngines, IllegalMovesLoseEveryGame) {
  expect_every_game_lost("illegal", Termination::IllegalMove, "depth=1");
}

TEST(MatchWithStockfish, ShortChessMatchAtDepthOne) {
  if (!test::has_game("chess")) GTEST_SKIP() << "chess is not registered in this build";
  if (!test::executable("/usr/games/stockfish")) GTEST_SKIP() << "stockfish is not installed";
  Expected<PlayerSpec> sf =
      parse_player_spec("cmd=/usr/games/stockfish name=SF option.Threads=1 option.Hash=16");
  ASSERT_TRUE(sf);
  MatchOptions m = options_for("chess", *sf, test::builtin("random"), 2, "depth=1");
  m.settings.hang_timeout_ms = 20000;
  std::ostringstream out;
  Expected<MatchResult> r = run_match(m, out);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->counts.games(), 2);
  for (const MatchGame& g : r->games) {
    EXPECT_NE(g.outcome.termination, Termination::IllegalMove) << test::told(g.outcome);
    EXPECT_NE(g.outcome.termination, Termination::Crash) << test::told(g.outcome);
    EXPECT_NE(g.outcome.termination, Termination::ProtocolError) << test::told(g.outcome);
  }
  // Even at depth 1 Stockfish does not lose to random moves.
  EXPECT_EQ(r->counts.losses, 0) << out.str();
}

void xiangqi_engine_match(const std::string& spec_text) {
  if (!test::has_game("xiangqi")) GTEST_SKIP() << "xiangqi is not registered in this build";
  if (!test::executable("/usr/games/fairy-stockfish")) GTEST_SKIP() << "fairy-stockfish is not installed";
  Expected<PlayerSpec> fsf = parse_player_spec(spec_text);
  ASSERT_TRUE(fsf);
  MatchOptions m = options_for("xiangqi", *fsf, test::builtin("random"), 2, "depth=1");
  m.settings.hang_timeout_ms = 20000;
  std::ostringstream out;
  Expected<MatchResult> r = run_match(m, out);
  ASSERT_TRUE(r);
  for (const MatchGame& g : r->games) {
    EXPECT_NE(g.outcome.termination, Termination::IllegalMove) << test::told(g.outcome);
    EXPECT_NE(g.outcome.termination, Termination::ProtocolError) << test::told(g.outcome);
  }
  EXPECT_EQ(r->counts.losses, 0) << out.str();
}

TEST(MatchWithFairyStockfish, XiangqiOverUciVariant) {
  xiangqi_engine_match("cmd=/usr/games/fairy-stockfish name=FSF option.Threads=1 option.Hash=16");
}

TEST(MatchWithFairyStockfish, XiangqiOverUcci) {
  xiangqi_engine_match("cmd=/usr/games/fairy-stockfish proto=ucci name=FSF option.Threads=1");
}

// A checkers engine over UCI: `qi uci` itself, told UCI_Variant checkers by
// the arena, plays English checkers in PDN squares against Qi's random
// player; every move it sends is checked by the arbiter.
TEST(MatchWithUciCheckersEngine, QiUciPlaysEnglishCheckers) {
  if (!test::has_game("checkers")) GTEST_SKIP() << "checkers is not registered in this build";
  Expected<PlayerSpec> engine = parse_player_spec(std::string("cmd=") + QI_BINARY + " arg=uci name=QiUci");
  ASSERT_TRUE(engine);
  MatchOptions m = options_for("checkers", *engine, test::builtin("random"), 2, "depth=3");
  std::ostringstream out;
  Expected<MatchResult> r = run_match(m, out);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->counts.games(), 2);
  for (const MatchGame& g : r->games) {
    EXPECT_NE(g.outcome.termination, Termination::IllegalMove) << test::told(g.outcome);
    EXPECT_NE(g.outcome.termination, Termination::ProtocolError) << test::told(g.outcome);
    EXPECT_NE(g.outcome.termination, Termination::Crash) << test::told(g.outcome);
  }
  EXPECT_EQ(r->counts.losses, 0) << out.str();
}

}  // namespace
}  // namespace qi::arena
