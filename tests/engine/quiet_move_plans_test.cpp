// Hints in quiet positions name their plan: the piece, what it develops,
// controls, attacks, opens or prepares, in English and Chinese, from facts
// each game's planner (src/engine/games/<game>/plan.cpp) computes.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/hint.h"
#include "engine/plan.h"
#include "engine/registry.h"

namespace qi::engine {
namespace {

std::unique_ptr<Game> game_after(const std::string& name, const std::vector<std::string>& moves,
                                 const std::string& fen = {}, const std::string& variant = {}) {
  auto g = std::move(make_game(name, variant).value());
  if (!fen.empty()) {
    EXPECT_TRUE(g->set_fen(fen));
  }
  for (const std::string& m : moves) EXPECT_TRUE(g->play(m)) << m;
  return g;
}

const PlanAim* aim(const PlanFacts& p, const std::string& id) {
  for (const PlanAim& a : p.aims)
    if (a.id == id) return &a;
  return nullptr;
}

std::string ids(const PlanFacts& p) {
  std::string out;
  for (const PlanAim& a : p.aims) out += a.id + " ";
  return out;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

void expect_names_piece(const Hint& h) {
  ASSERT_FALSE(h.facts.plan.piece.empty()) << h.words.en;
  EXPECT_TRUE(contains(h.words.en, h.facts.plan.piece_name.en)) << h.words.en;
  EXPECT_TRUE(contains(h.words.zh, h.facts.plan.piece_name.zh)) << h.words.zh;
  EXPECT_FALSE(contains(h.words.en, "the best plan here")) << h.words.en;
  EXPECT_FALSE(contains(h.words.zh, "此处最好的计划")) << h.words.zh;
}

Hint engine_hint(const std::string& name, const std::vector<std::string>& moves = {}, int depth = 6) {
  Engine e;
  EXPECT_TRUE(e.set_game(name));
  EXPECT_TRUE(e.set_position("", moves));
  return hint(e, depth);
}

TEST(QuietMovePlans, ChessStartHintIsADevelopingOrCentreMoveInWords) {
  const Hint h = engine_hint("chess");
  ASSERT_EQ(h.kind, "positional") << h.words.en;
  expect_names_piece(h);
  EXPECT_TRUE(aim(h.facts.plan, "centre") || aim(h.facts.plan, "develops")) << ids(h.facts.plan);
}

TEST(QuietMovePlans, ChessKnightOutDevelopsAndControlsTheCentre) {
  auto g = game_after("chess", {});
  const PlanFacts p = plan_of(*g, "g1f3").value();
  EXPECT_EQ(p.piece, "N");
  EXPECT_EQ(p.piece_name.zh, "马");
  ASSERT_TRUE(aim(p, "develops")) << ids(p);
  EXPECT_EQ(aim(p, "develops")->words.zh, "出子：马从g1出动到f3");
  ASSERT_TRUE(aim(p, "centre")) << ids(p);
  EXPECT_EQ(aim(p, "centre")->squares, (std::vector<std::string>{"d4", "e5"}));
  const Words w = plan_words(p);
  EXPECT_TRUE(contains(w.en, "develops the knight")) << w.en;
  EXPECT_TRUE(contains(w.zh, "控制中心")) << w.zh;
}

TEST(QuietMovePlans, ChessKingsPawnTakesTheCentreAndOpensTheBishopsLine) {
  auto g = game_after("chess", {});
  const PlanFacts p = plan_of(*g, "e2e4").value();
  ASSERT_TRUE(aim(p, "centre")) << ids(p);
  ASSERT_TRUE(aim(p, "opens_line")) << ids(p);
  EXPECT_EQ(aim(p, "opens_line")->squares, std::vector<std::string>{"f1"});
}

TEST(QuietMovePlans, ChessBishopToC4AimsAtF7) {
  auto g = game_after("chess", {"e4", "e5", "Nf3", "Nc6"});
  const PlanFacts p = plan_of(*g, "f1c4").value();
  EXPECT_TRUE(aim(p, "develops")) << ids(p);
  ASSERT_TRUE(aim(p, "weak_point")) << ids(p);
  EXPECT_EQ(aim(p, "weak_point")->squares, std::vector<std::string>{"f7"});
  EXPECT_TRUE(contains(aim(p, "weak_point")->words.zh, "弱点"));
}

TEST(QuietMovePlans, ChessCastlingBringsTheKingToSafetyAndTheBishopMovePreparesIt) {
  auto g = game_after("chess", {"e4", "e5", "Nf3", "Nc6"});
  const PlanFacts bishop = plan_of(*g, "f1c4").value();
  EXPECT_TRUE(aim(bishop, "prepares_castling")) << ids(bishop);
  auto h = game_after("chess", {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"});
  const PlanFacts castles = plan_of(*h, "e1g1").value();
  ASSERT_TRUE(aim(castles, "castles")) << ids(castles);
  EXPECT_TRUE(contains(plan_words(castles).zh, "王车易位"));
  EXPECT_TRUE(contains(plan_words(castles).en, "king"));
}

TEST(QuietMovePlans, XiangqiStartHintNamesItsPlanInBothLanguages) {
  const Hint h = engine_hint("xiangqi");
  ASSERT_EQ(h.kind, "positional") << h.words.en;
  expect_names_piece(h);
  EXPECT_TRUE(aim(h.facts.plan, "central_cannon") || aim(h.facts.plan, "develops") ||
              aim(h.facts.plan, "clears_path") || aim(h.facts.plan, "guards_palace") ||
              aim(h.facts.plan, "advances"))
      << ids(h.facts.plan);
}

TEST(QuietMovePlans, XiangqiCentralCannonAimsAtTheCentreSoldier) {
  auto g = game_after("xiangqi", {});
  const PlanFacts p = plan_of(*g, "h2e2").value();  // 炮二平五
  EXPECT_EQ(p.piece_name.zh, "炮");
  const PlanAim* a = aim(p, "central_cannon");
  ASSERT_TRUE(a) << ids(p);
  EXPECT_EQ(a->squares, (std::vector<std::string>{"e2", "e6"}));
  EXPECT_EQ(a->piece, "p");
  EXPECT_EQ(a->words.zh, "架中炮，瞄准e6的卒");
}

TEST(QuietMovePlans, XiangqiHorseOutOpensTheChariotsWayAndTheChariotComesOut) {
  auto g = game_after("xiangqi", {});
  const PlanFacts horse = plan_of(*g, "h0g2").value();  // 马二进三
  EXPECT_TRUE(aim(horse, "develops")) << ids(horse);
  ASSERT_TRUE(aim(horse, "opens_line")) << ids(horse);
  EXPECT_EQ(aim(horse, "opens_line")->squares, std::vector<std::string>{"i0"});
  auto h = game_after("xiangqi", {"h0g2", "h9g7"});
  const PlanFacts chariot = plan_of(*h, "i0h0").value();  // 车一平二
  ASSERT_TRUE(aim(chariot, "develops")) << ids(chariot);
  EXPECT_EQ(aim(chariot, "develops")->words.zh, "出车");
  EXPECT_TRUE(aim(chariot, "open_file")) << ids(chariot);
}

TEST(QuietMovePlans, XiangqiSoldierCrossesTheRiverAndFreesTheHorse) {
  auto g = game_after("xiangqi", {"h0g2", "a6a5", "g3g4", "a5a4"});
  const PlanFacts across = plan_of(*g, "g4g5").value();
  ASSERT_TRUE(aim(across, "crosses_river")) << ids(across);
  EXPECT_EQ(aim(across, "crosses_river")->words.zh, "兵过河，可以横走了");
  auto h = game_after("xiangqi", {"h0g2", "a6a5"});
  const PlanFacts frees = plan_of(*h, "g3g4").value();
  ASSERT_TRUE(aim(frees, "frees_horse")) << ids(frees);
  EXPECT_EQ(aim(frees, "frees_horse")->squares, std::vector<std::string>{"g2"});
}

TEST(QuietMovePlans, XiangqiBlacksPiecesAreCalledByBlacksNames) {
  auto g = game_after("xiangqi", {"h2e2"});
  const PlanFacts p = plan_of(*g, "g6g5").value();  // 卒7进1
  EXPECT_EQ(p.piece_name.zh, "卒");
  EXPECT_TRUE(contains(plan_words(p).zh, "卒"));
}

TEST(QuietMovePlans, CheckersStartHintNamesTheManAndItsSquare) {
  const Hint h = engine_hint("checkers");
  ASSERT_EQ(h.kind, "positional") << h.words.en;
  expect_names_piece(h);
  EXPECT_EQ(h.facts.plan.piece_name.zh, "兵");
}

TEST(QuietMovePlans, CheckersManCrownsAndABackerProtects) {
  auto g = game_after("checkers", {}, "W:W6:B12");
  const PlanFacts p = plan_of(*g, "6-2").value();
  ASSERT_TRUE(aim(p, "crowns")) << ids(p);
  EXPECT_TRUE(contains(plan_words(p).zh, "成王"));
  auto h = game_after("checkers", {"11-15", "23-19"});
  const PlanFacts backer = plan_of(*h, "8-11").value();
  ASSERT_TRUE(aim(backer, "backs_up")) << ids(backer);
  EXPECT_EQ(aim(backer, "backs_up")->squares, std::vector<std::string>{"15"});
}

TEST(QuietMovePlans, CheckersOfferedExchangeIsNamed) {
  // After 11-15, White's 22-18 offers the Single Corner exchange: Black
  // must take 15x22 and White takes back.
  auto g = game_after("checkers", {"11-15"});
  const PlanFacts p = plan_of(*g, "22-18").value();
  ASSERT_TRUE(aim(p, "exchange")) << ids(p);
  EXPECT_TRUE(contains(plan_words(p).zh, "兑子"));
}

TEST(QuietMovePlans, APlacingMoveNamesThePiecePlaced) {
  auto g = game_after("tictactoe", {});
  const PlanFacts p = plan_of(*g, "b2").value();
  EXPECT_NE(p.piece, "?");
  EXPECT_EQ(p.from, "b2");
  EXPECT_EQ(p.to, "b2");
  ASSERT_TRUE(aim(p, "places")) << ids(p);
  EXPECT_TRUE(contains(plan_words(p).en, p.piece_name.en));
}

// In every registered game (the test-only pawn race too, which has no
// planner of its own), a positional hint names its piece and is never the
// old "the best plan here".
TEST(QuietMovePlans, NoQuietHintIsTheOldVagueTextInAnyGame) {
  for (const GameRegistration* r : registered_games())
    for (const VariantDescriptor& v : r->descriptor().variants) {
      Engine e;
      ASSERT_TRUE(e.set_game(r->descriptor().name, v.name));
      std::vector<std::string> moves;
      int positional = 0;
      for (int ply = 0; ply < 6 && !e.game().outcome().over(); ++ply) {
        const Hint h = hint(e, 3);
        SCOPED_TRACE(r->descriptor().name + " " + v.name + " ply " + std::to_string(ply) + ": " + h.words.en);
        EXPECT_FALSE(contains(h.words.en, "the best plan here"));
        EXPECT_FALSE(contains(h.words.zh, "此处最好的计划"));
        if (h.kind == "positional") {
          ++positional;
          expect_names_piece(h);
          EXPECT_FALSE(h.facts.plan.aims.empty());
        }
        moves.push_back(h.move);
        ASSERT_TRUE(e.set_position("", moves));
      }
      if (r->descriptor().name != "tictactoe") {
        EXPECT_GT(positional, 0) << r->descriptor().name;
      }
    }
}

}  // namespace
}  // namespace qi::engine
