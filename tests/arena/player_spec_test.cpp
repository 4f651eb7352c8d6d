#include <gtest/gtest.h>

#include "arena/player_spec.h"
#include "arena/process.h"
#include "arena/uci_engine.h"
#include "arena_test_support.h"
#include "engine/registry.h"

namespace qi::arena {
namespace {

TEST(PlayerSpecParsing, CutechessStyle) {
  Expected<PlayerSpec> spec = parse_player_spec(
      "cmd=/usr/games/stockfish proto=uci name=SF2000 option.UCI_LimitStrength=true option.UCI_Elo=2000");
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->protocol, PlayerSpec::Protocol::Uci);
  EXPECT_EQ(spec->argv, std::vector<std::string>{"/usr/games/stockfish"});
  EXPECT_EQ(spec->name, "SF2000");
  ASSERT_EQ(spec->options.size(), 2u);
  EXPECT_EQ(spec->options[0], (std::pair<std::string, std::string>{"UCI_LimitStrength", "true"}));
  EXPECT_EQ(spec->options[1], (std::pair<std::string, std::string>{"UCI_Elo", "2000"}));
  EXPECT_EQ(spec->display_name(), "SF2000");
}

TEST(PlayerSpecParsing, BareCommandIsUciWithDefaults) {
  Expected<PlayerSpec> spec = parse_player_spec("/usr/games/stockfish");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->protocol, PlayerSpec::Protocol::Uci);
  EXPECT_TRUE(spec->options.empty());
  EXPECT_EQ(spec->display_name(), "stockfish");
  Expected<PlayerSpec> with_args = parse_player_spec("engine --threads 2");
  ASSERT_TRUE(with_args);
  EXPECT_EQ(with_args->argv, (std::vector<std::string>{"engine", "--threads", "2"}));
}

TEST(PlayerSpecParsing, QuotedValuesAndArguments) {
  Expected<PlayerSpec> spec = parse_player_spec(
      "cmd='/opt/my engine/run' arg=--fast proto=ucci \"name=Big Red\" option.Hash=\"64\" dir=/tmp");
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->protocol, PlayerSpec::Protocol::Ucci);
  EXPECT_EQ(spec->argv, (std::vector<std::string>{"/opt/my engine/run", "--fast"}));
  EXPECT_EQ(spec->name, "Big Red");
  EXPECT_EQ(spec->dir, "/tmp");
  EXPECT_EQ(spec->options[0].second, "64");
}

TEST(PlayerSpecParsing, BuiltinPlayers) {
  Expected<PlayerSpec> random = parse_player_spec("qi:random");
  ASSERT_TRUE(random);
  EXPECT_EQ(random->protocol, PlayerSpec::Protocol::Builtin);
  EXPECT_EQ(random->builtin, "random");
  EXPECT_EQ(random->display_name(), "qi:random");
  Expected<PlayerSpec> level = parse_player_spec("qi:level=5 name=Qi5");
  ASSERT_TRUE(level);
  EXPECT_EQ(level->builtin, "level=5");
  EXPECT_EQ(level->display_name(), "Qi5");
}

TEST(PlayerSpecParsing, LevelPlayerIsQisEngine) {
  Expected<PlayerSpec> level = parse_player_spec("qi:level=5");
  ASSERT_TRUE(level);
  Expected<std::unique_ptr<Player>> player = make_player(*level, "chess", "");
  ASSERT_TRUE(player) << player.error().message;
  Expected<std::unique_ptr<Game>> game = make_game("chess");
  ASSERT_TRUE(game);
  ASSERT_TRUE((*player)->start());
  ASSERT_TRUE((*player)->new_game(1));
  MoveRequest request;
  request.game = "chess";
  request.start_fen = (*game)->start_fen();
  request.depth = 2;
  request.position = game->get();
  MoveReply reply = (*player)->go(request);
  ASSERT_EQ(reply.failure, Failure::None) << reply.detail;
  EXPECT_TRUE((*game)->parse_move(reply.move)) << reply.move;
}

// A level player's table can be set as an engine's Hash is, so that it can
// play with the memory its opponent has; nothing else is a level's option.
TEST(PlayerSpecParsing, LevelPlayerTakesOnlyAHashSize) {
  Expected<PlayerSpec> level = parse_player_spec("qi:level=10 option.Hash=64");
  ASSERT_TRUE(level) << level.error().message;
  EXPECT_EQ(level->builtin_hash_mib, 64u);
  EXPECT_EQ(parse_player_spec("qi:level=10")->builtin_hash_mib, 0u);
  EXPECT_TRUE(make_player(*level, "chess", ""));
  for (const char* bad :
       {"qi:level=10 option.Hash=0", "qi:level=10 option.Hash=4097", "qi:level=10 option.Hash=1x",
        "qi:level=10 option.Threads=2", "qi:builtin option.Hash=64"}) {
    Expected<PlayerSpec> spec = parse_player_spec(bad);
    EXPECT_FALSE(spec) << "'" << bad << "' was accepted";
  }
}

TEST(PlayerSpecParsing, LevelOutOfRangeRefused) {
  Expected<PlayerSpec> level = parse_player_spec("qi:level=11");
  ASSERT_TRUE(level);
  Expected<std::unique_ptr<Player>> player = make_player(*level, "chess", "");
  ASSERT_FALSE(player);
  EXPECT_NE(player.error().message.find("from 1 to 10"), std::string::npos);
}

// Engines play the games UCI has a variant for (chess, xiangqi, the
// checkers family); tic-tac-toe is Qi's own players'. UCCI is xiangqi's,
// xboard chess's and xiangqi's.
TEST(PlayerSpecParsing, EnginesPlayTheGamesTheirProtocolNames) {
  Expected<PlayerSpec> spec = parse_player_spec("/usr/games/stockfish");
  ASSERT_TRUE(spec);
  Expected<std::unique_ptr<Player>> tictactoe = make_player(*spec, "tictactoe", "");
  ASSERT_FALSE(tictactoe);
  EXPECT_NE(tictactoe.error().message.find("qi:builtin"), std::string::npos) << tictactoe.error().message;
  if (test::has_game("checkers")) {
    EXPECT_TRUE(make_player(*spec, "checkers", ""));
    EXPECT_TRUE(make_player(*spec, "checkers", "international"));
    Expected<PlayerSpec> xboard = parse_player_spec("cmd=x proto=xboard");
    ASSERT_TRUE(xboard);
    EXPECT_FALSE(make_player(*xboard, "checkers", ""));
  }
  Expected<PlayerSpec> ucci = parse_player_spec("cmd=x proto=ucci");
  ASSERT_TRUE(ucci);
  EXPECT_FALSE(make_player(*ucci, "chess", ""));
}

TEST(PlayerSpecParsing, RejectsMalformedWithReason) {
  for (const char* bad : {"", "   ", "proto=uci", "cmd=x proto=winboard", "cmd=x name=", "cmd=x colour=red",
                          "cmd=x =y", "cmd=x novalue", "cmd='unclosed", "qi:", "qi:random cmd=x",
                          "qi:random option.Hash=1", "cmd=x option.=1", "cmd=\\"}) {
    Expected<PlayerSpec> spec = parse_player_spec(bad);
    EXPECT_FALSE(spec) << "'" << bad << "' was accepted";
  }
}

TEST(CommandSplitting, QuotesAndEscapes) {
  Expected<std::vector<std::string>> words = split_command(R"(a 'b c' "d e" f\ g)");
  ASSERT_TRUE(words);
  EXPECT_EQ(*words, (std::vector<std::string>{"a", "b c", "d e", "f g"}));
  EXPECT_FALSE(split_command("'open"));
  EXPECT_FALSE(split_command(""));
}

TEST(XiangqiUciSquares, RanksShiftByOneBothWays) {
  EXPECT_EQ(iccs_to_uci_ranks("h2e2"), "h3e3");
  EXPECT_EQ(iccs_to_uci_ranks("a9a8"), "a10a9");
  EXPECT_EQ(uci_ranks_to_iccs("b10c8"), "b9c7");
  EXPECT_EQ(uci_ranks_to_iccs("h3e3"), "h2e2");
  EXPECT_EQ(uci_ranks_to_iccs("garbage"), "garbage");  // left for the arbiter to reject
}

}  // namespace
}  // namespace qi::arena
