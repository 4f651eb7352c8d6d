// Levels, hints and handicaps.
#include <gtest/gtest.h>

#include "engine/handicap.h"
#include "engine/hint.h"
#include "engine/level_elo.h"
#include "engine/level_player.h"
#include "engine/levels.h"
#include "engine/registry.h"
#include "engine_test_util.h"

namespace qi::engine::test {
namespace {

// The handicaps of a game (engine/handicap.h), by the game's name.
std::unique_ptr<Game> game_named(const char* name, const char* variant = "") {
  return make_game(name, variant).value();
}
std::vector<std::string> handicaps_of(const char* name) { return handicap_names(*game_named(name)); }
Expected<std::string> handicap(const char* name, const char* variant, std::string_view h, Side giver) {
  return handicap_fen(*game_named(name, variant), h, giver);
}
// With the handicap's customary giver.
std::optional<std::string> handicap(const char* name, const char* variant, std::string_view h) {
  return handicap_fen(*game_named(name, variant), h);
}

TEST(Levels, WeakerLevelsSearchLessAndChooseMoreFreely) {
  for (int l = 2; l <= 10; ++l) {
    LevelPolicy weaker = level_policy(l - 1), stronger = level_policy(l);
    EXPECT_GE(weaker.temperature, stronger.temperature);
    if (stronger.max_nodes) {
      EXPECT_LT(weaker.max_nodes, stronger.max_nodes);
    }
  }
  EXPECT_EQ(level_policy(10).temperature, 0);
  EXPECT_EQ(level_policy(10).max_nodes, 0u);
}

TEST(Levels, ChoiceNeverThrowsAwayAForcedWin) {
  LevelPolicy p = level_policy(1);
  for (double r : {0.0, 0.3, 0.6, 0.99}) EXPECT_EQ(choose_line({mate_in(3), 200, 150}, p, r), 0);
}

TEST(Levels, ChoiceNeverWalksIntoAMateTheBestLineAvoids) {
  LevelPolicy p = level_policy(1);
  for (double r : {0.0, 0.5, 0.99}) EXPECT_NE(choose_line({10, 5, mated_in(4)}, p, r), 2);
}

TEST(Levels, ChoiceAmongCloseMovesUsesTheRandomNumber) {
  LevelPolicy p = level_policy(1);
  EXPECT_EQ(choose_line({20, 18, 15}, p, 0.0), 0);
  EXPECT_EQ(choose_line({20, 18, 15}, p, 0.999), 2);
  EXPECT_EQ(choose_line({20, 18, 15}, level_policy(10), 0.999), 0);
}

TEST(Levels, EloMapsToTheNearestLevelOfTheGamesTable) {
  for (const char* game : {"chess", "xiangqi", "checkers"}) {
    for (int level = 1; level <= 10; ++level)
      EXPECT_EQ(level_for_elo(game, elo_of_level(game, level).value()).value(), level);
    EXPECT_EQ(level_for_elo(game, 100).value(), 1);
    EXPECT_EQ(level_for_elo(game, 5000).value(), 10);
  }
}

// A game's levels are rated by the table its registration measured, else by
// none: never by another game's.
TEST(Levels, EachGamesEloTableIsItsRegistrationsOwn) {
  for (const GameRegistration* g : registered_games()) {
    const std::string name = g->descriptor().name;
    EXPECT_EQ(level_table(name), g->levels) << name;
    EXPECT_EQ(elo_of_level(name, 5).has_value(), g->levels != nullptr) << name;
    if (g->levels) EXPECT_EQ(g->levels->game, name) << "a table measured in another game";
  }
}

// The test-only pawn race has measured nothing: its levels carry no Elo, and
// asking for a level by Elo says so.
TEST(Levels, PawnRaceLevelsCarryNoElo) {
  ASSERT_NE(find_game("pawnrace"), nullptr);
  EXPECT_EQ(level_table("pawnrace"), nullptr);
  EXPECT_FALSE(elo_of_level("pawnrace", 5).has_value());
  EXPECT_FALSE(level_for_elo("pawnrace", 1500).has_value());
}

TEST(Levels, EveryLevelPlaysALegalMoveInEveryGame) {
  for (const char* name : {"chess", "xiangqi", "checkers", "tictactoe"}) {
    auto game = make_game(name);
    ASSERT_TRUE(game.has_value());
    for (int level : {1, 5, 10}) {
      LevelPlayer player(level, 1);
      SearchLimits limits;
      limits.nodes = 2000;
      Expected<std::string> move = player.choose(**game, limits);
      ASSERT_TRUE(move.has_value()) << name;
      EXPECT_TRUE((*game)->parse_move(*move).has_value()) << name << ' ' << *move;
    }
  }
}

TEST(Handicaps, EveryNamedStartIsAValidPosition) {
  for (const char* name : {"chess", "xiangqi", "checkers", "tictactoe"})
    for (const std::string& h : handicaps_of(name)) {
      auto fen = handicap(name, "", h);
      ASSERT_TRUE(fen.has_value()) << name << ' ' << h;
      auto game = make_game(name);
      ASSERT_TRUE(game.has_value());
      EXPECT_TRUE((*game)->set_fen(*fen).has_value()) << name << ' ' << h << ": " << *fen;
    }
}

TEST(Handicaps, EveryHandicapCanBeGivenByEitherSide) {
  for (const char* name : {"chess", "xiangqi", "checkers"})
    for (const char* variant : {"", "international"}) {
      if (std::string(name) != "checkers" && *variant) continue;
      for (const std::string& h : handicaps_of(name))
        for (Side giver : {Side::First, Side::Second}) {
          auto fen = handicap(name, variant, h, giver);
          ASSERT_TRUE(fen.has_value()) << name << ' ' << h << ": " << fen.error().message;
          auto game = make_game(name, variant);
          ASSERT_TRUE((*game)->set_fen(*fen).has_value()) << name << ' ' << h << ": " << *fen;
          EXPECT_EQ((*game)->side_to_move(), Side::First) << "the usual first mover starts";
          EXPECT_NE(*fen, (*game)->start_fen());
        }
    }
}

TEST(Handicaps, TheGiverLosesThePiecesNotTheOpponent) {
  EXPECT_EQ(*handicap("chess", "", "queen", Side::First),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
  EXPECT_EQ(*handicap("chess", "", "queen", Side::Second),
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  // The queen's rook goes with its castling right.
  EXPECT_EQ(*handicap("chess", "", "rook", Side::Second),
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1");
  // Xiangqi: the horse on the giver's left (Black's left is the i-file side).
  EXPECT_EQ(*handicap("xiangqi", "", "one_horse", Side::First),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1");
  EXPECT_EQ(*handicap("xiangqi", "", "让车马", Side::Second),
            "rnbakab2/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  // English checkers: White (second) gives a man from its front row.
  EXPECT_EQ(*handicap("checkers", "english", "one_man", Side::Second), "B:W22-32:B1-12");
  EXPECT_EQ(*handicap("checkers", "english", "two_men", Side::First), "B:W21-32:B1-10");
  EXPECT_FALSE(handicap("tictactoe", "", "no_centre", Side::First).has_value());
  EXPECT_FALSE(handicap("xiangqi", "", "horse", Side::First).has_value());
}

TEST(Handicaps, ChessPawnAndMoveRemovesF7) {
  EXPECT_EQ(*handicap("chess", "", "pawn"), "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(handicap("xiangqi", "", "让双马"), handicap("xiangqi", "", "two_horses"));
  EXPECT_FALSE(handicap("chess", "", "bishop").has_value());
}

TEST(Handicaps, UsableAsAStartPositionInTheEngine) {
  Engine engine;
  ASSERT_TRUE(engine.set_position("queen", {"e2e4"}).has_value());
  EXPECT_EQ(engine.game().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 1");
}

TEST(Handicaps, TictactoeEngineKeepsOutOfTheCentreOnItsFirstMove) {
  auto game = make_game("tictactoe");
  ASSERT_TRUE(game.has_value());
  for (const char* first : {"a1", "a2", "c3"}) {
    (*game)->reset();
    ASSERT_TRUE((*game)->play(first).has_value());
    LevelPlayer player(10, 1);
    player.set_handicap("no_centre");
    Expected<std::string> move = player.choose(**game);
    ASSERT_TRUE(move.has_value());
    EXPECT_NE(*move, "b2");
  }
}

TEST(Hints, MateIsExplainedAsMate) {
  auto engine = engine_for("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  Hint h = hint(*engine, 4);
  EXPECT_EQ(h.move, "a1a8");
  EXPECT_EQ(h.kind, "mate");
  EXPECT_EQ(h.facts.mate_in, 1);
  EXPECT_EQ(h.reason, "checkmate");
  EXPECT_EQ(h.move_display, "Ra8#");
}

TEST(Hints, TheOnlyMoveIsSaidToBeOne) {
  auto engine = engine_for("chess", "7k/8/8/8/8/8/6q1/7K w - - 0 1");
  Hint h = hint(*engine, 4);
  EXPECT_EQ(h.kind, "only_move");
}

TEST(Hints, WinningMaterialIsNamed) {
  auto engine = engine_for("chess", "r1bqkb1r/pppp1ppp/5n2/4n3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4");
  Hint h = hint(*engine, 6);
  EXPECT_EQ(h.move, "f3e5");
  EXPECT_EQ(h.kind, "wins_material");
  EXPECT_EQ(h.facts.captured, std::vector<std::string>{"n"});  // Black's knight
  EXPECT_EQ(h.words.en, "wins material: it takes a knight");
  EXPECT_FALSE(h.words.zh.empty());
  EXPECT_GE(h.facts.gain, 300);
}

TEST(Hints, AThreatIsStopped) {
  // Black's pawn on d5 attacks White's knight on e4, which cannot take
  // anything: the hint is to move it away.
  auto engine = engine_for("chess", "rnbqkbnr/ppp1pppp/8/3p4/4N3/8/PPPPPPPP/R1BQKBNR w KQkq - 0 2");
  Hint h = hint(*engine, 6);
  EXPECT_EQ(h.kind, "stops_threat") << h.move << ' ' << h.reason;
  // The threat is Black's pawn taking the knight, written for people.
  EXPECT_EQ(h.facts.threat, "d5e4");
  EXPECT_EQ(h.facts.threat_display, "dxe4");
}

TEST(Hints, TictactoeNamesTheRuleOfThumb) {
  auto engine = engine_for("tictactoe", "x../.o./... x");
  // X holds a3, O the centre; X to move.
  Hint h = hint(*engine, 9);
  EXPECT_EQ(h.kind, "note");
  EXPECT_FALSE(h.reason.empty());
  EXPECT_FALSE(h.words.zh.empty());
  auto block = engine_for("tictactoe", "oo./x../x.. x");
  Hint b = hint(*block, 9);
  EXPECT_EQ(b.move, "c3");
  EXPECT_EQ(b.kind, "note");
  EXPECT_EQ(b.facts.note, "block");
}

}  // namespace
}  // namespace qi::engine::test

namespace qi::engine::test {
namespace {

TEST(LevelPlayer, FollowsTheGameMoveByMoveAndAfterTakebacks) {
  for (const char* name : {"chess", "xiangqi", "checkers"}) {
    auto game = make_game(name);
    ASSERT_TRUE(game.has_value());
    LevelPlayer player(3, 1);
    for (int ply = 0; ply < 12 && !(*game)->outcome().over(); ++ply) {
      Expected<std::string> move = player.choose(**game);
      ASSERT_TRUE(move.has_value()) << name;
      ASSERT_TRUE((*game)->play(*move).has_value()) << name << ' ' << *move;
      if (ply == 7) {
        // A takeback: the player must notice and set the position again.
        ASSERT_TRUE((*game)->undo());
        ASSERT_TRUE((*game)->undo());
      }
    }
    EXPECT_GT((*game)->moves_played().size(), 4u);
  }
}

TEST(LevelPlayer, KeepsTheSearchBehindItsMoveForTheRecord) {
  // Mate in one for White: the arena's record says "+M1".
  auto game = make_game("chess");
  ASSERT_TRUE(game.has_value());
  ASSERT_TRUE((*game)->set_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
  LevelPlayer player(10, 1);
  SearchLimits limits;
  limits.depth = 4;
  Expected<std::string> move = player.choose(**game, limits);
  ASSERT_TRUE(move.has_value());
  EXPECT_EQ(*move, player.last_search().best);
  EXPECT_EQ(*move, "a1a8");
  EXPECT_GT(player.last_search().depth, 0);
  EXPECT_EQ(player.last_search().score, mate_in(1));
}

}  // namespace
}  // namespace qi::engine::test
