// The arbiter against misbehaving engines: each failure loses the game with
// the right reason. The fake engine speaks UCI; the game is tic-tac-toe so
// the tests need no other game (the arbiter does not care what an engine
// plays, only whether Qi's rules accept it).
#include <gtest/gtest.h>

#include "arena/game_runner.h"
#include "arena/uci_engine.h"
#include "arena_test_support.h"

namespace qi::arena {
namespace {

// Limits are generous wherever a reply is expected, and short only where the
// test waits for a hang.
GameSettings tictactoe_settings(const char* tc, std::int64_t hang_timeout_ms = 10000) {
  GameSettings s;
  s.game = "tictactoe";
  s.tc = *parse_time_control(tc);
  s.margin_ms = 500;
  s.hang_timeout_ms = hang_timeout_ms;
  return s;
}

std::unique_ptr<Player> fake(const std::string& mode) {
  EngineConfig config;
  config.argv = test::fake_engine(mode).argv;
  config.name = "fake-" + mode;
  config.game = "tictactoe";
  config.startup_timeout_ms = mode == "slowstart" ? 1500 : 10000;
  return std::make_unique<UciEngine>(config);
}

std::unique_ptr<Player> random_player() {
  Expected<std::unique_ptr<Player>> p = make_player(test::builtin("random"), "tictactoe", "");
  return std::move(*p);
}

struct Played {
  GameResult result;
  bool engine_alive;
};

Played play_fake_first(const std::string& mode, const char* tc, std::int64_t hang_timeout_ms = 10000) {
  std::unique_ptr<Player> engine = fake(mode);
  std::unique_ptr<Player> opponent = random_player();
  EXPECT_TRUE(engine->start());
  GameResult r = run_game(*engine, *opponent, nullptr, tictactoe_settings(tc, hang_timeout_ms), 7);
  return {r, engine->alive()};
}

TEST(Arbiter, CrashLoses) {
  Played p = play_fake_first("crash", "movetime=50");
  EXPECT_EQ(p.result.outcome.verdict, Verdict::Win);
  EXPECT_EQ(p.result.outcome.winner, Side::Second);
  EXPECT_EQ(p.result.outcome.termination, Termination::Crash);
  EXPECT_NE(p.result.reason.find("exited with status 3"), std::string::npos) << p.result.reason;
  EXPECT_TRUE(p.result.player_broken[0]);
  EXPECT_FALSE(p.engine_alive);
  EXPECT_NE(p.result.pgn.find("[Termination \"abandoned\"]"), std::string::npos) << p.result.pgn;
}

TEST(Arbiter, HangUnderMoveTimeLosesOnTime) {
  Played p = play_fake_first("hang", "movetime=50");
  EXPECT_EQ(p.result.outcome.winner, Side::Second);
  EXPECT_EQ(p.result.outcome.termination, Termination::Time);
  EXPECT_TRUE(p.result.player_broken[0]);  // it ignored "stop" too
}

TEST(Arbiter, HangUnderDepthLosesAsNoReply) {
  Played p = play_fake_first("hang", "depth=3", 1500);
  EXPECT_EQ(p.result.outcome.winner, Side::Second);
  EXPECT_EQ(p.result.outcome.termination, Termination::NoReply);
}

TEST(Arbiter, IllegalMoveLoses) {
  Played p = play_fake_first("illegal", "depth=3");
  EXPECT_EQ(p.result.outcome.winner, Side::Second);
  EXPECT_EQ(p.result.outcome.termination, Termination::IllegalMove);
  EXPECT_NE(p.result.reason.find("a1a1"), std::string::npos) << p.result.reason;
  EXPECT_TRUE(p.engine_alive);  // a wrong move is not a broken process
  EXPECT_NE(p.result.pgn.find("rules infraction"), std::string::npos);
}

TEST(Arbiter, NoMoveWithMovesLeftLoses) {
  Played p = play_fake_first("none", "depth=3");
  EXPECT_EQ(p.result.outcome.winner, Side::Second);
  EXPECT_EQ(p.result.outcome.termination, Termination::ProtocolError);
}

TEST(Arbiter, EngineThatNeverHandshakesCannotStart) {
  std::unique_ptr<Player> engine = fake("slowstart");
  Status s = engine->start();
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("uciok"), std::string::npos) << s.error().message;
}

TEST(Arbiter, MissingEngineCannotStart) {
  EngineConfig config;
  config.argv = {"/nonexistent/engine"};
  UciEngine engine(config);
  Status s = engine.start();
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("No such file"), std::string::npos) << s.error().message;
}

TEST(Arbiter, SecondMoverFailingLosesToo) {
  std::unique_ptr<Player> engine = fake("illegal");
  std::unique_ptr<Player> opponent = random_player();
  ASSERT_TRUE(engine->start());
  GameResult r = run_game(*opponent, *engine, nullptr, tictactoe_settings("depth=2"), 3);
  EXPECT_EQ(r.outcome.winner, Side::First);
  EXPECT_EQ(r.outcome.termination, Termination::IllegalMove);
  EXPECT_EQ(r.plies, 1);  // X moved, then O's engine failed
}

TEST(Arbiter, RandomPlayersFinishByTheRules) {
  std::unique_ptr<Player> a = random_player();
  std::unique_ptr<Player> b = random_player();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    GameResult r = run_game(*a, *b, nullptr, tictactoe_settings("depth=1"), seed);
    EXPECT_TRUE(r.outcome.over());
    EXPECT_TRUE(r.outcome.termination != Termination::IllegalMove &&
                r.outcome.termination != Termination::Crash)
        << r.reason;
    EXPECT_GE(r.plies, 5);
    EXPECT_LE(r.plies, 9);
  }
}

// Whether a record carries a Variant tag is the game's registration's to say:
// tic-tac-toe's does (chess's PGN, its own format, does not).
TEST(Arbiter, ARecordNamesItsGameWhereTheRegistrationSaysSo) {
  std::unique_ptr<Player> a = random_player();
  std::unique_ptr<Player> b = random_player();
  GameResult r = run_game(*a, *b, nullptr, tictactoe_settings("depth=1"), 3);
  EXPECT_NE(r.pgn.find("[Variant \"tictactoe\"]"), std::string::npos) << r.pgn;
}

TEST(Arbiter, MoveLimitAdjudicatesADraw) {
  std::unique_ptr<Player> a = random_player();
  std::unique_ptr<Player> b = random_player();
  GameSettings s = tictactoe_settings("depth=1");
  s.adjudication.max_moves = 1;
  GameResult r = run_game(*a, *b, nullptr, s, 5);
  EXPECT_EQ(r.outcome.verdict, Verdict::Draw);
  EXPECT_EQ(r.outcome.termination, Termination::MaxMoves);
  EXPECT_EQ(r.plies, 2);
}

TEST(Arbiter, OpeningIsPlayedFrom) {
  std::unique_ptr<Player> a = random_player();
  std::unique_ptr<Player> b = random_player();
  Opening opening{"x../.o./... x", {}, "line 1"};
  GameResult r = run_game(*a, *b, &opening, tictactoe_settings("depth=1"), 5);
  EXPECT_TRUE(r.outcome.over());
  EXPECT_LE(r.plies, 7);
  EXPECT_EQ(r.opening, "line 1");
}

}  // namespace
}  // namespace qi::arena
